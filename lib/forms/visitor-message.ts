import * as z from 'zod/mini';
import { SUBJECT_MAX_LENGTH } from './contact-link';

/**
 * The rules of the public contact and footer forms. zod/mini, loaded by the forms with import()
 * when first needed (a submit, a ?subject= to read): no page's first JavaScript grows for it.
 */

// No eval under the site's CSP: zod probes for it on its first object parse (see lib/zod.ts).
z.config({ jitless: true });

export const MISSING_INFORMATION = {
  title: 'Missing Information',
  description: 'Please fill in all required fields before sending your message.',
} as const;

export const INVALID_EMAIL = {
  title: 'Invalid Email Address',
  description: 'Please check the email address: it should look like name@example.com.',
  /** Shown under the field, and read with it (aria-describedby). */
  hint: 'Enter an email address such as name@example.com.',
} as const;

const emailAddress = z.email();

/** Whether a (trimmed) value is an email address a reply could reach. */
export function isEmailAddress(value: string): boolean {
  return z.safeParse(emailAddress, value.trim()).success;
}

// Control characters (a NUL, line breaks, tabs) and runs of spaces become one space.
const subjectText = z.pipe(
  z.string(),
  z.transform((raw) =>
    raw
      .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
      .trim()
      .slice(0, SUBJECT_MAX_LENGTH),
  ),
);

/** A subject taken from the address (?subject=): plain text, one line, bounded; '' if none. */
export function subjectFromQuery(raw: unknown): string {
  const parsed = z.safeParse(subjectText, raw);
  return parsed.success ? parsed.data : '';
}

export type MessageCheck =
  { ok: true } | { ok: false; reason: 'missing'; fields: string[] } | { ok: false; reason: 'email' };

/** Checks a form's required fields, then its email address. */
export function checkMessage(data: FormData, required: readonly string[]): MessageCheck {
  const fields = required.filter((name) => !String(data.get(name) ?? '').trim());
  if (fields.length > 0) return { ok: false, reason: 'missing', fields };
  if (!isEmailAddress(String(data.get('email') ?? ''))) return { ok: false, reason: 'email' };
  return { ok: true };
}
