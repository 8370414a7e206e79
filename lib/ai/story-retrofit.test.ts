import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { listAiRetrofitLogs } from '@/lib/ai/retrofit-queries';
import { listStoryRetrofitCandidates } from '@/lib/ai/story-retrofit-queries';
import { asAdmin, asSystem, type Claims } from '@/lib/db/roles';
import { sitemapChanges, stories, type NewStoryRow, type StoryRow } from '@/lib/db/schema';
import { createTestDatabase, drivers, testAccount } from '@/tests/support/db';
import type { AppLogEntry } from '@/lib/log/app-log';
import { queueUrlChanges } from '@/lib/search-engines/changes';
import { STORY_LIMITS, saveStoryInputSchema } from '@/lib/stories/fields';
import { startOpenAiStandIn, type OpenAiStandIn } from '@/tests/support/openai-stand-in';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

const { createAiClient } = await import('./openai-adapter');
const { retrofitStories, STORY_HAS_NO_TEXT } = await import('./story-retrofit');
const { saveStoryRecord, StoryConflictError } = await import('@/lib/stories/save');

// The SEO retrofit's story part against a test database and the local OpenAI-compatible
// stand-in: only empty fields are filled, every write bumps the version (an editor open on the
// story gets a conflict), and the public caches of the stories written are invalidated.
describe.each(drivers)('the SEO retrofit for stories on %s', (driver) => {
  let db: Database;
  let standIn: OpenAiStandIn;
  let admin: Claims;
  let invalidations: string[][] = [];
  let logs: AppLogEntry[] = [];
  let counter = 0;

  beforeAll(async () => {
    [db, standIn] = await Promise.all([createTestDatabase(driver), startOpenAiStandIn()]);
    admin = await testAccount(db, 'owner@example.com', { admin: true });
  });
  afterAll(async () => {
    await Promise.all([db.close(), standIn.close()]);
  });
  beforeEach(() => {
    invalidations = [];
    logs = [];
    standIn.requests.length = 0;
    standIn.options.script = [];
  });

  const ai = () => createAiClient({ apiKey: 'test-key', baseURL: standIn.url, model: 'stand-in-model' });
  const deps = (client = ai()) => ({
    db,
    claims: admin,
    ai: client,
    invalidate: (slugs: string[]) => void invalidations.push(slugs),
    log: async (entry: AppLogEntry) => void logs.push(entry),
    queueChanges: queueUrlChanges,
  });

  async function story(title: string, values: Partial<NewStoryRow> = {}): Promise<StoryRow> {
    const slug = `${title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-${++counter}`;
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(stories)
        .values({ title, slug, content: `<p>${title} began on a grey morning by the pond.</p>`, ...values })
        .returning(),
    );
    return row!;
  }
  const read = async (id: string) =>
    (await asSystem(db, 'test-setup', (sys) => sys.select().from(stories).where(eq(stories.id, id))))[0]!;

  it('lists stories missing an excerpt, a meta title or a meta description, and only those with text', async () => {
    const empty = await story('Candidate Empty');
    const partial = await story('Candidate Partial', { excerpt: 'Mine.', metaTitle: 'Mine' });
    const done = await story('Complete', { excerpt: 'Mine.', metaTitle: 'Mine', metaDescription: 'Mine too.' });
    const blank = await story('Only a Title', { content: '' });
    const ids = (await asAdmin(db, admin, (tx) => listStoryRetrofitCandidates(tx))).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([empty.id, partial.id]));
    expect(ids).not.toContain(done.id);
    expect(ids).not.toContain(blank.id);
  });

  it('fills only the empty fields, keeps what the owner wrote, bumps the version and invalidates once', async () => {
    const published = await story('Heron at the Lido', {
      status: 'published',
      publishedAt: new Date(Date.now() - 60_000),
    });
    const handWritten = await story('Morning Pages', { metaTitle: 'My Own Meta Title', excerpt: 'My own excerpt.' });

    const results = await retrofitStories(deps(), [published.id, handWritten.id]);
    expect(results).toEqual([
      { id: published.id, ok: true, error: null },
      { id: handWritten.id, ok: true, error: null },
    ]);

    const filled = await read(published.id);
    expect(filled.excerpt).toMatch(/^Heron at the Lido: /);
    expect(filled.metaTitle).toBe('Heron at the Lido | Elena Marsh');
    expect(filled.metaDescription.length).toBeGreaterThanOrEqual(150);
    expect(filled.metaDescription.length).toBeLessThanOrEqual(STORY_LIMITS.metaDescription);
    expect(filled.version).toBe(published.version + 1);
    expect(filled.updatedAt.getTime()).toBeGreaterThan(published.updatedAt.getTime());
    // Tags, alt text, the slug and the story itself stay the owner's.
    expect(filled.tags).toEqual([]);
    expect(filled.imageAlt).toBe('');
    expect(filled.slug).toBe(published.slug);
    expect(filled.content).toBe(published.content);

    const kept = await read(handWritten.id);
    expect(kept.metaTitle).toBe('My Own Meta Title');
    expect(kept.excerpt).toBe('My own excerpt.');
    expect(kept.metaDescription).toMatch(/^Morning Pages: /);
    expect(kept.version).toBe(handWritten.version + 1);

    expect(invalidations).toHaveLength(1);
    expect([...invalidations[0]!].sort()).toEqual([published.slug, handWritten.slug].sort());
    const queued = (await asSystem(db, 'test-setup', (sys) => sys.select().from(sitemapChanges))).map(
      (row) => row.path,
    );
    expect(queued).toContain(`/blog/${published.slug}`);
    expect(queued).not.toContain(`/blog/${handWritten.slug}`);
  });

  it('an editor open on the story before the retrofit gets a conflict instead of saving over the new text', async () => {
    const row = await story('Two Tabs');
    await retrofitStories(deps(), [row.id]);
    const stale = saveStoryInputSchema.parse({
      id: row.id,
      version: row.version,
      intent: 'draft',
      fields: {
        title: row.title,
        slug: row.slug,
        excerpt: '',
        content: row.content,
        imageAlt: '',
        metaTitle: '',
        metaDescription: '',
        tags: '',
      },
    });
    await expect(
      saveStoryRecord({ db, claims: admin, invalidate: () => {}, notifySearchEngines: () => {} }, stale),
    ).rejects.toThrow(StoryConflictError);
    expect((await read(row.id)).metaTitle).toBe('Two Tabs | Elena Marsh');
  });

  it('never overwrites a field the owner filled while the model was writing', async () => {
    const row = await story('Typed Meanwhile');
    const real = ai();
    const client = {
      ...real,
      complete: async (...args: Parameters<typeof real.complete>) => {
        const answer = await real.complete(...args);
        await asSystem(db, 'test-setup', (sys) =>
          sys
            .update(stories)
            .set({ metaTitle: 'Typed by Hand', version: row.version + 1 })
            .where(eq(stories.id, row.id)),
        );
        return answer;
      },
    };
    expect(await retrofitStories(deps(client), [row.id])).toEqual([{ id: row.id, ok: true, error: null }]);
    const after = await read(row.id);
    expect(after.metaTitle).toBe('Typed by Hand');
    expect(after.excerpt).toMatch(/^Typed Meanwhile: /);
    expect(after.version).toBe(row.version + 2);
  });

  it('sends the story text and no image: the retrofit never writes alt text', async () => {
    const row = await story('Plain Request', { content: '<p>Rain on <em>Peckham Rye</em>.</p>' });
    await retrofitStories(deps(), [row.id]);
    const parts = standIn.requests[0]!.body.messages!.find((m) => m.role === 'user')!.content as {
      type: string;
      text?: string;
    }[];
    expect(parts.map((p) => p.type)).toEqual(['text']);
    expect(parts[0]!.text).toContain('Rain on Peckham Rye.');
    expect(standIn.requests[0]!.body.response_format!.json_schema!.name).toBe('story_details');
  });

  it('a failure stops only that story: logged for the AI Retrofit Logs with the story named, nothing written', async () => {
    const failing = await story('Broken AI-FAIL Story');
    const fine = await story('Fine Story');
    const noText = await story('Just a Title', { content: '<p> </p>' });
    const results = await retrofitStories(deps(), [failing.id, fine.id, noText.id]);
    expect(results).toEqual([
      { id: failing.id, ok: false, error: expect.stringContaining('The AI server answered 500') },
      { id: fine.id, ok: true, error: null },
      { id: noText.id, ok: false, error: STORY_HAS_NO_TEXT },
    ]);
    const untouched = await read(failing.id);
    expect(untouched.metaTitle).toBe('');
    expect(untouched.version).toBe(failing.version);
    const logged = await asAdmin(db, admin, (tx) => listAiRetrofitLogs(tx));
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          artworkId: null,
          functionName: 'generate-story-details',
          errorMessage: expect.stringMatching(/^Story "Broken AI-FAIL Story": The AI server answered 500/),
        }),
        expect.objectContaining({
          functionName: 'generate-story-details',
          errorMessage: `Story "Just a Title": ${STORY_HAS_NO_TEXT}`,
        }),
      ]),
    );
    expect(logs.map((entry) => entry.message)).toContain(
      `AI retrofit failed for story ${noText.id}: ${STORY_HAS_NO_TEXT}`,
    );
    expect(invalidations).toEqual([[fine.slug]]);
  });

  it('leaves a story that needs nothing alone: no model call, no write', async () => {
    const done = await story('Nothing to Do', { excerpt: 'Mine.', metaTitle: 'Mine', metaDescription: 'Mine too.' });
    expect(await retrofitStories(deps(), [done.id])).toEqual([{ id: done.id, ok: true, error: null }]);
    expect(standIn.requests).toHaveLength(0);
    expect((await read(done.id)).version).toBe(done.version);
    expect(invalidations).toEqual([]);
  });
});
