'use client';

import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { SUBJECT_MAX_LENGTH } from '@/lib/forms/contact-link';
// buttonVariants, not <Button>: the Button component pulls Radix Slot into this client island.
import { buttonVariants } from '@/components/ui/button-variants';
// clsx, not cn(): tailwind-merge would add ~7 KB to this client island; no classes here conflict.
import { clsx as cn } from 'clsx';
import { Field, fieldErrorId, NO_PROBLEMS, type FormProblems } from './field';
import type { SendForm } from '@/lib/messages/fields';

const REQUIRED = ['name', 'email', 'message'] as const;
const NOTICE = 'contact-form';
// The checks (and, for a form that sends, the sending) load on the first submit or focus.
const checks = () => import('./check-message-form');

// Native controls with the public .field-input class: the primitives' cn() would pull tailwind-merge in.
const inputClass = 'field-input h-10';
const textareaClass = 'field-input min-h-20 py-2 leading-relaxed';

/**
 * Display-only contact form (docs/product.md, Message forms). noValidate: the documented 'Missing
 * Information' notice replaces the browser's bubbles, and a malformed address gets a message of its
 * own. Nothing is sent; a complete form is acknowledged and cleared. `?subject=` (an artwork's
 * enquiry link) fills the subject in the browser: the page itself is the same cached HTML for
 * everyone. While the owner receives messages (docs/product.md, Messages) the server hands it
 * `sending` (the form's POST to the send route) and its hidden fields (`children`): it then sends
 * instead, and asks for its signed "shown at" time when first focused.
 */
export function ContactForm({ sending, children }: { sending?: SendForm; children?: React.ReactNode }) {
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const subject = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const raw = new URLSearchParams(window.location.search).get('subject');
    if (!raw) return;
    let current = true;
    void import('@/lib/forms/visitor-message').then(({ subjectFromQuery }) => {
      // Typed before the rules arrived: the visitor's words win.
      if (current && subject.current && !subject.current.value) subject.current.value = subjectFromQuery(raw);
    });
    return () => {
      current = false;
    };
  }, []);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { checkMessageForm, sendMessageForm } = await checks();
    const found = await checkMessageForm(form, REQUIRED, NOTICE);
    setProblems(found ?? NO_PROBLEMS);
    if (found) return;
    if (sending) return void sendMessageForm(form, NOTICE);
    toast('Contact Form Inactive', { id: NOTICE, description: 'This contact form is for display purposes only' });
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
      aria-label="Contact form"
      className="flex flex-col gap-5"
      {...sending}
      onFocus={sending && requestToken}
    >
      {children}
      <p className="text-sm text-ink-soft">
        Fields marked <span className="text-clay">*</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" required>
          <input
            className={inputClass}
            id="contact-name"
            name="name"
            autoComplete="name"
            required
            aria-invalid={invalid('name')}
          />
        </Field>
        <Field id="contact-email" label="Email" required error={problems.emailHint}>
          <input
            className={inputClass}
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={invalid('email')}
            aria-describedby={problems.emailHint ? fieldErrorId('contact-email') : undefined}
          />
        </Field>
      </div>
      <Field id="contact-subject" label="Subject">
        <input
          ref={subject}
          className={inputClass}
          id="contact-subject"
          name="subject"
          maxLength={SUBJECT_MAX_LENGTH}
        />
      </Field>
      <Field id="contact-message" label="Message" required>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          aria-invalid={invalid('message')}
          className={textareaClass}
        />
      </Field>
      <button type="submit" className={cn(buttonVariants(), 'self-start')}>
        Send Message
      </button>
    </form>
  );
}
