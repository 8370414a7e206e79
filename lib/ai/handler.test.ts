import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { clearAiRetrofitLogs, listAiRetrofitLogs, listRetrofitCandidates } from '@/lib/ai/retrofit-queries';
import { asAdmin, asSystem, type Claims } from '@/lib/db/roles';
import { artworks, logsApp, sitemapChanges } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import { recordAppLog } from '@/lib/log/app-log';
import { queueUrlChanges } from '@/lib/search-engines/changes';
import { createTestStorage, type TestStorage } from '@/tests/support/test-storages';
import { startOpenAiStandIn, type OpenAiStandIn } from '@/tests/support/openai-stand-in';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { handleGenerateRequest } = await import('./handler');
const { createAiClient } = await import('./openai-adapter');
const { restorePreviousText } = await import('./restore');

type Row = typeof artworks.$inferSelect;

describe.each(drivers)('generate-artwork-details on %s', (driver) => {
  let db: Database;
  let store: TestStorage;
  let standIn: OpenAiStandIn;
  let admin: Claims;
  let imageUrl: string;
  let imageBytes: Buffer;
  let invalidations: { slugs: string[]; redirects: boolean }[] = [];
  let counter = 0;

  beforeAll(async () => {
    [db, store, standIn] = await Promise.all([
      createTestDatabase(driver),
      createTestStorage('local'),
      startOpenAiStandIn(),
    ]);
    admin = await testAccount(db, 'owner@example.com', { admin: true });
    imageBytes = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#6a8caf' } })
      .webp()
      .toBuffer();
    imageUrl = await store.storage.putPublic('landscapes/ai/1-800.webp', imageBytes, 'image/webp');
  });
  afterAll(async () => {
    await Promise.all([db.close(), store.close(), standIn.close()]);
  });
  beforeEach(() => {
    invalidations = [];
    standIn.requests.length = 0;
    standIn.options.script = [];
  });

  const deps = (configured = true) => ({
    db,
    claims: admin,
    storage: store.storage,
    config: configured ? { apiKey: 'test-key', baseURL: standIn.url, model: 'stand-in-model' } : null,
    client: createAiClient,
    invalidate: (change: { slugs: string[]; redirects: boolean }) => void invalidations.push(change),
    log: (entry: Parameters<typeof recordAppLog>[1]) => recordAppLog(db, entry, admin),
    queueChanges: queueUrlChanges,
  });
  const call = async (body: unknown, configured = true) => {
    const response = await handleGenerateRequest(
      new Request('http://localhost/api/generate-artwork-details', { method: 'POST', body: JSON.stringify(body) }),
      deps(configured),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  async function artwork(title: string, values: Partial<typeof artworks.$inferInsert> = {}): Promise<Row> {
    const slug = `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-${++counter}`;
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title,
          slug,
          category: 'Landscapes',
          imageUrl,
          imageThumb800Url: imageUrl,
          imageAlt: null,
          status: 'published',
          ...values,
        })
        .returning(),
    );
    return row!;
  }
  const read = async (id: string) =>
    (await asSystem(db, 'test-setup', (sys) => sys.select().from(artworks).where(eq(artworks.id, id))))[0]!;

  it('refuses a body over its cap with 413 before asking the model (it may come straight, not through proxy.ts)', async () => {
    const { status, body } = await call({ title: 'A', imageUrl: `data:image/jpeg;base64,${'A'.repeat(4_100_000)}` });
    expect(status).toBe(413);
    expect(body.error).toBe('The request is too large: the image must be a JPEG, PNG or WebP under 3 MB.');
    expect(standIn.requests).toEqual([]);
  });

  it('answers 408 at its idle deadline when the sender goes quiet, though the body can never be cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // A client that sent the start of its body and went quiet: Next's request body then never
      // settles a cancel (lib/http/read-capped.ts).
      const quiet = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"title":')),
        cancel: () => new Promise<void>(() => {}),
      });
      const request = new Request('http://localhost/api/generate-artwork-details', {
        method: 'POST',
        body: quiet,
        duplex: 'half',
      } as RequestInit);
      const answer = handleGenerateRequest(request, deps());
      let settled = false;
      void answer.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(29_000);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(settled).toBe(true);
      const response = await answer;
      expect(response.status).toBe(408);
      expect(await response.json()).toEqual({ error: 'The request arrived too slowly. Please try again.' });
      expect(standIn.requests).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 503 'AI is not configured' without OPENAI_API_KEY, and calls nothing", async () => {
    const { status, body } = await call({ title: 'A', imageUrl }, false);
    expect(status).toBe(503);
    expect(body.error).toBe('AI is not configured');
    expect(body.hint).toMatch(/OPENAI_API_KEY/);
    expect(standIn.requests).toHaveLength(0);
  });

  it('single mode: sends the stored 800-wide image as a data URL and answers the suggestion set', async () => {
    const { status, body } = await call({
      title: 'Brockwell Lido at Dusk',
      category: 'Landscapes',
      imageUrl,
      existing: { slug: '', description: '', imageAlt: '', price: '300' },
    });
    expect(status).toBe(200);
    const sent = standIn.requests[0]!.body.messages!.find((m) => m.role === 'user')!.content as {
      type: string;
      image_url?: { url: string };
    }[];
    expect(sent.find((p) => p.type === 'image_url')!.image_url!.url).toBe(
      `data:image/webp;base64,${imageBytes.toString('base64')}`,
    );
    for (const key of [
      'slug',
      'shortHook',
      'longDescription',
      'seoTitle',
      'metaDescription',
      'keywords',
      'imageAlt',
      'ogTitle',
      'ogDescription',
      'twitterTitle',
      'twitterDescription',
      'bulletUseCases',
      'schema',
      'ai_notes',
    ]) {
      expect(body, key).toHaveProperty(key);
    }
    expect(body.slug).toBe('brockwell-lido-at-dusk-watercolour');
  });

  it("single mode: the suggested slug is unique, the artwork's own slug counting as free", async () => {
    await artwork('Taken', { slug: 'herne-hill-rooftops-watercolour' });
    const other = await call({ title: 'Herne Hill Rooftops', imageUrl });
    expect(other.body.slug).toBe('herne-hill-rooftops-watercolour-2');
    const own = await call({
      title: 'Herne Hill Rooftops',
      imageUrl,
      existing: { slug: 'herne-hill-rooftops-watercolour' },
    });
    expect(own.body.slug).toBe('herne-hill-rooftops-watercolour');
  });

  it('single mode: a bad request, an unreadable image and a model error each answer a clear message', async () => {
    expect((await call({ title: '', imageUrl })).body.error).toBe(
      'Please provide a Title and an Image before using AI.',
    );
    const missing = await call({ title: 'Gone', imageUrl: '/media/landscapes/none/1-800.webp' });
    expect(missing).toEqual({ status: 422, body: { error: 'The image could not be read from storage.' } });
    const foreign = await call({ title: 'Elsewhere', imageUrl: 'http://169.254.169.254/latest/meta-data' });
    expect(foreign.status).toBe(422);
    standIn.options.script = [
      { status: 500, message: 'model unavailable' },
      { status: 500, message: 'model unavailable' },
    ];
    const failed = await call({ title: 'Model Down', imageUrl });
    expect(failed).toEqual({ status: 502, body: { error: 'The AI server answered 500: model unavailable' } });
    const logged = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(logsApp).where(eq(logsApp.feature, 'ai')),
    );
    expect(logged.map((row) => row.message)).toContain(
      'AI generation failed: The AI server answered 500: model unavailable',
    );
  });

  it('retrofit mode: fills only empty fields, keeps what the owner wrote, and logs each failure', async () => {
    const empty = await artwork('Peckham Rye Morning');
    const handWritten = await artwork('Camberwell Grove', {
      seoTitle: 'My Own SEO Title',
      metaDescription: 'My own words.',
    });
    const failing = await artwork('Forced AI-FAIL Painting');
    const done = await artwork('Already Done', { seoTitle: 'Done', longStoryDescription: 'A story.' });
    const candidates = (await asAdmin(db, admin, (tx) => listRetrofitCandidates(tx))).map((c) => c.id);
    expect(candidates).toEqual(expect.arrayContaining([empty.id, handWritten.id, failing.id]));
    expect(candidates).not.toContain(done.id);

    const { status, body } = await call({ retrofitMode: true, artworkIds: [empty.id, handWritten.id, failing.id] });
    expect(status).toBe(200);
    expect(body.fatal).toBe(false);
    expect(body.results).toEqual([
      { id: empty.id, ok: true, error: null },
      { id: handWritten.id, ok: true, error: null },
      { id: failing.id, ok: false, error: expect.stringContaining('The AI server answered 500') },
    ]);

    const filled = await read(empty.id);
    expect(filled.seoTitle).toBe('Peckham Rye Morning | Watercolour');
    expect(filled.longStoryDescription).toMatch(/Peckham Rye Morning began/);
    expect(filled.imageAlt).toMatch(/Peckham Rye Morning/);
    expect(filled.keywords.length).toBeGreaterThan(0);
    expect(filled.aiNotes).toMatch(/Stand-in answer/);
    expect(filled.lastAiGeneratedAt).toBeInstanceOf(Date);
    expect(filled.slug).toBe(empty.slug);
    expect(filled.previousContent).toMatchObject({
      source: 'ai-retrofit',
      previous: { seoTitle: null, longStoryDescription: null },
      applied: { seoTitle: 'Peckham Rye Morning | Watercolour' },
    });

    const kept = await read(handWritten.id);
    expect(kept.seoTitle).toBe('My Own SEO Title');
    expect(kept.metaDescription).toBe('My own words.');
    expect(kept.longStoryDescription).toMatch(/Camberwell Grove began/);
    expect((kept.previousContent as { applied: object }).applied).not.toHaveProperty('seoTitle');

    expect((await read(failing.id)).seoTitle).toBeNull();
    const logs = await asAdmin(db, admin, (tx) => listAiRetrofitLogs(tx));
    expect(logs[0]).toMatchObject({
      artworkId: failing.id,
      title: 'Forced AI-FAIL Painting',
      functionName: 'generate-artwork-details',
      errorMessage: expect.stringContaining('500'),
    });

    expect(invalidations).toEqual(
      expect.arrayContaining([
        { slugs: [empty.slug], redirects: false },
        { slugs: [handWritten.slug], redirects: false },
      ]),
    );
    expect(invalidations).toHaveLength(2);
    const queued = (await asSystem(db, 'test-setup', (sys) => sys.select().from(sitemapChanges))).map(
      (row) => row.path,
    );
    expect(queued).toContain(`/gallery/landscapes/${empty.slug}`);
    expect(queued).not.toContain(`/gallery/landscapes/${failing.slug}`);
  });

  it('retrofit mode: a bounded number of model calls at once', async () => {
    standIn.options.delayMs = 150;
    let inFlight = 0;
    let peak = 0;
    const rows = await Promise.all(Array.from({ length: 9 }, (_, i) => artwork(`Concurrent ${i}`)));
    const d = deps();
    const client = (config: Parameters<typeof createAiClient>[0]) => {
      const real = createAiClient(config);
      return {
        ...real,
        complete: async (m: Parameters<typeof real.complete>[0]) => {
          peak = Math.max(peak, ++inFlight);
          try {
            return await real.complete(m);
          } finally {
            inFlight--;
          }
        },
      };
    };
    const response = await handleGenerateRequest(
      new Request('http://localhost/x', {
        method: 'POST',
        body: JSON.stringify({ retrofitMode: true, artworkIds: rows.map((r) => r.id) }),
      }),
      { ...d, client },
    );
    standIn.options.delayMs = 0;
    expect(((await response.json()) as { results: { ok: boolean }[] }).results.every((r) => r.ok)).toBe(true);
    expect(peak).toBe(4);
  });

  it('retrofit mode: refuses a malformed batch with a message and changes nothing', async () => {
    expect((await call({ retrofitMode: true, artworkIds: [] })).body.error).toBe('No artworks to retrofit.');
    expect((await call({ retrofitMode: true, artworkIds: ['not-an-id'] })).status).toBe(400);
    expect(standIn.requests).toHaveLength(0);
  });

  it("'Restore previous text' puts back what the retrofit replaced, but not what the owner edited since", async () => {
    const row = await artwork('Nunhead Cemetery in Snow');
    await call({ retrofitMode: true, artworkIds: [row.id] });
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(artworks).set({ ogTitle: 'Edited by the owner' }).where(eq(artworks.id, row.id)),
    );
    invalidations = [];
    const { restored } = await restorePreviousText(deps(), row.id);
    expect(restored).toEqual(expect.arrayContaining(['seoTitle', 'longStoryDescription', 'imageAlt', 'keywords']));
    const back = await read(row.id);
    expect(back.seoTitle).toBeNull();
    expect(back.longStoryDescription).toBeNull();
    expect(back.imageAlt).toBeNull();
    expect(back.keywords).toEqual([]);
    expect(back.ogTitle).toBe('Edited by the owner');
    expect(back.previousContent).toBeNull();
    expect(invalidations).toEqual([{ slugs: [row.slug], redirects: false }]);
    await expect(restorePreviousText(deps(), row.id)).rejects.toThrow('There is no earlier text to restore.');
  });

  it('AI retrofit logs: newest first with the title, the id once the artwork is gone, cleared by an admin', async () => {
    const gone = await artwork('Soon Deleted AI-FAIL');
    await call({ retrofitMode: true, artworkIds: [gone.id] });
    await asSystem(db, 'test-setup', (sys) => sys.delete(artworks).where(eq(artworks.id, gone.id)));
    const logs = await asAdmin(db, admin, (tx) => listAiRetrofitLogs(tx));
    expect(logs[0]).toMatchObject({ title: null, artworkId: null });
    expect(await asAdmin(db, admin, (tx) => clearAiRetrofitLogs(tx))).toBeGreaterThan(0);
    expect(await asAdmin(db, admin, (tx) => listAiRetrofitLogs(tx))).toEqual([]);
  });
});
