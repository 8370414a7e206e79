import { escapeHtml } from '@/lib/mail/escape-html';
import { ownerReplyTo, type Letter, type LetterContext } from '@/lib/mail/outbox';
import type { MailAddress, OutgoingMail } from '@/lib/mail/port';
import type { SubscriberRow } from '@/lib/db/schema';
import { site } from '@/lib/site';
import { discountWords, readDiscountSettings, type DiscountSettings } from './discount-settings';
import { absolute, confirmPath, oneClickUnsubscribePath, unsubscribePath } from './links';
import { newsletterPromise } from './promise';
import { readSubscriber } from './subscriptions';

/**
 * The emails to one subscriber (docs/product.md, Newsletter), sent through the site's outbox
 * (lib/mail/outbox.ts), each written from the subscriber as they are when it goes: the
 * confirmation link while they are pending, the welcome with their code once confirmed.
 * Either one is dropped, unsent, when the subscriber has moved on since it was queued.
 */

type Envelope = { from: string; siteUrl: string; replyTo?: MailAddress };

/** One line, for a header and a greeting: what the visitor typed cannot start another header. */
const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

const greeting = (row: SubscriberRow) => `Hello ${oneLine(row.name)},`;

/** The same Message-ID on a retry; a new email (a new link, a new subscription) gets its own. */
const messageIdFor = (kind: string, row: SubscriberRow, at: Date | null, siteUrl: string) =>
  `<${kind}-${row.id}-${at?.getTime() ?? 0}@${new URL(siteUrl).hostname}>`;

const paragraphsHtml = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('\n');

/** To a pending subscriber: what they are joining, the one link, how long it works, and what to do if it was not them. */
export function confirmationMail(
  row: SubscriberRow,
  discount: DiscountSettings,
  { from, siteUrl, replyTo }: Envelope,
): OutgoingMail {
  if (!row.confirmToken) throw new Error('the subscriber has no confirmation link');
  const link = absolute(confirmPath(row.confirmToken), siteUrl);
  const joining = `${site.name}’s newsletter: ${newsletterPromise(discount)}`;
  const text = [
    greeting(row),
    '',
    `Please confirm that you would like ${joining}.`,
    '',
    `Confirm your subscription: ${link}`,
    '',
    'The link works once, within 7 days.',
    '',
    'If this wasn’t you, ignore this email: you won’t be subscribed, and you won’t hear from me again.',
    '',
    site.name,
  ].join('\n');
  const html = paragraphsHtml([
    escapeHtml(greeting(row)),
    `Please confirm that you would like ${escapeHtml(joining)}.`,
    `<a href="${escapeHtml(link)}">Confirm your subscription</a>`,
    'The link works once, within 7 days.',
    'If this wasn’t you, ignore this email: you won’t be subscribed, and you won’t hear from me again.',
    escapeHtml(site.name),
  ]);
  return {
    from,
    to: [row.email],
    ...(replyTo ? { replyTo } : {}),
    subject: `Please confirm your subscription to ${site.name}’s newsletter`,
    text,
    html,
    messageId: messageIdFor('newsletter-confirm', row, row.confirmSentAt, siteUrl),
  };
}

/** To a new subscriber: welcome, their code and what it gives (while the discount is on), the shop, and how to leave. */
export function welcomeMail(
  row: SubscriberRow,
  discount: DiscountSettings,
  { from, siteUrl, replyTo }: Envelope,
): OutgoingMail {
  const shop = absolute('/shop', siteUrl);
  const leave = absolute(unsubscribePath(row.unsubscribeToken), siteUrl);
  const code = discount.on ? row.discountCode : null;
  const welcome = `Thank you for confirming: you’re subscribed to my newsletter, with news of new paintings and exhibitions.`;
  const codeWords = `It gives you ${discountWords(discount)} in the shop: enter it at checkout.`;
  const text = [
    greeting(row),
    '',
    welcome,
    '',
    ...(code ? [`Your code: ${code}`, codeWords, ''] : []),
    `Visit the shop: ${shop}`,
    '',
    `To stop receiving the newsletter, unsubscribe here: ${leave}`,
    '',
    site.name,
  ].join('\n');
  const html = paragraphsHtml([
    escapeHtml(greeting(row)),
    escapeHtml(welcome),
    ...(code
      ? [
          `Your code: <strong style="font-size:1.4em;letter-spacing:0.05em">${escapeHtml(code)}</strong>`,
          escapeHtml(codeWords),
        ]
      : []),
    `<a href="${escapeHtml(shop)}">Visit the shop</a>`,
    `<small>To stop receiving the newsletter, <a href="${escapeHtml(leave)}">unsubscribe here</a>.</small>`,
    escapeHtml(site.name),
  ]);
  return {
    from,
    to: [row.email],
    ...(replyTo ? { replyTo } : {}),
    subject: `Welcome to ${site.name}’s newsletter`,
    text,
    html,
    messageId: messageIdFor('newsletter-welcome', row, row.confirmedAt, siteUrl),
    listUnsubscribe: absolute(oneClickUnsubscribePath(row.unsubscribeToken), siteUrl),
  };
}

async function envelope({ settings, owners }: LetterContext): Promise<Envelope> {
  return { from: settings.from, siteUrl: settings.siteUrl, replyTo: await ownerReplyTo(owners, site.name) };
}

/** The outbox's letters for a subscriber: each kind's message_id is the subscriber's id. */
export const subscriberMail = {
  'newsletter-confirm': {
    feature: 'newsletter',
    what: 'Newsletter confirmation email',
    async write(id, context) {
      const row = await readSubscriber(context.db, id);
      // Confirmed, unsubscribed, deleted, or the link has lapsed: nothing to confirm any more.
      const outstanding = row?.confirmToken && row.confirmExpiresAt && row.confirmExpiresAt > new Date();
      if (!row || row.status !== 'pending' || !outstanding) return null;
      return confirmationMail(row, await readDiscountSettings(context.db), await envelope(context));
    },
  },
  'newsletter-welcome': {
    feature: 'newsletter',
    what: 'Newsletter welcome email',
    async write(id, context) {
      const row = await readSubscriber(context.db, id);
      if (!row || row.status !== 'confirmed') return null;
      return welcomeMail(row, await readDiscountSettings(context.db), await envelope(context));
    },
  },
} satisfies Record<string, Letter>;
