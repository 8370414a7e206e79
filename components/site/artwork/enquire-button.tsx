'use client';

import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';

/** Purchase is enquiry-only for now (spec §8 placeholder toast). */
export function EnquireButton() {
  return (
    <Button
      type="button"
      className="w-full sm:w-auto"
      onClick={() => toast('Purchase Feature Coming Soon', { description: 'Please use the contact page to enquire about this painting.' })}
    >
      Enquire to Purchase
    </Button>
  );
}
