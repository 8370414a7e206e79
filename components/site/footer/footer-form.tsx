'use client';

import { useState } from 'react';
import { toast } from '@/lib/toast';
// buttonVariants, not <Button>: the Button component pulls Radix Slot into this client island.
import { buttonVariants } from '@/components/ui/button-variants';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';
import { Field, fieldErrorId, NO_PROBLEMS, type FormProblems } from '../forms/field';
import type { SendForm } from '@/lib/messages/fields';

const REQUIRED = ['name', 'email', 'message'] as const;
const NOTICE = 'footer-form';
// The checks (and, for a form that sends, the sending) load when first needed: the footer is on
// every page, few visitors use it.
const checks = () => import('../forms/check-message-form');

// Native controls with the public .field-input class: the primitives' cn() would pull tailwind-merge in.
const inputClass = 'field-input h-10';
const textareaClass = 'field-input min-h-20 py-2 leading-relaxed';

/**
 * The footer's message form is for display only (docs/product.md, Message forms): a valid submit
 * sends nothing, shows the notice and resets, which also unticks subscribe (its default). Checked
 * like the contact form (noValidate): 'Missing Information' for empty fields, a message of its own
 * for a malformed address. While the owner receives messages (docs/product.md, Messages) the server
 * hands it `sending` (the form's POST to the send route) and its hidden fields (`children`): it
 * then sends instead, subscribe included, and asks for its signed "shown at" time when first
 * focused.
 */
export function FooterForm({ sending, children }: { sending?: SendForm; children?: React.ReactNode }) {
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { checkMessageForm, sendMessageForm } = await checks();
    const found = await checkMessageForm(form, REQUIRED, NOTICE);
    setProblems(found ?? NO_PROBLEMS);
    if (found) return;
    if (sending) return void sendMessageForm(form, NOTICE);
    toast('🚧 Feature Inactive', {
      id: NOTICE,
      description: 'This contact form is currently for display only. Functionality can be added on request!',
    });
    form.reset();
  }

  function requestToken(event: React.FocusEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    void checks().then((code) => code.requestFormToken(form));
  }

  const invalid = (name: string) =>
    problems.missing.includes(name) || (name === 'email' && problems.emailHint) ? true : undefined;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Send a message"
      className="flex flex-col gap-4 text-ink"
      {...sending}
      onFocus={sending && requestToken}
    >
      {children}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="footer-name" label="Name" required>
          <input
            className={inputClass}
            id="footer-name"
            name="name"
            autoComplete="name"
            required
            aria-invalid={invalid('name')}
          />
        </Field>
        <Field id="footer-email" label="Email" required error={problems.emailHint}>
          <input
            className={inputClass}
            id="footer-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={invalid('email')}
            aria-describedby={problems.emailHint ? fieldErrorId('footer-email') : undefined}
          />
        </Field>
      </div>
      <Field id="footer-message" label="Message" required>
        <textarea
          id="footer-message"
          name="message"
          rows={5}
          required
          aria-invalid={invalid('message')}
          className={textareaClass}
        />
      </Field>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          id="footer-subscribe"
          name="subscribe"
          defaultChecked={false}
          className="mt-0.5 size-5 shrink-0 accent-wash"
        />
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
