import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asAdmin, asSystem, type Claims } from '@/lib/db/roles';
import { sitemapChanges } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { queueUrlChanges } from './changes';
import { startIndexNowStandIn } from '@/tests/support/indexnow-stand-in';
import { NOT_CONFIGURED } from './messages';
import { notifyIndexNow } from './notify';
import { searchEngineNotifier } from './index';
import { createIndexNowNotifier, INDEXNOW_BATCH } from './indexnow-adapter';

const KEY = 'test-key-0123456789';
const siteUrl = 'https://elenamarsh.example';

describe.each(drivers)('notifying IndexNow of changed addresses on %s', (driver) => {
  let db: Database;
  let admin: Claims;
  let standIn: Awaited<ReturnType<typeof startIndexNowStandIn>>;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    admin = await testAccount(db, 'owner@example.com', { admin: true });
    standIn = await startIndexNowStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    await db.close();
  });
  beforeEach(async () => {
    await asSystem(db, 'test-setup', (sys) => sys.delete(sitemapChanges));
    standIn.received.length = 0;
    standIn.answerWith(() => 202);
  });

  const queue = (paths: string[]) => asAdmin(db, admin, (tx) => queueUrlChanges(tx, paths));
  const queued = async () =>
    (await asSystem(db, 'test-setup', (sys) => sys.select({ path: sitemapChanges.path }).from(sitemapChanges)))
      .map((r) => r.path)
      .sort();
  const notify = (extra: { endpoint?: string; timeoutMs?: number } = {}) =>
    notifyIndexNow(db, admin, createIndexNowNotifier({ key: KEY, endpoint: standIn.endpoint, siteUrl, ...extra }));

  it('POSTs JSON {host, key, keyLocation, urlList} with the queued addresses, absolute on SITE_URL, and empties the queue once accepted', async () => {
    await queue(['/gallery/landscapes/quiet-lane', '/gallery/landscapes', '/gallery/all']);
    const result = await notify();
    expect(standIn.received).toHaveLength(1);
    const [request] = standIn.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/indexnow');
    expect(request!.contentType).toBe('application/json; charset=utf-8');
    const body = request!.body as { host: string; key: string; keyLocation: string; urlList: string[] };
    expect(Object.keys(body).sort()).toEqual(['host', 'key', 'keyLocation', 'urlList']);
    expect(body.host).toBe('elenamarsh.example');
    expect(body.key).toBe(KEY);
    expect(body.keyLocation).toBe(`https://elenamarsh.example/${KEY}.txt`);
    expect(body.urlList.sort()).toEqual([
      'https://elenamarsh.example/gallery/all',
      'https://elenamarsh.example/gallery/landscapes',
      'https://elenamarsh.example/gallery/landscapes/quiet-lane',
    ]);
    expect(result).toMatchObject({
      attempted: true,
      ok: true,
      sent: 3,
      remaining: 0,
      message: 'IndexNow accepted 3 changed addresses (HTTP 202)',
    });
    expect(await queued()).toEqual([]);
  });

  it('sends exactly what changed since the last notification: nothing queued, no request', async () => {
    await queue(['/gallery/all']);
    await notify();
    await queue(['/gallery/florals/new-rose']);
    await notify();
    expect((standIn.received.at(-1)!.body as { urlList: string[] }).urlList).toEqual([
      'https://elenamarsh.example/gallery/florals/new-rose',
    ]);
    const idle = await notify();
    expect(standIn.received).toHaveLength(2);
    expect(idle).toMatchObject({ attempted: false, ok: true, sent: 0, remaining: 0 });
    expect(idle.message).toContain('no request was sent');
  });

  it('keeps the addresses for the next run when IndexNow refuses them, and says why', async () => {
    await queue(['/gallery/all', '/gallery/florals']);
    standIn.answerWith(() => 403);
    const refused = await notify();
    expect(refused).toMatchObject({ attempted: true, ok: false, sent: 0, remaining: 2 });
    expect(refused.message).toContain('HTTP 403: key not valid');
    expect(refused.message).toContain('stay queued for the next run');
    expect(await queued()).toEqual(['/gallery/all', '/gallery/florals']);
    standIn.answerWith(() => 200);
    expect(await notify()).toMatchObject({
      ok: true,
      sent: 2,
      message: 'IndexNow accepted 2 changed addresses (HTTP 200)',
    });
    expect(await queued()).toEqual([]);
  });

  it('gives up within its timeout when IndexNow does not answer, keeping the addresses', async () => {
    await queue(['/gallery/all']);
    standIn.answerWith(() => 'hang');
    const started = Date.now();
    const result = await notify({ timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result).toMatchObject({ attempted: true, ok: false, remaining: 1 });
    expect(result.message).toContain('no answer within 0.3 s');
    expect(await queued()).toEqual(['/gallery/all']);
  });

  it('reports an unreachable endpoint instead of failing', async () => {
    await queue(['/gallery/all']);
    const result = await notify({ endpoint: 'http://127.0.0.1:9/indexnow' });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('could not reach 127.0.0.1:9');
    expect(await queued()).toEqual(['/gallery/all']);
  });

  it('without INDEXNOW_KEY sends nothing and says how to enable it', async () => {
    await queue(['/gallery/all']);
    const result = await notifyIndexNow(
      db,
      admin,
      searchEngineNotifier({ key: undefined, endpoint: standIn.endpoint, siteUrl }),
    );
    expect(standIn.received).toHaveLength(0);
    expect(result).toMatchObject({ attempted: false, ok: false, remaining: 1, message: NOT_CONFIGURED });
    expect(result.message).toContain('set INDEXNOW_KEY');
  });

  it('sends 10,000 addresses a request, and removes only the batches IndexNow accepted', async () => {
    const paths = Array.from({ length: INDEXNOW_BATCH + 1 }, (_, i) => `/gallery/all/a-${String(i).padStart(5, '0')}`);
    await queue(paths);
    let calls = 0;
    standIn.answerWith(() => (++calls === 1 ? 202 : 429));
    // A generous timeout: this shared test machine may take seconds to move 10,000 URLs.
    const result = await notify({ timeoutMs: 60_000 });
    expect(standIn.received.map((r) => (r.body as { urlList: string[] }).urlList.length)).toEqual([INDEXNOW_BATCH, 1]);
    expect(result).toMatchObject({ ok: false, sent: INDEXNOW_BATCH, remaining: 1 });
    expect(result.message).toContain('HTTP 429: too many requests');
    const left = await queued();
    expect(left).toHaveLength(1);
    const sentFirst = new Set(
      (standIn.received[0]!.body as { urlList: string[] }).urlList.map((url) => new URL(url).pathname),
    );
    expect(sentFirst.has(left[0]!)).toBe(false);
  });
});
