import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

// "Save" on the discount settings (docs/product.md, The subscriber discount) as the server action
// anyone could post to: admins only, every field checked, nothing saved on an error, and the
// public pages that name the discount expired.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return { request: undefined as unknown as RequestDouble, db: undefined as Database | undefined };
});
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('next/cache', () => ({ updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { saveDiscountSettings } = await import('./discount-actions');
const { readDiscountSettings } = await import('./discount-settings');
const { upsertLocalUser } = await import('@/lib/users/users');
const { createSession } = await import('@/lib/auth/local/sessions');
const { SESSION_COOKIE } = await import('@/lib/auth/local/cookie');
const { updateTag } = await import('next/cache');

describe('saveDiscountSettings', () => {
  let db: Database;
  let adminToken: string;
  let viewerToken: string;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    const admin = await upsertLocalUser(db, {
      email: 'owner@example.com',
      password: 'owner password 123',
      admin: true,
    });
    const viewer = await upsertLocalUser(db, { email: 'viewer@example.com', password: 'viewer password 123' });
    adminToken = (await createSession(db, admin.id)).token;
    viewerToken = (await createSession(db, viewer.id)).token;
  });
  afterAll(() => db?.close());
  beforeEach(() => {
    scope.request = new RequestDouble();
    vi.mocked(updateTag).mockClear();
  });
  const as = (token: string) => scope.request.cookieStore().set(SESSION_COOKIE, token);

  it('refuses anyone but an admin, and saves nothing', async () => {
    expect(await saveDiscountSettings({ on: false, percent: '10', kinds: ['print'] })).toEqual({
      ok: false,
      error: 'Sign in required',
    });
    as(viewerToken);
    expect(await saveDiscountSettings({ on: false, percent: '10', kinds: ['print'] })).toMatchObject({ ok: false });
    expect(await readDiscountSettings(db)).toEqual({ on: true, percent: 20, kinds: ['print', 'card', 'coaster'] });
  });

  it('saves the owner’s choice and expires the site settings’ pages', async () => {
    as(adminToken);
    expect(await saveDiscountSettings({ on: true, percent: '25', kinds: ['gift', 'print'] })).toEqual({
      ok: true,
      data: { on: true, percent: 25, kinds: ['print', 'gift'] },
    });
    expect(await readDiscountSettings(db)).toEqual({ on: true, percent: 25, kinds: ['print', 'gift'] });
    expect(updateTag).toHaveBeenCalledWith('site-settings');
  });

  it('answers each bad field with its message by the field, and changes nothing', async () => {
    as(adminToken);
    const before = await readDiscountSettings(db);
    const result = await saveDiscountSettings({ on: true, percent: '95', kinds: [] });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        percent: ['Enter the discount as a whole percentage from 1 to 90.'],
        kinds: ['Choose at least one kind of item the discount applies to.'],
      },
    });
    expect(await readDiscountSettings(db)).toEqual(before);
    expect(updateTag).not.toHaveBeenCalled();
  });
});
