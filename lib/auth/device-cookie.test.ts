import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceFor, newDeviceCookie } from './device-cookie';

const key = crypto.randomBytes(32);

describe('device cookies (OWASP): signed with the server key, naming one account', () => {
  it('a cookie issued for an account names a device of that account', () => {
    const cookie = newDeviceCookie('owner@example.com', key);
    expect(cookie).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(cookie).not.toContain('owner');
    expect(deviceFor(cookie, 'owner@example.com', key)).toBe(cookie.split('.')[0]);
    // Each sign-in gets a device of its own.
    expect(newDeviceCookie('owner@example.com', key)).not.toBe(cookie);
  });

  it('is worth nothing for another account, with another key, or altered', () => {
    const cookie = newDeviceCookie('owner@example.com', key);
    const [nonce, sig] = cookie.split('.') as [string, string];
    expect(deviceFor(cookie, 'someone@example.com', key)).toBeNull();
    expect(deviceFor(cookie, 'owner@example.com', crypto.randomBytes(32))).toBeNull();
    const otherNonce = `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}`;
    expect(deviceFor(`${otherNonce}.${sig}`, 'owner@example.com', key)).toBeNull();
    expect(deviceFor(`${nonce}.${'A'.repeat(43)}`, 'owner@example.com', key)).toBeNull();
    for (const junk of ['', 'x', `${nonce}.${sig}.x`, `${nonce}${sig}`, undefined, null])
      expect(deviceFor(junk, 'owner@example.com', key)).toBeNull();
  });
});
