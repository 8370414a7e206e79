import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

// The real bulk actions, adminAction, requireAdmin and local sessions against a test database,
// called as the browser (or an attacker) posts to them; only Next's request scope and its
// cache API are stood in for, the latter recording every tag it is asked to expire.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return {
    request: undefined as unknown as { cookieStore(): unknown; headers: Headers },
    db: undefined as Database | undefined,
    tags: [] as string[],
  };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('next/cache', () => ({
  updateTag: (tag: string) => void scope.tags.push(tag),
  revalidateTag: (tag: string) => void scope.tags.push(tag),
}));

const { bulkUpdate, bulkDelete } = await import('./bulk-actions');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { asSystem } = await import('@/lib/db/roles');
const { artworks } = await import('@/lib/db/schema');

function asRequest(token: string | undefined) {
  const request = new RequestDouble();
  if (token) request.cookieStore().set(SESSION_COOKIE, token);
  scope.request = request;
}

describe('bulk manage server actions', () => {
  let db: Database;
  let ids: string[];
  const tokens: Record<string, string | undefined> = {};

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    const admin = await upsertLocalUser(db, {
      email: 'admin@example.com',
      password: 'correct horse battery staple',
      admin: true,
    });
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    tokens.admin = (await createSession(db, admin.id)).token;
    tokens.viewer = (await createSession(db, viewer.id)).token;
    const rows = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values(
          ['one', 'two', 'three'].map((n) => ({
            title: `Bulk ${n}`,
            slug: `bulk-${n}`,
            category: 'Landscapes',
            price: '100',
          })),
        )
        .returning({ id: artworks.id }),
    );
    ids = rows.map((row) => row.id);
  });
  afterAll(() => db.close());
  beforeEach(() => {
    scope.tags = [];
  });

  const snapshot = () =>
    asSystem(db, 'test-setup', (sys) =>
      sys
        .select({ id: artworks.id, category: artworks.category, price: artworks.price })
        .from(artworks)
        .where(inArray(artworks.id, ids)),
    );

  it.each([
    ['no session', undefined, 'Sign in required'],
    ['a signed-in non-admin', 'viewer', 'This area is restricted to administrators only.'],
  ])('refuses %s and changes nothing', async (_who, account, message) => {
    const before = await snapshot();
    asRequest(account ? tokens[account] : undefined);
    expect(await bulkUpdate({ selection: { kind: 'ids', ids }, category: 'Animals' })).toEqual({
      ok: false,
      error: message,
    });
    expect(await bulkDelete({ selection: { kind: 'matching', q: '', expected: 3 } })).toEqual({
      ok: false,
      error: message,
    });
    expect(await snapshot()).toEqual(before);
    expect(scope.tags).toEqual([]);
  });

  it.each([
    ['nothing is selected', { selection: { kind: 'ids', ids: [] }, category: 'Animals' }, 'No artworks selected'],
    [
      '"all matching" matched nothing',
      { selection: { kind: 'matching', q: 'none', expected: 0 }, price: '5' },
      'No artworks selected',
    ],
    [
      'neither a category nor a price is given',
      { selection: { kind: 'ids', ids: ['00000000-0000-4000-8000-000000000000'] }, category: '', price: '  ' },
      'No update action specified',
    ],
    [
      'the price breaks the single form rule',
      { selection: { kind: 'ids', ids: ['00000000-0000-4000-8000-000000000000'] }, price: '9'.repeat(61) },
      'Keep this under 60 characters.',
    ],
    [
      'the category is not one of the six',
      { selection: { kind: 'ids', ids: ['00000000-0000-4000-8000-000000000000'] }, category: 'Portraits' },
      'Choose one of the six categories.',
    ],
  ])('says so when %s', async (_case, input, message) => {
    asRequest(tokens.admin);
    expect(await bulkUpdate(input)).toMatchObject({ ok: false, error: message });
    expect(scope.tags).toEqual([]);
  });

  it('updates as an admin and expires each public tag once', async () => {
    asRequest(tokens.admin);
    expect(await bulkUpdate({ selection: { kind: 'ids', ids }, category: 'Animals', price: '250' })).toEqual({
      ok: true,
      data: { count: 3, change: { category: 'Animals', price: '250' } },
    });
    expect((await snapshot()).every((row) => row.category === 'Animals' && row.price === '250')).toBe(true);
    expect([...scope.tags].sort()).toEqual([
      'artwork:bulk-one',
      'artwork:bulk-three',
      'artwork:bulk-two',
      'artworks',
      'redirects',
    ]);
  });

  it('tells the admin what went wrong when the list changed, and changes nothing', async () => {
    asRequest(tokens.admin);
    const before = await snapshot();
    const result = await bulkDelete({ selection: { kind: 'matching', q: 'Bulk', expected: 2 } });
    expect(result).toEqual({
      ok: false,
      error:
        'The list has changed since it was loaded: 2 selected, 3 found now. Nothing was changed. Reload the page and try again.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('deletes every matching artwork as an admin', async () => {
    asRequest(tokens.admin);
    expect(await bulkDelete({ selection: { kind: 'matching', q: 'Bulk', expected: 3 } })).toEqual({
      ok: true,
      data: { count: 3 },
    });
    expect(await snapshot()).toEqual([]);
    expect([...scope.tags].sort()).toEqual([
      'artwork:bulk-one',
      'artwork:bulk-three',
      'artwork:bulk-two',
      'artworks',
      'redirects',
    ]);
  });
});
