'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';

/** A server page's load failure, told the client way: a toast, then off to another page. */
export function RedirectWithToast({ title, description, href }: { title: string; description: string; href: string }) {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.error(title, { id: `${title}:${description}`, description });
    router.replace(href);
  }, [title, description, href, router]);
  return (
    <p role="alert" className="py-16 text-center text-ink-soft">
      {title}: {description}
    </p>
  );
}

/** A failure toast for data that did not load, shown once beside an inline message. */
export function ToastOnMount({ title, description }: { title: string; description: string }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast.error(title, { id: `${title}:${description}`, description });
  }, [title, description]);
  return null;
}
