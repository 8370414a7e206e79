import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { RequestDouble } from '@/tests/support/request-double';
import { createTestDatabase } from '@/tests/support/db';

// The story AI actions through their real guard (adminAction, requireAdmin) against a test
// database, as admin-action.test.ts does: only the request scope, the server-only marker, Next's
// cache API and the process's database handle are stood in for. No OPENAI_API_KEY here.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  delete process.env.OPENAI_API_KEY;
  return { request: undefined as unknown as RequestDouble, db: undefined as Database | undefined };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('next/cache', () => ({ updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { suggestStoryDetailsAction, retrofitStoriesAction, listStoryRetrofitCandidatesAction } =
  await import('./story-actions');
const { AI_ENABLE_HINT } = await import('./messages');
const { storyAiMessages } = await import('./story-fields');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { asSystem } = await import('@/lib/db/roles');
const { stories } = await import('@/lib/db/schema');

describe('story AI actions: admins only, and an honest answer without a key', () => {
  let db: Database;
  let adminToken: string;
  let viewerToken: string;
  let storyId: string;
  const request = { title: 'The Pond in Winter', category: 'Inspiration', text: 'Ice on the pond.', coverUrl: null };

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    const admin = await upsertLocalUser(db, {
      email: 'owner@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    adminToken = (await createSession(db, admin.id)).token;
    viewerToken = (await createSession(db, viewer.id)).token;
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(stories).values({ title: 'No Meta Yet', slug: 'no-meta-yet', content: '<p>Words.</p>' }).returning(),
    );
    storyId = row!.id;
  });
  afterAll(() => db.close());
  beforeEach(() => {
    scope.request = new RequestDouble();
  });
  const as = (token: string) => scope.request.cookieStore().set(SESSION_COOKIE, token);

  it('refuses without a session and for a non-admin, before reading the request', async () => {
    expect(await suggestStoryDetailsAction(request)).toEqual({ ok: false, error: 'Sign in required' });
    as(viewerToken);
    const restricted = { ok: false, error: 'This area is restricted to administrators only.' };
    expect(await suggestStoryDetailsAction(request)).toEqual(restricted);
    expect(await listStoryRetrofitCandidatesAction({})).toEqual(restricted);
    expect(await retrofitStoriesAction({ ids: [storyId] })).toEqual(restricted);
  });

  it("answers 'AI is not configured' with how to enable it, for the editor and the retrofit", async () => {
    as(adminToken);
    expect(await suggestStoryDetailsAction(request)).toEqual({
      ok: false,
      error: `AI is not configured. ${AI_ENABLE_HINT}`,
    });
    expect(await retrofitStoriesAction({ ids: [storyId] })).toEqual({
      ok: false,
      error: `AI is not configured. ${AI_ENABLE_HINT}`,
    });
  });

  it('says what is missing, and refuses an empty or oversized batch', async () => {
    as(adminToken);
    expect(await suggestStoryDetailsAction({ ...request, text: '' })).toMatchObject({
      ok: false,
      error: storyAiMessages.missingText,
    });
    expect(await retrofitStoriesAction({ ids: [] })).toMatchObject({ ok: false, error: 'No stories to retrofit.' });
    expect(await retrofitStoriesAction({ ids: ['not-an-id'] })).toMatchObject({ ok: false });
  });

  it('lists the story candidates for an admin', async () => {
    as(adminToken);
    expect(await listStoryRetrofitCandidatesAction({})).toEqual({
      ok: true,
      data: [{ id: storyId, title: 'No Meta Yet', status: 'draft' }],
    });
  });
});
