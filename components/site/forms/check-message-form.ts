import { toast } from '@/lib/toast';

// Sending, for a form the owner receives messages from (docs/product.md, Message forms): loaded
// with the checks, which a form imports when first needed, so no page's first JavaScript carries
// either.
export { requestFormToken, sendMessageForm } from './send-message';
import type { FormProblems } from './field';

/**
 * Checks a public message form (contact page, footer) on submit: empty required fields get the
 * 'Missing Information' notice (docs/product.md, Message forms), a malformed address a message of
 * its own; either way a toast says so and the first field to fix takes the focus. The rules (zod)
 * load on the first submit, so no page's first JavaScript carries them. Answers null when the form
 * may be "sent". `toastId` is the form's one notice: a newer one replaces it rather than queueing
 * behind it.
 */
export async function checkMessageForm(
  form: HTMLFormElement,
  required: readonly string[],
  toastId: string,
): Promise<FormProblems | null> {
  const { checkMessage, INVALID_EMAIL, MISSING_INFORMATION } = await import('@/lib/forms/visitor-message');
  const result = checkMessage(new FormData(form), required);
  if (result.ok) return null;
  const notice = result.reason === 'missing' ? MISSING_INFORMATION : INVALID_EMAIL;
  toast(notice.title, { id: toastId, description: notice.description });
  const first = result.reason === 'missing' ? result.fields[0] : 'email';
  form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  return result.reason === 'missing'
    ? { missing: result.fields, emailHint: null }
    : { missing: [], emailHint: INVALID_EMAIL.hint };
}
