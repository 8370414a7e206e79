'use client';

import { useRouter } from 'next/navigation';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';

/**
 * Purchase is enquiry-only for now (spec §8 placeholder toast). The toast offers the contact
 * page with this artwork already in the subject (`contactHref`, made on the server).
 */
export function EnquireButton({ contactHref }: { contactHref: string }) {
  const router = useRouter();
  return (
    <Button
      type="button"
      className="w-full sm:w-auto"
      onClick={() =>
        toast('Purchase Feature Coming Soon', {
          description: 'Please use the contact page to enquire about this painting.',
          action: { label: 'Contact Me', onClick: () => router.push(contactHref) },
        })
      }
    >
      Enquire to Purchase
    </Button>
  );
}
