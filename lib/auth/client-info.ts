import 'server-only';
import { headers } from 'next/headers';
import type { ClientInfo } from './port';

/**
 * The client's address as the first proxy hop reports it (x-forwarded-for, then x-real-ip).
 * Behind Vercel or another proxy that sets these, this is the visitor; a direct client could
 * claim any address, which is why throttling also counts per account.
 */
export async function clientInfo(): Promise<ClientInfo> {
  const h = await headers();
  return { ip: clientAddress(h), userAgent: h.get('user-agent') };
}

export function clientAddress(h: Headers): string {
  const forwarded = h.get('x-forwarded-for')?.split(',')[0]?.trim();
  const address = forwarded || h.get('x-real-ip')?.trim() || 'unknown';
  return address.slice(0, 64);
}
