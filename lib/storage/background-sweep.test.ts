import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase } from '@/tests/support/db';
import { createTestStorage, type TestStorage } from '@/tests/support/test-storages';
import { sweepNow } from './background-sweep';

describe('the storage-sweep job', () => {
  let db: Database;
  let store: TestStorage;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    store = await createTestStorage('local');
  });
  afterAll(async () => {
    await db.close();
    await store.close();
  });

  const sweepLogs = () =>
    asSystem(db, 'test-setup', (sys) => sys.select().from(logsApp).where(eq(logsApp.feature, 'storage-sweep')));

  it('removes old orphans and records what it removed for the admin', async () => {
    const orphan = await store.storage.putPublic('landscapes/crashed/1-display.webp', new Uint8Array(3), 'image/webp');
    await store.age(2 * 60 * 60 * 1000);
    const report = await sweepNow(db, { storage: () => store.storage });
    expect(report).toMatchObject({ apply: true, removed: 1, errors: [] });
    expect(await store.refs()).toEqual([]);
    const [log] = await sweepLogs();
    expect(log).toMatchObject({
      level: 'info',
      message: 'Storage sweep: 1 file, 0 referenced, 1 orphan (3 B), 1 removed (3 B)',
    });
    expect(log?.meta).toMatchObject({ orphans: [orphan] });
  });

  it('a sweep that cannot run fails with its reason, for the job runner to log once; nothing is recorded as swept', async () => {
    const logged = (await sweepLogs()).length;
    const sweep = sweepNow(db, {
      storage: () => {
        throw new Error('Supabase storage needs SUPABASE_SERVICE_ROLE_KEY');
      },
    });
    await expect(sweep).rejects.toThrow('Supabase storage needs SUPABASE_SERVICE_ROLE_KEY');
    expect(await sweepLogs()).toHaveLength(logged);
  });
});
