import { describe, expect, it } from 'vitest';
import { addressBlock } from './address-block';

describe('addressBlock', () => {
  it('is an IPv4 address itself, and an IPv6 address its /64, however it is written', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBlock('fe80::1%eth0')).toBe('fe80::/64');
    expect(addressBlock('unknown')).toBe('unknown');
  });
});
