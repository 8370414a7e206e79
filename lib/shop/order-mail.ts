import { site } from '@/lib/site';
import type { MailAddress, OutgoingMail } from '@/lib/mail/port';
import { escapeHtml } from '@/lib/mail/escape-html';
import { minusPence, orderDiscountLabel } from './discount';
import { formatPence } from './money';
import { addressLines, lineText, orderNumber, type OrderLineRow, type OrderRow } from './orders';

/**
 * The shop's emails (docs/product.md, Orders), built from the order as it is
 * when the email is sent: to the owner when an order is paid, to the buyer then, and to the buyer
 * when it is marked shipped. The outbox sends them (lib/mail/outbox.ts; the letters are lib/shop/order-letters.ts), once each.
 */

export const orderMailSubjects = {
  owner: (order: OrderRow) =>
    `New order ${orderNumber(order.id)}: ${formatPence(order.totalPence)} from ${oneLine(order.name ?? '') || 'a buyer'}`,
  buyer: (order: OrderRow) => `Thank you for your order (${orderNumber(order.id)})`,
  shipped: (order: OrderRow) => `Your order has shipped (${orderNumber(order.id)})`,
  refundedBuyer: (order: OrderRow) => `Your payment has been refunded (${orderNumber(order.id)})`,
  refundedOwner: (order: OrderRow) => `Refunded: a second payment for a sold original (${orderNumber(order.id)})`,
} as const;

type Envelope = { from: string; siteUrl: string };

/** One line, for a header: what the buyer typed at Stripe cannot start another header. */
const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/** The same Message-ID on a retry, one per kind of email about the order. */
const messageIdFor = (kind: string, order: OrderRow, siteUrl: string) =>
  `<${kind}.${order.id}@${new URL(siteUrl).hostname}>`;

/** A line's amount; with the subscriber discount, what it was before: "£28.00 (was £35.00)". */
function amountText(line: OrderLineRow): string {
  const amount = formatPence(line.unitPence * line.quantity);
  return line.listUnitPence === null ? amount : `${amount} (was ${formatPence(line.listUnitPence * line.quantity)})`;
}

/** The same in HTML: the amount before struck through, then the amount paid. */
function amountHtml(line: OrderLineRow): string {
  const amount = escapeHtml(formatPence(line.unitPence * line.quantity));
  return line.listUnitPence === null
    ? amount
    : `<s>${escapeHtml(formatPence(line.listUnitPence * line.quantity))}</s> ${amount}`;
}

function linesText(order: OrderRow): string[] {
  return [
    ...order.lines.map((line) => `${lineText(line)}: ${amountText(line)}`),
    '',
    ...(order.discountPence > 0
      ? [`${orderDiscountLabel(order.discountCode)}: ${minusPence(order.discountPence)}`]
      : []),
    `Subtotal: ${formatPence(order.subtotalPence)}`,
    `Delivery: ${formatPence(order.shippingPence ?? 0)}`,
    `Total: ${formatPence(order.totalPence)}`,
  ];
}

function linesHtml(order: OrderRow): string {
  const row = (label: string, amount: string, strong = false) =>
    `<tr><td style="padding:2px 12px 2px 0">${strong ? `<strong>${label}</strong>` : label}</td><td style="padding:2px 0;text-align:right">${strong ? `<strong>${amount}</strong>` : amount}</td></tr>`;
  return [
    '<table role="presentation" style="border-collapse:collapse">',
    ...order.lines.map((line) => row(escapeHtml(lineText(line)), amountHtml(line))),
    ...(order.discountPence > 0
      ? [row(escapeHtml(orderDiscountLabel(order.discountCode)), escapeHtml(minusPence(order.discountPence)))]
      : []),
    row('Subtotal', escapeHtml(formatPence(order.subtotalPence))),
    row('Delivery', escapeHtml(formatPence(order.shippingPence ?? 0))),
    row('Total', escapeHtml(formatPence(order.totalPence)), true),
    '</table>',
  ].join('\n');
}

