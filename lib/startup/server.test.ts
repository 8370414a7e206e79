import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

/**
 * What a Vercel function changes of Node's at start (docs/architecture.md, What the Node server
 * changes of Node's, and why): only the outage answer (a calm 503 where Next would answer 500).
 * The Node server's own tuning (string bodies as buffers, the telemetry fast path, peer
 * addresses) stays off: it was measured for `next start`, not for Vercel's runtime.
 */
const ours = (target: object) =>
  Object.getOwnPropertySymbols(target)
    .map((symbol) => symbol.description ?? '')
    .filter((name) => name.startsWith('watercolour.'))
    .sort();

describe('a Vercel function at start', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('installs the outage answer and nothing else of Node’s', async () => {
    vi.stubEnv('VERCEL', '1');
    vi.stubEnv('DATABASE_URL', 'postgres://unused@127.0.0.1:1/unused');
    vi.stubEnv('AUTH_SECRET', 'a-secret-of-at-least-thirty-two-characters');
    vi.stubEnv('SITE_URL', 'https://elena.example');
    vi.stubEnv('BUILT_FOR_SITE_URL', 'https://elena.example');
    const server = { emit: http.Server.prototype.emit };
    const { startServer } = await import('./server');
    await startServer();
    expect(ours(http.ServerResponse.prototype)).toEqual(['watercolour.http.outage-response']);
    expect(ours(http.Server.prototype)).toEqual([]);
    expect(http.Server.prototype.emit).toBe(server.emit);
    expect(ours(globalThis).filter((name) => name.startsWith('watercolour.http.'))).toEqual([]);
  });
});
