/**
 * `npm run bench:retrofit`: the AI SEO Retrofit over 100 artworks, against the local
 * OpenAI-compatible stand-in answering each call in 500 ms, with batch sizes 1, 5 and 20.
 *
 * Each run does what the retrofit screen does: the candidate select, then one request of
 * generate-artwork-details in retrofit mode per batch, one after another, through the route's
 * own handler (lib/ai/handler.ts) with the real openai SDK, database writes as an admin on
 * PGlite (previous_content, URL changes queued), the 800-wide image read from local storage
 * and sent as a data URL. The artworks are emptied again between runs.
 *
 * Results: bench-results/retrofit.json and bench-results/retrofit.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { HandlerDeps } from '@/lib/ai/handler';

const ARTWORKS = 100;
const DELAY_MS = 500;
const BATCH_SIZES = [1, 5, 20];

async function main() {
  // Before the logger loads: one line per model call would drown the figures.
  process.env.LOG_LEVEL ??= 'silent';
  const [
    { createAiClient },
    { handleGenerateRequest },
    { RETROFIT_CONCURRENCY },
    { upsertLocalUser },
    { openPglite },
    { listRetrofitCandidates },
    { asAdmin, asSystem },
    { artworks },
    { queueUrlChanges },
    { createLocalStorage },
    { startOpenAiStandIn },
    { inBatches },
  ] = await Promise.all([
    import('@/lib/ai/openai-adapter'),
    import('@/lib/ai/handler'),
    import('@/lib/ai/retrofit'),
    import('@/lib/users/users'),
    import('@/lib/db/pglite-adapter'),
    import('@/lib/ai/retrofit-queries'),
    import('@/lib/db/roles'),
    import('@/lib/db/schema'),
    import('@/lib/search-engines/changes'),
    import('@/lib/storage/local-adapter'),
    import('@/tests/support/openai-stand-in'),
    import('@/components/admin/seo-retrofit/batch-size'),
  ]);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-retrofit-'));
  const [db, standIn] = await Promise.all([openPglite(), startOpenAiStandIn({ delayMs: DELAY_MS })]);
  const storage = createLocalStorage(root);
  try {
    const user = await upsertLocalUser(db, { email: 'bench@example.com', password: 'bench password 123', admin: true });
    const claims = { sub: user.id, email: 'bench@example.com', role: 'authenticated' as const };
    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a9bb0' } })
      .webp({ quality: 80 })
      .toBuffer();
    const rows = await asSystem(db, 'benchmark', async (sys) => {
      const made = [];
      for (let i = 0; i < ARTWORKS; i++) {
        const url = await storage.putPublic(`landscapes/bench-${i}/1-800.webp`, image, 'image/webp');
        made.push({
          title: `Bench Painting ${i + 1}`,
          slug: `bench-painting-${i + 1}`,
          category: 'Landscapes',
          imageUrl: url,
          imageThumb800Url: url,
          imageAlt: `Bench painting ${i + 1}`,
          status: 'published' as const,
        });
      }
      return sys.insert(artworks).values(made).returning({ id: artworks.id });
    });
    const ids = rows.map((r) => r.id);
    const deps: HandlerDeps = {
      db,
      claims,
      storage,
      config: { apiKey: 'bench-key', baseURL: standIn.url, model: 'stand-in-model' },
      client: (config) => createAiClient(config),
      invalidate: () => {},
      log: async () => {},
      queueChanges: queueUrlChanges,
    };

    const results: { batchSize: number; seconds: number; calls: number; ok: number }[] = [];
    for (const batchSize of BATCH_SIZES) {
      await asSystem(db, 'benchmark', (sys) =>
        sys
          .update(artworks)
          .set({
            seoTitle: null,
            longStoryDescription: null,
            metaDescription: null,
            description: null,
            keywords: [],
            ogTitle: null,
            ogDescription: null,
            twitterTitle: null,
            twitterDescription: null,
            schemaJson: null,
            previousContent: null,
          })
          .where(inArray(artworks.id, ids)),
      );
      standIn.requests.length = 0;
      const start = performance.now();
      const candidates = await asAdmin(db, claims, (tx) => listRetrofitCandidates(tx));
      let ok = 0;
      for (const batch of inBatches(
        candidates.map((c) => c.id),
        batchSize,
      )) {
        const response = await handleGenerateRequest(
          new Request('http://localhost/api/generate-artwork-details', {
            method: 'POST',
            body: JSON.stringify({ artworkIds: batch, retrofitMode: true }),
          }),
          deps,
        );
        const body = (await response.json()) as { results: { ok: boolean }[] };
        ok += body.results.filter((r) => r.ok).length;
      }
      const seconds = (performance.now() - start) / 1000;
      results.push({ batchSize, seconds: Math.round(seconds * 10) / 10, calls: standIn.requests.length, ok });
      console.log(
        `batch ${batchSize}: ${seconds.toFixed(1)} s, ${ok}/${candidates.length} artworks updated, ${standIn.requests.length} model calls`,
      );
    }

    const out = {
      date: new Date().toISOString(),
      artworks: ARTWORKS,
      modelDelayMs: DELAY_MS,
      concurrencyPerRequest: RETROFIT_CONCURRENCY,
      cpus: os.cpus().length,
      loadavg: os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / '),
      results,
    };
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync('bench-results/retrofit.json', `${JSON.stringify(out, null, 2)}\n`);
    fs.writeFileSync(
      'bench-results/retrofit.md',
      [
        `# AI SEO Retrofit: ${ARTWORKS} artworks, stand-in model answering in ${DELAY_MS} ms`,
        '',
        `${out.date}, ${out.cpus} CPUs (load ${out.loadavg}); up to ${RETROFIT_CONCURRENCY} model calls at once within a request, batches one after another.`,
        '',
        '| batch size | total seconds | artworks updated | model calls |',
        '| --- | --- | --- | --- |',
        ...results.map((r) => `| ${r.batchSize} | ${r.seconds} | ${r.ok} | ${r.calls} |`),
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.all([db.close(), standIn.close()]);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
