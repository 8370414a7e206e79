import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '@/scripts/next-process';

vi.mock('server-only', () => ({}));

// `next build` on DATABASE_URL (a Vercel build) prerenders the public pages from it.
describe('a build that cannot reach DATABASE_URL', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('stops with a message that names DATABASE_URL and the host, not a bare driver error', async () => {
    const port = await freePort();
    vi.resetModules();
    vi.stubEnv('NEXT_PHASE', 'phase-production-build');
    vi.stubEnv('DATABASE_URL', `postgres://build:secret@127.0.0.1:${port}/site`);
    vi.stubEnv('LOG_LEVEL', 'silent');
    const { openConfiguredDatabase } = await import('@/lib/database');
    const failure = await openConfiguredDatabase().then(
      () => null,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(
      new RegExp(`^The build could not reach the database at DATABASE_URL \\(127\\.0\\.0\\.1:${port}: ECONNREFUSED\\)`),
    );
    expect(failure?.message).toContain('check DATABASE_URL');
    // The password is not in the message.
    expect(failure?.message).not.toContain('secret');
  });
});
