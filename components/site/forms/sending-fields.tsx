import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '@/lib/messages/fields';

/**
 * The hidden part of a message form that sends (docs/product.md, Message forms), rendered on the
 * server into the form: which form it is, the signed time it was shown (filled on first focus), the
 * painting of an enquiry (the contact form, from `?artwork=` when sent), and the honeypot, out of
 * sight and out of the tab order and the accessibility tree, which only a robot fills in.
 */
export function SendingFields({ form }: { form: 'contact' | 'footer' }) {
  return (
    <>
      <input type="hidden" name="form" value={form} />
      <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue="" />
      {form === 'contact' && <input type="hidden" name="artwork" defaultValue="" />}
      <div hidden aria-hidden="true">
        <label>
          Website
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
