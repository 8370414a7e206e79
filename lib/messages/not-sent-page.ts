import { escapeHtml as escape } from '@/lib/mail/escape-html';
import type { Notice } from './notices';
import { HONEYPOT_FIELD, MESSAGE_LIMITS } from './fields';

/** The fields carried over to a second try, as they were typed (the message is shown to edit). */
const CARRIED = ['form', 'name', 'email', 'subject', 'subscribe', 'artwork'] as const;

/**
 * What a visitor without scripts sees when a message was not sent (docs/product.md, Message forms):
 * why, and every word they typed in a form that sends it again. Plain HTML under the site's CSP (no
 * script; inline styles are allowed). Everything the visitor wrote is escaped.
 */
export function renderNotSentPage(notice: Notice, fields: Partial<Record<string, string>>): string {
  const hidden = CARRIED.filter((name) => fields[name] !== undefined)
    .map((name) => `<input type="hidden" name="${name}" value="${escape(fields[name]!)}">`)
    .join('');
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(notice.title)} | Elena Marsh</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; background: #fbf8f3; color: #24262b; line-height: 1.5; }
main { max-width: 40rem; margin: 0 auto; padding: 3rem 1rem; }
h1 { font-family: Georgia, serif; font-weight: 500; }
label { display: block; font-weight: 600; margin-top: 1.5rem; }
textarea { box-sizing: border-box; width: 100%; min-height: 12rem; margin-top: 0.5rem; padding: 0.5rem; font: inherit; border: 1px solid #e4dccf; border-radius: 0.5rem; background: #fff; }
button { margin-top: 1rem; min-height: 2.75rem; padding: 0 1.5rem; border: 0; border-radius: 999px; background: #2f5d6e; color: #fff; font: inherit; cursor: pointer; }
a { color: #224652; }
</style>
</head>
<body>
<main>
<h1>${escape(notice.title)}</h1>
<p role="alert">${escape(notice.description)}</p>
<form method="post" action="/api/messages">
${hidden}
<input type="hidden" name="${HONEYPOT_FIELD}" value="">
<label for="message">Your message</label>
<textarea id="message" name="message" maxlength="${MESSAGE_LIMITS.body}" required>${escape(fields.message ?? '')}</textarea>
<button type="submit">Send Again</button>
</form>
<p><a href="/contact">Back to the contact page</a></p>
</main>
</body>
</html>
`;
}
