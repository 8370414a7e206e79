import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '@/lib/db/postgres-adapter';
import type { Database } from '@/lib/db/port';
import { createTestDatabase } from '@/tests/support/db';
import { freePort } from '@/scripts/next-process';

const scope = vi.hoisted(() => ({ db: undefined as Database | undefined, opened: 0 }));
vi.mock('server-only', () => ({}));
vi.mock('@/lib/database', () => ({
  database: async () => {
    scope.opened++;
    return scope.db!;
  },
}));

const { MESSAGES, runHealthChecks } = await import('./health-check');
const { healthCheck, healthResponse } = await import('./health');

const siteUrl = 'http://site.test';
const embedded = (database: () => Promise<Database>) =>
  runHealthChecks({ supabaseUrl: undefined, supabaseAnonKey: undefined, siteUrl, database });

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe('health check without Supabase (embedded mode)', () => {
  let pglite: Database;
  let postgres: Database;
  beforeAll(async () => {
    [pglite, postgres] = await Promise.all([createTestDatabase('pglite'), createTestDatabase('postgres')]);
  });
  afterAll(async () => {
    await Promise.all([pglite.close(), postgres.close()]);
  });

  it.each(['pglite', 'postgres'] as const)(
    'is ok on %s, and says what stands in for each Supabase check',
    async (driver) => {
      const report = await embedded(async () => (driver === 'pglite' ? pglite : postgres));
      expect(report).toEqual({
        ok: true,
        checks: {
          env: { ok: true, message: MESSAGES.envEmbedded },
          auth: { ok: true, message: MESSAGES.localAuthReady },
          rest: { ok: true, message: MESSAGES.localRestReady },
          cors: { ok: true, message: MESSAGES.corsEmbedded },
        },
      });
      const response = healthResponse(report);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('answers 503 within 2 seconds when the database is stopped', async () => {
    const stopped = await openPostgres(`postgres://postgres:postgres@127.0.0.1:${await freePort()}/gone`);
    try {
      const { value: report, ms } = await timed(embedded(async () => stopped));
      expect(ms).toBeLessThan(2_000);
      expect(report.ok).toBe(false);
      expect(report.checks.auth).toEqual({ ok: false, message: MESSAGES.localAuthUnreachable });
      expect(report.checks.rest).toEqual({ ok: false, message: MESSAGES.localRestUnreachable });
      expect(healthResponse(report).status).toBe(503);
    } finally {
      await stopped.close();
    }
  });

  it('answers 503 within 2 seconds when the database accepts connections and never answers', async () => {
    const sockets = new Set<net.Socket>();
    const hanging = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const stuck = await openPostgres(`postgres://postgres:postgres@127.0.0.1:${port}/hangs`);
    try {
      const { value: report, ms } = await timed(embedded(async () => stuck));
      expect(ms).toBeLessThan(2_000);
      expect(report.ok).toBe(false);
      expect(report.checks.rest.message).toBe(MESSAGES.localRestUnreachable);
      // Opening the database itself hangs (a first connection that never completes).
      const { value: opening, ms: openingMs } = await timed(embedded(() => new Promise<Database>(() => {})));
      expect(openingMs).toBeLessThan(2_000);
      expect(opening.checks.auth.ok).toBe(false);
    } finally {
      for (const socket of sockets) socket.destroy();
      hanging.close();
      void stuck.close().catch(() => {});
    }
  });

  it('names the missing public.debug_now view', async () => {
    const db = await createTestDatabase('pglite');
    try {
      await db.db.execute(sql`drop view public.debug_now`);
      const report = await embedded(async () => db);
      expect(report.checks.rest).toEqual({ ok: false, message: MESSAGES.viewMissing });
      expect(report.checks.auth.ok).toBe(true);
      expect(report.ok).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('runs at most once a second however often it is asked; the others get that answer', async () => {
    scope.db = pglite;
    scope.opened = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => healthCheck()));
    expect(scope.opened).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await healthCheck();
    expect(scope.opened).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    await healthCheck();
    expect(scope.opened).toBe(2);
  });
});

type Behaviour = {
  health?: number;
  rest?: { status: number; body: string };
  corsOrigin?: string | null;
  hang?: boolean;
};

/** A local HTTP double of a Supabase project's health-relevant endpoints. */
async function supabaseDouble(anonKey: string, behaviour: Behaviour = {}) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (behaviour.hang) return;
    const keyed = req.headers.apikey === anonKey;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'OPTIONS' && path === '/auth/v1/token') {
      const origin = behaviour.corsOrigin === undefined ? (req.headers.origin ?? '*') : behaviour.corsOrigin;
      res.writeHead(
        204,
        origin ? { 'access-control-allow-origin': origin, 'access-control-allow-methods': 'POST' } : {},
      );
      return res.end();
    }
    if (!keyed) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"message":"Invalid API key"}');
    }
    if (path === '/auth/v1/health') {
      res.writeHead(behaviour.health ?? 200, { 'content-type': 'application/json' });
      return res.end('{"name":"GoTrue"}');
    }
    if (path === '/rest/v1/debug_now') {
      const rest = behaviour.rest ?? { status: 200, body: '[{"server_time":"2026-11-23T12:00:00+00:00"}]' };
      res.writeHead(rest.status, { 'content-type': 'application/json' });
      return res.end(rest.body);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('health check in Supabase mode, against a local double of the project', () => {
  const key = 'anon-key-for-tests';
  const unusedDatabase = () => Promise.reject(new Error('Supabase mode checks the project, not the database directly'));
  const check = (url: string | undefined, anonKey: string | undefined = key) =>
    runHealthChecks({ supabaseUrl: url, supabaseAnonKey: anonKey, siteUrl, database: unusedDatabase });

  it('is ok when auth, REST and the CORS preflight answer', async () => {
    const double = await supabaseDouble(key);
    try {
      const report = await check(double.url);
      expect(report).toEqual({
        ok: true,
        checks: {
          env: { ok: true, message: MESSAGES.envSet },
          auth: { ok: true, message: MESSAGES.authReachable },
          rest: { ok: true, message: MESSAGES.restReady },
          cors: { ok: true, message: MESSAGES.corsPassed },
        },
      });
      expect(double.seen.sort()).toEqual([
        'GET /auth/v1/health',
        'GET /rest/v1/debug_now?select=*',
        'OPTIONS /auth/v1/token?grant_type=password',
      ]);
    } finally {
      await double.close();
    }
  });

  it('gives the documented message for each failure', async () => {
    const missing = await supabaseDouble(key, {
      rest: {
        status: 404,
        body: '{"code":"PGRST205","message":"Could not find the table \'public.debug_now\' in the schema cache"}',
      },
      corsOrigin: null,
      health: 503,
    });
    try {
      const report = await check(missing.url);
      expect(report.ok).toBe(false);
      expect(report.checks.rest.message).toBe(MESSAGES.viewMissing);
      expect(report.checks.cors).toEqual({ ok: false, message: 'CORS preflight check failed.' });
      expect(report.checks.auth).toEqual({ ok: false, message: 'Auth endpoint is not reachable.' });
      const refused = await check(missing.url, 'wrong-key');
      expect(refused.checks.auth.message).toBe(MESSAGES.authKeyRefused);
      expect(refused.checks.rest.message).toBe(MESSAGES.restKeyRefused);
    } finally {
      await missing.close();
    }
    const gone = await supabaseDouble(key);
    await gone.close();
    const unreachable = await check(gone.url);
    expect(unreachable.checks.auth.message).toBe('Auth endpoint is not reachable.');
    expect(unreachable.checks.rest.message).toBe('REST endpoint is not reachable.');
    expect(unreachable.checks.cors.message).toBe('CORS preflight check failed.');
    expect(healthResponse(unreachable).status).toBe(503);
  });

  it('answers within 2 seconds when the project hangs', async () => {
    const hanging = await supabaseDouble(key, { hang: true });
    try {
      const { value: report, ms } = await timed(check(hanging.url));
      expect(ms).toBeLessThan(2_000);
      expect(report.ok).toBe(false);
      expect(report.checks.rest.message).toBe('REST endpoint is not reachable.');
    } finally {
      await hanging.close();
    }
  });

  it('says the configuration is incomplete when only one variable is set', async () => {
    const report = await check('https://abc.supabase.co', '');
    expect(report.checks.env).toEqual({
      ok: false,
      message: 'NEXT_PUBLIC_SUPABASE_URL or NEXT_PUBLIC_SUPABASE_ANON_KEY is missing.',
    });
    expect(report.ok).toBe(false);
  });
});
