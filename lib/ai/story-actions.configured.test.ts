import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { RequestDouble } from '@/tests/support/request-double';
import { createTestDatabase } from '@/tests/support/db';
import type { OpenAiStandIn } from '@/tests/support/openai-stand-in';

// The story AI actions as the editor and the retrofit call them, with the AI configured: the
// real guard, wiring (storyAiDeps) and database, the model the local stand-in. Next's cache API
// is a spy, so the invalidation after a retrofit write is seen as the tags it expires.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return { request: undefined as unknown as RequestDouble, db: undefined as Database | undefined, aiUrl: '' };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('next/cache', () => ({ updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
// OPENAI_API_KEY is read once per process (lib/env.ts); the stand-in's port is known only at run time.
vi.mock('@/lib/ai', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./index')>()),
  aiConfig: () => ({ apiKey: 'test-key', baseURL: scope.aiUrl, model: 'stand-in-model' }),
}));

const { suggestStoryDetailsAction, retrofitStoriesAction } = await import('./story-actions');
const { updateTag } = await import('next/cache');
const { startOpenAiStandIn } = await import('@/tests/support/openai-stand-in');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { asSystem } = await import('@/lib/db/roles');
const { stories } = await import('@/lib/db/schema');

describe('story AI actions with the AI configured', () => {
  let db: Database;
  let standIn: OpenAiStandIn;
  let adminToken: string;

  beforeAll(async () => {
    [db, standIn] = await Promise.all([createTestDatabase('pglite'), startOpenAiStandIn()]);
    scope.db = db;
    scope.aiUrl = standIn.url;
    const admin = await upsertLocalUser(db, {
      email: 'owner@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    adminToken = (await createSession(db, admin.id)).token;
  });
  afterAll(async () => {
    await Promise.all([db.close(), standIn.close()]);
  });
  beforeEach(() => {
    scope.request = new RequestDouble();
    scope.request.cookieStore().set(SESSION_COOKIE, adminToken);
    standIn.requests.length = 0;
    vi.mocked(updateTag).mockClear();
  });

  it("'Suggest with AI': the suggestion set for the editor, with no alt text without a cover", async () => {
    const result = await suggestStoryDetailsAction({
      title: 'Frost on the Common',
      category: 'Inspiration',
      text: 'The common was white at seven.',
      coverUrl: null,
    });
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        metaTitle: 'Frost on the Common | Elena Marsh',
        imageAlt: null,
        tags: ['watercolour', 'south london', 'frost on the common'],
      }),
    });
    expect(standIn.requests).toHaveLength(1);
  });

  it('a retrofit batch fills the story, bumps its version, and expires the story caches (updateTag, from an action)', async () => {
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(stories)
        .values({ title: 'Fog over the Thames', slug: 'fog-over-the-thames', content: '<p>Fog, all day.</p>' })
        .returning(),
    );
    const result = await retrofitStoriesAction({ ids: [row!.id] });
    expect(result).toEqual({ ok: true, data: [{ id: row!.id, ok: true, error: null }] });
    const [after] = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(stories).where(eq(stories.id, row!.id)),
    );
    expect(after!.metaTitle).toBe('Fog over the Thames | Elena Marsh');
    expect(after!.version).toBe(row!.version + 1);
    const tags = vi.mocked(updateTag).mock.calls.map(([tag]) => tag);
    expect(tags).toEqual(expect.arrayContaining(['stories', 'redirects', 'story:fog-over-the-thames']));
  });
});
