import { connection } from 'next/server';
import { healthCheck, healthResponse } from '@/lib/diagnostics/health';

/** For uptime monitors: 200 when every check passes, 503 when one fails (lib/diagnostics/health-check.ts). */
export async function GET() {
  await connection();
  return healthResponse(await healthCheck());
}
