import { sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem, asVisitor } from '@/lib/db/roles';
import { debugNow } from '@/lib/db/schema';
import { withTimeout } from './with-timeout';

/**
 * /debug/health-check: the checks env, auth, rest and cors, each {ok, message}, and an overall ok.
 * In Supabase mode they call the project itself; without Supabase they check what stands in for
 * each (the site's own database, accounts and origin) and say so. Every check gives up after
 * `timeoutMs`, so the whole answer comes within 2 seconds even when the database or the project
 * hangs.
 */
export type Check = { ok: boolean; message: string };
export type HealthReport = { ok: boolean; checks: { env: Check; auth: Check; rest: Check; cors: Check } };

export type HealthDeps = {
  supabaseUrl: string | undefined;
  supabaseAnonKey: string | undefined;
  /** SITE_URL: the origin the CORS preflight asks for. */
  siteUrl: string;
  database: () => Promise<Database>;
  timeoutMs?: number;
};

// Leaves 0.7 s of the 2-second promise for the server's own lag when it is busy
// (see docs/decisions/0012-health-check-timeout.md).
export const HEALTH_TIMEOUT_MS = 1_300;

export const MESSAGES = {
  envMissing: 'NEXT_PUBLIC_SUPABASE_URL or NEXT_PUBLIC_SUPABASE_ANON_KEY is missing.',
  envSet: 'NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_ANON_KEY are set.',
  envEmbedded:
    'Embedded mode: NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_ANON_KEY are not set, so the site uses its own database, accounts and file storage.',
  authUnreachable: 'Auth endpoint is not reachable.',
  authReachable: 'Auth endpoint is reachable.',
  authKeyRefused: 'Auth endpoint refused the anon key.',
  localAuthReady: 'Local accounts (embedded mode): the account store in the site’s database answers.',
  localAuthUnreachable: 'Local accounts (embedded mode) are not reachable: the site’s database did not answer.',
  restUnreachable: 'REST endpoint is not reachable.',
  restReady: 'REST endpoint answers: public.debug_now is readable with the anon key.',
  restKeyRefused: 'REST endpoint refused the anon key.',
  viewMissing: 'The public.debug_now view is missing.',
  localRestReady:
    'No REST endpoint in embedded mode: public.debug_now answers through the site’s public data path (the anon role).',
  localRestUnreachable: 'No REST endpoint in embedded mode, and the site’s database did not answer.',
  corsFailed: 'CORS preflight check failed.',
  corsPassed: 'CORS preflight check passed.',
  corsEmbedded: 'Embedded mode: the browser calls only this site, so there is no cross-origin request to check.',
  notChecked: 'Not checked: the Supabase configuration is incomplete.',
} as const;

export async function runHealthChecks(deps: HealthDeps): Promise<HealthReport> {
  const timeoutMs = deps.timeoutMs ?? HEALTH_TIMEOUT_MS;
  const checks =
    deps.supabaseUrl || deps.supabaseAnonKey
      ? await supabaseChecks(deps, timeoutMs)
      : await embeddedChecks(deps, timeoutMs);
  return { ok: Object.values(checks).every((check) => check.ok), checks };
}

async function embeddedChecks(deps: HealthDeps, timeoutMs: number): Promise<HealthReport['checks']> {
  const database = withTimeout(deps.database(), timeoutMs);
  const [auth, rest] = await Promise.all([
    settle(
      database.then((db) => asSystem(db, 'auth', (system) => system.execute(sql`select 1 from auth.users limit 1`))),
      timeoutMs,
      () => MESSAGES.localAuthReady,
      () => MESSAGES.localAuthUnreachable,
    ),
    settle(
      database.then((db) => asVisitor(db, (tx) => tx.select().from(debugNow))),
      timeoutMs,
      () => MESSAGES.localRestReady,
      (error) => (isMissingRelation(error) ? MESSAGES.viewMissing : MESSAGES.localRestUnreachable),
    ),
  ]);
  return {
    env: { ok: true, message: MESSAGES.envEmbedded },
    auth,
    rest,
    cors: { ok: true, message: MESSAGES.corsEmbedded },
  };
}

async function supabaseChecks(deps: HealthDeps, timeoutMs: number): Promise<HealthReport['checks']> {
  const { supabaseUrl: url, supabaseAnonKey: key } = deps;
  if (!url || !key) {
    const skipped = { ok: false, message: MESSAGES.notChecked };
    return { env: { ok: false, message: MESSAGES.envMissing }, auth: skipped, rest: skipped, cors: skipped };
  }
  const base = new URL(url).origin;
  const apiHeaders = { apikey: key, authorization: `Bearer ${key}` };
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  const [auth, rest, cors] = await Promise.all([
    settle(
      call('/auth/v1/health', { headers: apiHeaders }).then((response) => expectOk(response)),
      timeoutMs,
      () => MESSAGES.authReachable,
      (error) => (isRefusal(error) ? MESSAGES.authKeyRefused : MESSAGES.authUnreachable),
    ),
    settle(
      call('/rest/v1/debug_now?select=*', { headers: apiHeaders }).then((response) => expectOk(response)),
      timeoutMs,
      () => MESSAGES.restReady,
      (error) => restFailure(error),
    ),
    settle(
      call('/auth/v1/token?grant_type=password', {
        method: 'OPTIONS',
        headers: {
          origin: new URL(deps.siteUrl).origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, authorization, content-type',
        },
      }).then((response) => {
        if (!response.ok || !response.headers.get('access-control-allow-origin')) throw new HttpStatus(response.status);
      }),
      timeoutMs,
      () => MESSAGES.corsPassed,
      () => MESSAGES.corsFailed,
    ),
  ]);
  return { env: { ok: true, message: MESSAGES.envSet }, auth, rest, cors };
}

class HttpStatus extends Error {
  constructor(
    readonly status: number,
    readonly body = '',
  ) {
    super(`HTTP ${status}`);
  }
}

async function expectOk(response: Response): Promise<void> {
  if (!response.ok) throw new HttpStatus(response.status, await response.text().catch(() => ''));
  await response.body?.cancel();
}

function restFailure(error: unknown): string {
  if (!(error instanceof HttpStatus)) return MESSAGES.restUnreachable;
  // PostgREST: 404 with PGRST205 (not in the schema cache) or 42P01 for a relation that is not there.
  if (error.status === 404 || /PGRST205|42P01/.test(error.body)) return MESSAGES.viewMissing;
  if (isRefusal(error)) return MESSAGES.restKeyRefused;
  return MESSAGES.restUnreachable;
}

/** The project answered, and refused the key: reachable, but not healthy. */
function isRefusal(error: unknown): boolean {
  return error instanceof HttpStatus && (error.status === 401 || error.status === 403);
}

function isMissingRelation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if ((current as { code?: unknown }).code === '42P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function settle(
  work: Promise<unknown>,
  timeoutMs: number,
  success: () => string,
  failure: (error: unknown) => string,
): Promise<Check> {
  try {
    await withTimeout(work, timeoutMs);
    return { ok: true, message: success() };
  } catch (error) {
    return { ok: false, message: failure(error) };
  }
}
