import ipaddr from 'ipaddr.js';

/**
 * The block of addresses one client holds, for limits a client could otherwise dodge by moving
 * to another address: an IPv4 address is its own block; an IPv6 address counts as its /64, the
 * smallest network a provider gives one home or one server, whose 2^64 addresses are all the
 * same client's. An IPv4 client of a dual-stack socket (::ffff:a.b.c.d) is its IPv4 address;
 * anything that is not an address (the 'unknown' bucket) is itself.
 */
export function addressBlock(address: string): string {
  const bare = address.split('%')[0]!;
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
