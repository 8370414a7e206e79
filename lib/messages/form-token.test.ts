import { describe, expect, it } from 'vitest';
import { senderKey, signFormToken, verifyFormToken } from './form-token';

const KEY = Buffer.alloc(32, 7);
const OTHER = Buffer.alloc(32, 8);
const now = 1_800_000_000_000;

describe('the signed time a form was shown', () => {
  it('verifies as the time it was signed', () => {
    expect(verifyFormToken(signFormToken(now, KEY), now + 5_000, KEY)).toBe(now);
  });

  it('does not verify when altered, signed with another key, malformed or from the future', () => {
    const token = signFormToken(now, KEY);
    const [, mac] = token.split('.');
    expect(verifyFormToken(`${now - 10_000}.${mac}`, now, KEY)).toBeNull();
    expect(verifyFormToken(token, now, OTHER)).toBeNull();
    expect(verifyFormToken('garbage', now, KEY)).toBeNull();
    expect(verifyFormToken(`${token}.x`, now, KEY)).toBeNull();
    expect(verifyFormToken(signFormToken(now + 120_000, KEY), now, KEY)).toBeNull();
  });
});

describe('the rate limit key of an address', () => {
  it('is the same for one address, differs between addresses and keys, and never holds the address', () => {
    expect(senderKey('203.0.113.9', KEY)).toBe(senderKey('203.0.113.9', KEY));
    expect(senderKey('203.0.113.9', KEY)).not.toBe(senderKey('203.0.113.10', KEY));
    expect(senderKey('203.0.113.9', KEY)).not.toBe(senderKey('203.0.113.9', OTHER));
    expect(senderKey('203.0.113.9', KEY)).not.toContain('203');
  });

  it('is one key for an IPv6 /64, and another for the next /64', () => {
    expect(senderKey('2001:db8:5:1::1', KEY)).toBe(senderKey('2001:db8:5:1:ffff::2', KEY));
    expect(senderKey('2001:db8:5:1::1', KEY)).not.toBe(senderKey('2001:db8:5:2::1', KEY));
  });
});
