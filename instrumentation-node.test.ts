import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

/**
 * A Vercel function patches nothing of Node's (docs/architecture.md, Cache invalidation and
 * outages): its start-up checks the environment and the server key, and leaves http's response
 * as Node made it. The Node server's start-up (the 503 page, string bodies as buffers, peer
 * addresses) is covered where each patch lives (lib/http/).
 */
describe('a Vercel function at start', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('leaves Node’s http response unpatched', async () => {
    vi.stubEnv('VERCEL', '1');
    vi.stubEnv('DATABASE_URL', 'postgres://unused@127.0.0.1:1/unused');
    vi.stubEnv('AUTH_SECRET', 'a-secret-of-at-least-thirty-two-characters');
    vi.stubEnv('SITE_URL', 'https://elena.example');
    vi.stubEnv('BUILT_FOR_SITE_URL', 'https://elena.example');
    const proto = http.ServerResponse.prototype;
    const before = { writeHead: proto.writeHead, write: proto.write, end: proto.end, setHeader: proto.setHeader };
    const { startServer } = await import('./instrumentation-node');
    await startServer();
    expect({ writeHead: proto.writeHead, write: proto.write, end: proto.end, setHeader: proto.setHeader }).toEqual(before);
    expect(Object.getOwnPropertySymbols(proto).map(String).filter((name) => name.includes('watercolour'))).toEqual([]);
  });
});
