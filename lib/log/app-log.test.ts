import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';

const request = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return { headers: new Headers() };
});
vi.mock('next/headers', () => ({ headers: async () => request.headers }));
const { recordAppLog } = await import('./app-log');

describe('recordAppLog', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => db.close());

  const rows = () => asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp));

  it('writes the row from the server, naming the acting user (visitors and users may not insert)', async () => {
    const sub = '00000000-0000-4000-8000-000000000001';
    await recordAppLog(
      db,
      { level: 'error', feature: 'artwork-images', message: 'bucket offline' },
      { sub, role: 'authenticated' },
    );
    expect(await rows()).toEqual([
      expect.objectContaining({ level: 'error', feature: 'artwork-images', message: 'bucket offline', userId: sub }),
    ]);
  });

  it('keeps a preview of an oversized meta instead of losing the row', async () => {
    await recordAppLog(db, { level: 'warn', message: 'huge', meta: { blob: 'x'.repeat(50_000) } });
    const row = (await rows()).find((r) => r.message === 'huge');
    expect(row?.meta).toMatchObject({ truncated: true });
    expect(JSON.stringify(row?.meta).length).toBeLessThan(16_384);
  });

  it("inside a request, carries the request's correlation id unless the caller names one", async () => {
    request.headers = new Headers({ 'x-correlation-id': 'app-log-test-0123456789' });
    try {
      await recordAppLog(db, { level: 'warn', feature: 'artwork-images', message: 'removal failed in a request' });
      await recordAppLog(db, { level: 'info', message: 'named by the caller', correlationId: 'from-the-browser-0123' });
    } finally {
      request.headers = new Headers();
    }
    const all = await rows();
    expect(all.find((r) => r.message === 'removal failed in a request')?.correlationId).toBe('app-log-test-0123456789');
    expect(all.find((r) => r.message === 'named by the caller')?.correlationId).toBe('from-the-browser-0123');
    expect(all.find((r) => r.message === 'huge')?.correlationId).toBeNull();
  });
});
