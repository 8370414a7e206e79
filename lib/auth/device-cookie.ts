import crypto from 'node:crypto';
import { subkey } from './server-key';

/**
 * OWASP device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has signed in to an account gets a cookie naming that account, signed with a server
 * key. Presenting it, the browser keeps its own sign-in budget for that account, so a stranger
 * exhausting the shared budget (and locking out unknown browsers) does not lock out the owner;
 * the device's own failures lock out that device alone (lib/auth/throttle.ts).
 *
 * Value: `{nonce}.{HMAC-SHA256(key, email + nonce)}`, both base64url. The nonce names the device
 * in the attempt log; the email is not in the cookie, only bound into the signature, so the
 * cookie is valid exactly for the account it was issued for.
 */
export const DEVICE_COOKIE = 'wc_device';
export const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signature(email: string, nonce: string, key: Buffer): Buffer {
  return crypto.createHmac('sha256', key).update(`device\n${email}\n${nonce}`).digest();
}

/** A new device cookie value for this (normalised) email. */
export function newDeviceCookie(email: string, key: Buffer = subkey('device-cookie')): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${nonce}.${signature(email, nonce, key).toString('base64url')}`;
}

/**
 * The device id (nonce) when `value` is a genuine device cookie for this email, else null: a
 * forged, altered or other account's cookie makes the browser an unknown one.
 */
export function deviceFor(
  value: string | undefined | null,
  email: string,
  key: Buffer = subkey('device-cookie'),
): string | null {
  const match = value ? VALUE.exec(value) : null;
  if (!match) return null;
  const [, nonce = '', sig = ''] = match;
  return crypto.timingSafeEqual(Buffer.from(sig, 'base64url'), signature(email, nonce, key)) ? nonce : null;
}
