import crypto from 'node:crypto';
import { subkey } from '@/lib/auth/server-key';
import { addressBlock } from '@/lib/http/address-block';

/**
 * The time a message form was shown, signed by the server, for the spam check
 * (docs/product.md, Messages): the browser asks for one when the visitor first turns to the form
 * (GET /api/messages/token), and sends it back with the message. Pages are cached, so the time
 * cannot be in their HTML. A send without one (scripts off, or before the page was ready) is not
 * held against the sender.
 */
const SEPARATOR = '.';

function signature(time: string, key: Buffer): string {
  return crypto.createHmac('sha256', key).update(`message-form ${time}`).digest('base64url');
}

export function signFormToken(now = Date.now(), key: Buffer = subkey('message-form')): string {
  const time = String(now);
  return `${time}${SEPARATOR}${signature(time, key)}`;
}

/** When the form was shown, or null for a token that does not verify (forged, altered, from the future). */
export function verifyFormToken(token: string, now = Date.now(), key: Buffer = subkey('message-form')): number | null {
  const [time, mac, ...rest] = token.split(SEPARATOR);
  if (!time || !mac || rest.length > 0 || !/^\d{13}$/.test(time)) return null;
  const expected = Buffer.from(signature(time, key));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const shownAt = Number(time);
  // A minute of clock difference between servers is allowed.
  return shownAt > now + 60_000 ? null : shownAt;
}

/**
 * The rate limit's key for a network address: its block (an IPv6 address's /64,
 * lib/http/address-block.ts), keyed, so the table never holds the address itself.
 */
export function senderKey(address: string, key: Buffer = subkey('message-sender')): string {
  return crypto.createHmac('sha256', key).update(addressBlock(address)).digest('base64url').slice(0, 32);
}
