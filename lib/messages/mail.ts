import type { Letter } from '@/lib/mail/outbox';
import { NO_OWNER } from '@/lib/mail/outbox';
import { artworkPath } from '@/lib/categories';
import { escapeHtml } from '@/lib/mail/escape-html';
import type { OutgoingMail } from '@/lib/mail/port';
import { readMessage, type MessageRow } from './inbox';

/**
 * The owner's email about each visitor's message (docs/operations.md, Messages from visitors),
 * sent through the site's outbox (lib/mail/outbox.ts).
 */

/** One line, for a header: whatever the visitor typed cannot start another header. */
const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/** The email about one message: Reply-To the visitor, the painting's link, the words as text. */
export function notificationFor(
  message: MessageRow,
  { from, to, siteUrl }: { from: string; to: string[]; siteUrl: string },
): OutgoingMail {
  const about = oneLine(message.subject) || oneLine(message.body).slice(0, 60);
  const name = oneLine(message.name);
  const inbox = new URL(`/admin/messages/${message.id}`, siteUrl).toString();
  const painting = message.painting
    ? { title: message.painting.title, url: new URL(artworkPath(message.painting), siteUrl).toString() }
    : null;
  const text = [
    `From: ${name} <${message.email}>`,
    ...(painting ? [`About: ${painting.title} (${painting.url})`] : []),
    '',
    message.body,
    '',
    `Reply to this email to answer ${name}, or open it in the inbox: ${inbox}`,
  ].join('\n');
  const html = [
    `<p>From: ${escapeHtml(name)} &lt;${escapeHtml(message.email)}&gt;</p>`,
    ...(painting ? [`<p>About: <a href="${escapeHtml(painting.url)}">${escapeHtml(painting.title)}</a></p>`] : []),
    `<p style="white-space:pre-wrap">${escapeHtml(message.body)}</p>`,
    `<p>Reply to this email to answer ${escapeHtml(name)}, or <a href="${escapeHtml(inbox)}">open it in the inbox</a>.</p>`,
  ].join('\n');
  return {
    from,
    to,
    replyTo: { name, address: message.email },
    subject: `New message: ${about}`,
    text,
    html,
    // The same id on a retry: a mail server that saw it once can tell.
    messageId: `<${message.id}@${new URL(siteUrl).hostname}>`,
  };
}

/** The outbox's letter for a visitor's message: to the owner, written from the message as it is now. */
export const messageLetters = {
  'visitor-message': {
    feature: 'messages',
    what: "Email about a visitor's message",
    async write(id, { db, settings, owners }) {
      const message = await readMessage(db, id);
      if (!message) throw new Error('the message was deleted before its email was sent');
      const to = await owners();
      if (to.length === 0) throw new Error(NO_OWNER);
      return notificationFor(message, { from: settings.from, to, siteUrl: settings.siteUrl });
    },
  },
} satisfies Record<string, Letter>;
