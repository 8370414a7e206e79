'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/lib/toast';
// buttonVariants, not <Button>: the Button component pulls Radix Slot and tailwind-merge into
// this client island (about 10 KB gzipped).
import { buttonVariants } from '@/components/ui/button-variants';

/**
 * Purchase is enquiry-only for now: the placeholder toast (docs/product.md, Artwork page). The
 * toast offers the contact page with this artwork already in the subject (`contactHref`, made on
 * the server).
 */
export function EnquireButton({ contactHref }: { contactHref: string }) {
  const router = useRouter();
  return (
    <button
      type="button"
      data-insight="enquiry"
      className={`${buttonVariants()} btn-wide`}
      onClick={() =>
        toast('Purchase Feature Coming Soon', {
          description: 'Please use the contact page to enquire about this painting.',
          action: { label: 'Contact Me', onClick: () => router.push(contactHref) },
        })
      }
    >
      Enquire to Purchase
    </button>
  );
}
