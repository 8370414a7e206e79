'use client';

import { toast } from 'sonner';
// buttonVariants, not <Button>: the Button component pulls Radix Slot into this client island.
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Field } from '../forms/field';

/**
 * The footer's message form is for display only (spec §4): a valid submit sends nothing, shows
 * the notice and resets, which also unticks subscribe (its default).
 */
export function FooterForm() {
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    toast('🚧 Feature Inactive', {
      description: 'This contact form is currently for display only. Functionality can be added on request!',
    });
    event.currentTarget.reset();
  }

  return (
    <form onSubmit={onSubmit} aria-label="Send a message" className="flex flex-col gap-4 text-ink">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="footer-name" label="Name" required>
          <Input id="footer-name" name="name" autoComplete="name" required />
        </Field>
        <Field id="footer-email" label="Email" required>
          <Input id="footer-email" name="email" type="email" autoComplete="email" required />
        </Field>
      </div>
      <Field id="footer-message" label="Message" required>
        <Textarea id="footer-message" name="message" rows={5} required className="min-h-20" />
      </Field>
      <div className="flex items-start gap-3">
        <Checkbox id="footer-subscribe" name="subscribe" defaultChecked={false} className="mt-0.5" />
        <label htmlFor="footer-subscribe" className="text-sm">
          Subscribe to my newsletter for updates on new art and exhibitions.
        </label>
      </div>
      <button type="submit" className={cn(buttonVariants(), 'self-start')}>
        Send Message
      </button>
    </form>
  );
}
