let issued = 0;

/**
 * A client address no other call in this test process has been given: an IPv6 address in a /64
 * of its own (2001:db8::/32 is for documentation), so it has its own budget under every
 * per-address limit (lib/http/address-block.ts).
 */
export function newVisitor(): string {
  issued += 1;
  return `2001:db8:${(issued >>> 16).toString(16)}:${(issued & 0xffff).toString(16)}::1`;
}
