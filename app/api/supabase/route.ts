import { connection } from 'next/server';
import { proxyStatus } from '@/lib/diagnostics/supabase-proxy';
import { env } from '@/lib/env';

/** Whether proxy mode is on (the /__debug Proxy Mode check): answered per request, from the running configuration. */
export async function GET() {
  await connection();
  return proxyStatus(env().NEXT_PUBLIC_SUPABASE_URL);
}
