import { SUBJECT_MAX_LENGTH } from '@/lib/forms/client';

/**
 * The message forms' contract with the send route (docs/product.md, Message forms), without zod:
 * the forms render these names and limits, the route's rules (lib/messages/rules.ts) check them.
 */
export const MESSAGE_LIMITS = { name: 100, email: 254, subject: SUBJECT_MAX_LENGTH, body: 5000 } as const;

/** The honeypot: a field people never see or fill (hidden from sight and from assistive tech). */
export const HONEYPOT_FIELD = 'website';
/** The signed time the form was shown (lib/messages/form-token.ts). */
export const FORM_TOKEN_FIELD = 'form_token';

/**
 * The attributes of a message form that sends: a plain POST to the send route, so a message sent
 * before the page is ready, or without scripts, is delivered too. Handed to the form by the
 * server (a prop), so the form's own code does not grow for it.
 */
export const SEND_FORM = { method: 'post', action: '/api/messages' } as const;
export type SendForm = typeof SEND_FORM;
