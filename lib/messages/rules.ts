import { z } from 'zod';
import { subjectFromQuery } from '@/lib/forms/client';
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, MESSAGE_LIMITS } from './fields';

/**
 * What a visitor's message must be (docs/product.md, Message forms), checked on the server whatever
 * the browser did: the forms' own checks (lib/forms/visitor-message.ts) only spare a round trip.
 * The limits (lib/messages/fields.ts) are the table's (migration messages).
 */
/** The subscribe box's words, kept with each subscriber as what they agreed to. */
export const SUBSCRIBE_CONSENT = 'Subscribe to my newsletter for updates on new art and exhibitions.';

/** A send sooner than this after the form was shown is suspect (never more is required). */
export const MIN_FILL_MS = 3_000;
/** More links than this in a message is suspect. */
export const MAX_LINKS = 2;
/** Per network address: at most this many messages in the window; the next is refused. */
export const SENDER_LIMIT = { messages: 5, windowMs: 10 * 60_000 } as const;
/** Site-wide: past this many messages in an hour, new ones are held as spam. */
export const SITE_HOURLY_CEILING = 60;
/** Spam is pruned after this long. */
export const SPAM_RETENTION_DAYS = 30;

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);
const required = (max: number) => text(max).min(1, 'Please fill in all required fields before sending your message.');

/** Form data as sent (every value a string; a ticked checkbox is 'on'). */
export const visitorMessageSchema = z.object({
  form: z.enum(['contact', 'footer']),
  name: required(MESSAGE_LIMITS.name),
  email: required(MESSAGE_LIMITS.email).pipe(
    z.email('Please check the email address: it should look like name@example.com.'),
  ),
  // One line, as a subject from an enquiry link is made (control characters and line breaks become spaces).
  subject: text(MESSAGE_LIMITS.subject)
    .optional()
    .transform((value) => subjectFromQuery(value ?? '')),
  message: required(MESSAGE_LIMITS.body),
  subscribe: z
    .string()
    .optional()
    .transform((value) => value === 'on' || value === 'true'),
  // An enquiry's painting; anything that is not an id is ignored, not refused.
  artwork: z
    .string()
    .optional()
    .transform((value) => (value && z.uuid().safeParse(value).success ? value : null)),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  [FORM_TOKEN_FIELD]: z.string().max(200).optional(),
});

export type VisitorMessage = z.output<typeof visitorMessageSchema>;

export type SpamReason = 'honeypot' | 'too-fast' | 'bad-token' | 'links' | 'ceiling';

/** The links a message carries: web addresses and bare domains with a path or www. */
export function countLinks(value: string): number {
  return value.match(/\bhttps?:\/\/|\bwww\.[^\s.]+\.[a-z]{2,}/gi)?.length ?? 0;
}

/**
 * Why a message looks like spam, or null. `shownAt` is when the form was shown (a verified
 * token), undefined when the send carried none (scripts off, or sent before the page was
 * ready: never held against it), null when the token did not verify.
 */
export function spamReason(
  message: Pick<VisitorMessage, 'message' | 'subject' | 'name' | typeof HONEYPOT_FIELD>,
  shownAt: number | null | undefined,
  now: number,
): SpamReason | null {
  if (message[HONEYPOT_FIELD]?.trim()) return 'honeypot';
  if (shownAt === null) return 'bad-token';
  if (shownAt !== undefined && now - shownAt < MIN_FILL_MS) return 'too-fast';
  if (countLinks(`${message.name} ${message.subject} ${message.message}`) > MAX_LINKS) return 'links';
  return null;
}
