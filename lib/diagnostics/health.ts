import 'server-only';
import { database } from '@/lib/database';
import { env } from '@/lib/env';
import { runHealthChecks, type HealthReport } from './health-check';
import { oncePer } from './once-per';

/**
 * The process's health check, at most one real run a second (lib/diagnostics/once-per.ts):
 * a public URL that runs database queries must not be a way to load the database.
 */
export const healthCheck = oncePer<HealthReport>(1_000, () => {
  const config = env();
  return runHealthChecks({
    supabaseUrl: config.NEXT_PUBLIC_SUPABASE_URL,
    supabaseAnonKey: config.NEXT_PUBLIC_SUPABASE_ANON_KEY,
    siteUrl: config.SITE_URL,
    database,
  });
});

export function healthResponse(report: HealthReport): Response {
  return Response.json(report, {
    status: report.ok ? 200 : 503,
    headers: { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
  });
}
