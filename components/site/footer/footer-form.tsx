'use client';

import { toast } from '@/lib/toast';
// buttonVariants, not <Button>: the Button component pulls Radix Slot into this client island.
import { buttonVariants } from '@/components/ui/button-variants';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';
// Native controls with the primitives' classes: the primitives' cn() would pull tailwind-merge in.
import { fieldClasses } from '@/components/ui/field-classes';
import { Field } from '../forms/field';

const inputClass = `${fieldClasses} h-10`;
const textareaClass = `${fieldClasses} min-h-20 py-2 leading-relaxed`;

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
          <input className={inputClass} id="footer-name" name="name" autoComplete="name" required />
        </Field>
        <Field id="footer-email" label="Email" required>
          <input className={inputClass} id="footer-email" name="email" type="email" autoComplete="email" required />
        </Field>
      </div>
      <Field id="footer-message" label="Message" required>
        <textarea id="footer-message" name="message" rows={5} required className={textareaClass} />
      </Field>
      <div className="flex items-start gap-3">
        <input type="checkbox" id="footer-subscribe" name="subscribe" defaultChecked={false} className="mt-0.5 size-5 shrink-0 accent-wash" />
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
