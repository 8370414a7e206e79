'use client';

import { useState } from 'react';
import { toast } from '@/lib/toast';
// buttonVariants, not <Button>: the Button component pulls Radix Slot into this client island.
import { buttonVariants } from '@/components/ui/button-variants';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';
// Native controls with the primitives' classes: the primitives' cn() would pull tailwind-merge in.
import { fieldClasses } from '@/components/ui/field-classes';
import { Field } from './field';

const REQUIRED = ['name', 'email', 'message'] as const;
type RequiredField = (typeof REQUIRED)[number];

const inputClass = `${fieldClasses} h-10`;
const textareaClass = `${fieldClasses} min-h-20 py-2 leading-relaxed`;

/**
 * Display-only contact form (spec §5). noValidate: the spec's own 'Missing Information' notice
 * replaces the browser's bubbles. Nothing is sent; a complete form is acknowledged and cleared.
 */
export function ContactForm() {
  const [missing, setMissing] = useState<RequiredField[]>([]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const empty = REQUIRED.filter((name) => !String(data.get(name) ?? '').trim());
    setMissing(empty);
    if (empty.length > 0) {
      toast('Missing Information', { description: 'Please fill in all required fields before sending your message.' });
      form.querySelector<HTMLElement>(`[name="${empty[0]}"]`)?.focus();
      return;
    }
    toast('Contact Form Inactive', { description: 'This contact form is for display purposes only' });
    form.reset();
  }

  const invalid = (name: RequiredField) => (missing.includes(name) ? true : undefined);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="flex flex-col gap-5">
      <p className="text-sm text-ink-soft">
        Fields marked <span className="text-clay">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" required>
          <input className={inputClass} id="contact-name" name="name" autoComplete="name" required aria-invalid={invalid('name')} />
        </Field>
        <Field id="contact-email" label="Email" required>
          <input className={inputClass} id="contact-email" name="email" type="email" autoComplete="email" required aria-invalid={invalid('email')} />
        </Field>
      </div>
      <Field id="contact-subject" label="Subject">
        <input className={inputClass} id="contact-subject" name="subject" />
      </Field>
      <Field id="contact-message" label="Message" required>
        <textarea id="contact-message" name="message" rows={6} required aria-invalid={invalid('message')} className={textareaClass} />
      </Field>
      <button type="submit" className={cn(buttonVariants(), 'self-start')}>
        Send Message
      </button>
    </form>
  );
}
