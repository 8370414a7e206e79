import Link from 'next/link';
import { ExternalLink } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';

/**
 * The artwork's public page, from the admin (Manage table and Edit page). Not prefetched: a
 * Manage page of 24 rows would otherwise render 24 public pages nobody asked for.
 */
export function ViewOnSiteLink({ path, title, size }: { path: string; title: string; size?: 'sm' }) {
  return (
    <Link
      href={path}
      prefetch={false}
      className={buttonVariants({ variant: 'secondary', size })}
      aria-label={`View on site: ${title}`}
    >
      <ExternalLink aria-hidden className="size-4" /> View on site
    </Link>
  );
}
