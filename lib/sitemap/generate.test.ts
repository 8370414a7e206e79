import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asAdmin, type Claims } from '@/lib/db/roles';
import { createTestDatabase, testAccount } from '@/tests/support/db';
import { generateSitemap } from './generate';
import { GOOGLE_RESULT } from './messages';
import { readSitemapState } from '@/lib/search-engines/queue';
import { createIndexNowNotifier } from '@/lib/search-engines/indexnow-adapter';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

describe('a sitemap run that cannot refresh the sitemap', () => {
  let db: Database;
  let admin: Claims;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    admin = await testAccount(db, 'owner@example.com', { admin: true });
  });
  afterAll(() => db.close());

  it('answers fatal with the message, notifies nobody and records no generation time', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const result = await generateSitemap({
      db,
      claims: admin,
      siteUrl: 'https://elenamarsh.example',
      searchEngines: createIndexNowNotifier({
        key: 'generate-test-key',
        endpoint: 'http://127.0.0.1:9/indexnow',
        siteUrl: 'https://elenamarsh.example',
        fetchImpl,
      }),
      refresh: () => {},
      entries: () => Promise.reject(new Error('database unreachable')),
    });
    expect(result).toMatchObject({
      fatal: true,
      error: 'The sitemap could not be refreshed: database unreachable',
      lastGenerated: null,
    });
    expect(result.pingResult.google).toBe(GOOGLE_RESULT);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect((await asAdmin(db, admin, readSitemapState)).lastGeneratedAt).toBeNull();
  });
});
