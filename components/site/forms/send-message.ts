import { toast } from '@/lib/toast';
import { MESSAGE_NOT_SENT, type SendAnswer } from '@/lib/messages/notices';
import { FORM_TOKEN_FIELD } from '@/lib/messages/fields';

/**
 * Sending a public message form once the owner receives messages (docs/product.md, Message forms).
 * Loaded on a form's first focus or submit (sending.ts), so no page's first JavaScript carries it.
 */

/** Asks for the signed time the form was shown (the spam check's "too fast"), once per form. */
export async function requestFormToken(form: HTMLFormElement): Promise<void> {
  const input = form.elements.namedItem(FORM_TOKEN_FIELD);
  if (!(input instanceof HTMLInputElement) || input.value || input.dataset.requested) return;
  input.dataset.requested = '1';
  try {
    const response = await fetch('/api/messages/token', { cache: 'no-store' });
    if (response.ok) input.value = ((await response.json()) as { token?: string }).token ?? '';
  } catch {
    // Without a token the message is still received: it is only not timed.
  }
}

/**
 * Sends the form and shows the answer's notice. A sent message clears the form; otherwise every
 * word stays in place, with the field to fix focused. The submit button waits while it sends. An
 * enquiry link's `?artwork=` names the painting the message is about.
 */
export async function sendMessageForm(form: HTMLFormElement, toastId: string): Promise<boolean> {
  const artwork = form.elements.namedItem('artwork');
  if (artwork instanceof HTMLInputElement)
    artwork.value = new URLSearchParams(window.location.search).get('artwork') ?? '';
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  let answer: SendAnswer;
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      body: new FormData(form),
      headers: { Accept: 'application/json' },
    });
    answer = response.headers.get('content-type')?.includes('application/json')
      ? ((await response.json()) as SendAnswer)
      : { ok: false, notice: MESSAGE_NOT_SENT };
  } catch {
    answer = { ok: false, notice: MESSAGE_NOT_SENT };
  }
  if (button) button.disabled = false;
  toast(answer.notice.title, { id: toastId, description: answer.notice.description });
  if (answer.ok) form.reset();
  else if (answer.field) form.querySelector<HTMLElement>(`[name="${answer.field}"]`)?.focus();
  return answer.ok;
}