const addressHtml = (lines: string[]) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`;

/** To the owner: a new paid order, its lines, the buyer, the address, the total, and where to mark it shipped. Reply-To the buyer. */
export function orderOwnerMail(order: OrderRow, { from, to, siteUrl }: Envelope & { to: string[] }): OutgoingMail {
  const admin = new URL(`/admin/orders/${order.id}`, siteUrl).toString();
  const name = oneLine(order.name ?? '');
  const address = addressLines(order.shippingAddress, order.name);
  const buyer = `${name || '(no name given)'}${order.email ? ` <${order.email}>` : ''}`;
  const text = [
    `A new order has been paid: ${orderNumber(order.id)}.`,
    '',
    ...linesText(order),
    '',
    `Buyer: ${buyer}`,
    'Deliver to:',
    ...address.map((line) => `  ${line}`),
    '',
    `Mark it as shipped in Orders once it is on its way: ${admin}`,
  ].join('\n');
  const html = [
    `<p>A new order has been paid: <strong>${escapeHtml(orderNumber(order.id))}</strong>.</p>`,
    linesHtml(order),
    `<p>Buyer: ${escapeHtml(buyer)}</p>`,
    '<p>Deliver to:</p>',
    addressHtml(address),
    `<p><a href="${escapeHtml(admin)}">Mark it as shipped in Orders</a> once it is on its way.</p>`,
  ].join('\n');
  return {
    from,
    to,
    ...(order.email ? { replyTo: { name: name || order.email, address: order.email } } : {}),
    subject: orderMailSubjects.owner(order),
    text,
    html,
    messageId: messageIdFor('order-owner', order, siteUrl),
  };
}

/** To the buyer: thank you, what they bought, the total, where it goes, and that the artist will email when it ships. */
export function orderBuyerMail(
  order: OrderRow,
  { from, replyTo, siteUrl }: Envelope & { replyTo?: MailAddress },
): OutgoingMail {
  if (!order.email) throw new Error('the order has no buyer email address');
  const name = oneLine(order.name ?? '');
  const address = addressLines(order.shippingAddress, order.name);
  const text = [
    name ? `Dear ${name},` : 'Hello,',
    '',
    `Thank you for your order from ${site.siteName}. Your payment has been received.`,
    '',
    'What you bought:',
    ...linesText(order),
    '',
    'It will be sent to:',
    ...address.map((line) => `  ${line}`),
    '',
    `${site.name} will email you again when it ships.`,
    '',
    `Order reference: ${orderNumber(order.id)}`,
    siteUrl,
  ].join('\n');
  const html = [
    `<p>${name ? `Dear ${escapeHtml(name)},` : 'Hello,'}</p>`,
    `<p>Thank you for your order from ${escapeHtml(site.siteName)}. Your payment has been received.</p>`,
    '<p>What you bought:</p>',
    linesHtml(order),
    '<p>It will be sent to:</p>',
    addressHtml(address),
    `<p>${escapeHtml(site.name)} will email you again when it ships.</p>`,
    `<p>Order reference: ${escapeHtml(orderNumber(order.id))}<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(site.siteName)}</a></p>`,
  ].join('\n');
  return {
    from,
    to: [order.email],
    ...(replyTo ? { replyTo } : {}),
    subject: orderMailSubjects.buyer(order),
    text,
    html,
    messageId: messageIdFor('order-buyer', order, siteUrl),
  };
}

/** To the buyer: the order has shipped, with the carrier and the tracking number. */
export function orderShippedMail(
  order: OrderRow,
  { from, replyTo, siteUrl }: Envelope & { replyTo?: MailAddress },
): OutgoingMail {
  if (!order.email) throw new Error('the order has no buyer email address');
  const name = oneLine(order.name ?? '');
  const address = addressLines(order.shippingAddress, order.name);
  const carrier = order.carrier ?? '';
  const tracking = order.tracking;
  const text = [
    name ? `Dear ${name},` : 'Hello,',
    '',
    `Your order ${orderNumber(order.id)} from ${site.siteName} is on its way.`,
    '',
    `Carrier: ${carrier}`,
    ...(tracking ? [`Tracking number: ${tracking}`] : []),
    '',
    'In the parcel:',
    ...order.lines.map(lineText),
    '',
    'Sent to:',
    ...address.map((line) => `  ${line}`),
    '',
    `Thank you, ${site.name}`,
  ].join('\n');
  const html = [
    `<p>${name ? `Dear ${escapeHtml(name)},` : 'Hello,'}</p>`,
    `<p>Your order ${escapeHtml(orderNumber(order.id))} from ${escapeHtml(site.siteName)} is on its way.</p>`,
    `<p>Carrier: ${escapeHtml(carrier)}${tracking ? `<br>Tracking number: ${escapeHtml(tracking)}` : ''}</p>`,
    '<p>In the parcel:</p>',
    `<ul>${order.lines.map((line) => `<li>${escapeHtml(lineText(line))}</li>`).join('')}</ul>`,
    '<p>Sent to:</p>',
    addressHtml(address),
    `<p>Thank you, ${escapeHtml(site.name)}</p>`,
  ].join('\n');
  return {
    from,
    to: [order.email],
    ...(replyTo ? { replyTo } : {}),
    subject: orderMailSubjects.shipped(order),
    text,
    html,
    messageId: messageIdFor('order-shipped', order, siteUrl),
  };
}

/** To the buyer: their payment came after the original was sold to someone else, and is refunded in full. */
export function orderRefundedBuyerMail(
  order: OrderRow,
  { from, replyTo, siteUrl }: Envelope & { replyTo?: MailAddress },
): OutgoingMail {
  if (!order.email) throw new Error('the order has no buyer email address');
  const name = oneLine(order.name ?? '');
  const reason =
    order.refundReason ?? 'The painting had already been sold to another buyer, so your payment was refunded in full.';
  const text = [
    name ? `Dear ${name},` : 'Hello,',
    '',
    `I am sorry: ${reason}`,
    `The refund of ${formatPence(order.totalPence)} is on its way to the card or account you paid with; banks take 5 to 10 days to show it.`,
    '',
    'What you ordered:',
    ...order.lines.map(lineText),
    '',
    `If you would like something similar, reply to this email. ${site.name}`,
    '',
    `Order reference: ${orderNumber(order.id)}`,
    siteUrl,
  ].join('\n');
  const html = [
    `<p>${name ? `Dear ${escapeHtml(name)},` : 'Hello,'}</p>`,
    `<p>I am sorry: ${escapeHtml(reason)}</p>`,
    `<p>The refund of <strong>${escapeHtml(formatPence(order.totalPence))}</strong> is on its way to the card or account you paid with; banks take 5 to 10 days to show it.</p>`,
    '<p>What you ordered:</p>',
    `<ul>${order.lines.map((line) => `<li>${escapeHtml(lineText(line))}</li>`).join('')}</ul>`,
    `<p>If you would like something similar, reply to this email. ${escapeHtml(site.name)}</p>`,
    `<p>Order reference: ${escapeHtml(orderNumber(order.id))}<br><a href="${escapeHtml(siteUrl)}">${escapeHtml(site.siteName)}</a></p>`,
  ].join('\n');
  return {
    from,
    to: [order.email],
    ...(replyTo ? { replyTo } : {}),
    subject: orderMailSubjects.refundedBuyer(order),
    text,
    html,
    messageId: messageIdFor('order-refunded-buyer', order, siteUrl),
  };
}

/** To the owner: the site refunded a payment itself, why, and where to see it. */
export function orderRefundedOwnerMail(
  order: OrderRow,
  { from, to, siteUrl }: Envelope & { to: string[] },
): OutgoingMail {
  const admin = new URL(`/admin/orders/${order.id}`, siteUrl).toString();
  const buyer = `${oneLine(order.name ?? '') || '(no name given)'}${order.email ? ` <${order.email}>` : ''}`;
  const reason = order.refundReason ?? '';
  const text = [
    `A payment of ${formatPence(order.totalPence)} for order ${orderNumber(order.id)} was refunded in full by the site: ${reason}`,
    '',
    `Buyer: ${buyer}`,
    ...order.lines.map(lineText),
    '',
    `Nothing to ship. The order: ${admin}`,
  ].join('\n');
  const html = [
    `<p>A payment of <strong>${escapeHtml(formatPence(order.totalPence))}</strong> for order ${escapeHtml(orderNumber(order.id))} was refunded in full by the site: ${escapeHtml(reason)}</p>`,
    `<p>Buyer: ${escapeHtml(buyer)}</p>`,
    `<ul>${order.lines.map((line) => `<li>${escapeHtml(lineText(line))}</li>`).join('')}</ul>`,
    `<p>Nothing to ship. <a href="${escapeHtml(admin)}">See the order</a>.</p>`,
  ].join('\n');
  return {
    from,
    to,
    subject: orderMailSubjects.refundedOwner(order),
    text,
    html,
    messageId: messageIdFor('order-refunded-owner', order, siteUrl),
  };
}
