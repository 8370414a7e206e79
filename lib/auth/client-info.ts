import 'server-only';
import { isIP } from 'node:net';
import { headers } from 'next/headers';
import { env } from '@/lib/env';
import { peerAddressHeader } from '@/lib/http/peer-address';
import type { ClientInfo } from './port';

/** The address that throttling and the session log record for this request's client. */
export async function clientInfo(): Promise<ClientInfo> {
  const h = await headers();
  const { VERCEL, TRUSTED_PROXY_HOPS } = env();
  return {
    ip: clientAddress(h, {
      vercel: Boolean(VERCEL),
      trustedProxyHops: TRUSTED_PROXY_HOPS,
      peerHeader: peerAddressHeader(),
    }),
    userAgent: h.get('user-agent'),
  };
}

export type AddressSource = { vercel: boolean; trustedProxyHops: number; peerHeader: string | null };

export const UNKNOWN_ADDRESS = 'unknown';

/**
 * Whose address a request carries, believing only what the deployment vouches for:
 * - on Vercel, the platform's own `x-vercel-forwarded-for` (then `x-real-ip`), which it sets;
 * - behind TRUSTED_PROXY_HOPS proxies, the Nth `x-forwarded-for` entry from the right: each
 *   proxy appends the address it saw, so entries left of that are the client's own claims;
 * - otherwise the socket address (lib/http/peer-address.ts).
 * Anything that does not parse as an IP address is 'unknown', one shared bucket.
 */
export function clientAddress(h: Headers, source: AddressSource): string {
  if (source.vercel) return ipOrUnknown(h.get('x-vercel-forwarded-for')?.split(',')[0] ?? h.get('x-real-ip'));
  if (source.trustedProxyHops > 0) {
    const hops = (h.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim());
    return hops.length >= source.trustedProxyHops
      ? ipOrUnknown(hops[hops.length - source.trustedProxyHops])
      : UNKNOWN_ADDRESS;
  }
  return ipOrUnknown(source.peerHeader ? h.get(source.peerHeader) : null);
}

function ipOrUnknown(value: string | null | undefined): string {
  let address = value?.trim() ?? '';
  // An IPv4 client of a dual-stack socket: the same client as its plain IPv4 form.
  if (address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address.toLowerCase() : UNKNOWN_ADDRESS;
}
