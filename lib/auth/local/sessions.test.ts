import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem, asUser, asVisitor } from '@/lib/db/roles';
import { authUsers, sessions } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { upsertLocalUser } from '@/lib/users/users';
import {
  createSession,
  deleteExpiredSessions,
  hashToken,
  IDLE_MS,
  MAX_AGE_MS,
  revokeSession,
  revokeUserSessions,
  verifySession,
} from './sessions';

const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)('local sessions on %s', (driver) => {
  let db: Database;
  let userId: string;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    ({ id: userId } = await upsertLocalUser(db, {
      email: 'owner@example.com',
      password: 'owner password',
      admin: true,
    }));
  });
  afterAll(() => db.close());

  it('creates a session that the cookie token verifies, storing only the token hash', async () => {
    const { token, expiresAt } = await createSession(db, userId, { ip: '203.0.113.9', userAgent: 'vitest' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const session = await verifySession(db, token);
    expect(session?.user).toEqual({ id: userId, email: 'owner@example.com' });
    expect(session?.claims).toEqual({ sub: userId, email: 'owner@example.com', role: 'authenticated' });
    expect(session?.expiresAt.getTime()).toBe(expiresAt.getTime());

    const rows = await asSystem(db, 'test-setup', (d) => d.select().from(sessions).where(eq(sessions.userId, userId)));
    const row = rows.find((r) => r.tokenHash === hashToken(token));
    expect(row).toBeDefined();
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row!.ip).toBe('203.0.113.9');
    expect(row!.userAgent).toBe('vitest');
  });

  it('refuses a forged, malformed or missing token', async () => {
    expect(await verifySession(db, crypto.randomBytes(32).toString('base64url'))).toBeNull();
    expect(await verifySession(db, 'not-a-token')).toBeNull();
    expect(await verifySession(db, "' or 1=1 --")).toBeNull();
    expect(await verifySession(db, '')).toBeNull();
    expect(await verifySession(db, undefined)).toBeNull();
    // The hash stored in the database is not a cookie value either.
    const { token } = await createSession(db, userId);
    expect(await verifySession(db, hashToken(token))).toBeNull();
  });

  it('expires after a week without use, and slides when used after more than a day', async () => {
    const start = new Date('2030-01-01T12:00:00Z');
    const { token, expiresAt } = await createSession(db, userId, {}, start);
    expect(expiresAt.getTime() - start.getTime()).toBe(IDLE_MS);

    // Used within a day: valid, expiry unchanged (no write on every request).
    const early = await verifySession(db, token, new Date(start.getTime() + 2 * 60 * 60 * 1000));
    expect(early?.expiresAt.getTime()).toBe(expiresAt.getTime());

    // Used after three days: extended to a week from then.
    const later = new Date(start.getTime() + 3 * DAY);
    const slid = await verifySession(db, token, later);
    expect(slid?.expiresAt.getTime()).toBe(later.getTime() + IDLE_MS);

    // Unused for more than a week after that: gone.
    expect(await verifySession(db, token, new Date(later.getTime() + IDLE_MS + 1000))).toBeNull();
  });

  it('never outlives the absolute maximum age, however often it is used', async () => {
    const start = new Date('2031-01-01T00:00:00Z');
    const { token } = await createSession(db, userId, {}, start);
    let now = start;
    for (let day = 2; day * DAY < MAX_AGE_MS; day += 2) {
      now = new Date(start.getTime() + day * DAY);
      const session = await verifySession(db, token, now);
      expect(session, `day ${day}`).not.toBeNull();
      expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(start.getTime() + MAX_AGE_MS);
    }
    expect(await verifySession(db, token, new Date(start.getTime() + MAX_AGE_MS + 1000))).toBeNull();
  });

  it('is revoked by sign-out, by signing the user out everywhere, and by deleting the user', async () => {
    const a = await createSession(db, userId);
    await revokeSession(db, a.token);
    expect(await verifySession(db, a.token)).toBeNull();

    const b = await createSession(db, userId);
    const c = await createSession(db, userId);
    expect(await revokeUserSessions(db, userId)).toBeGreaterThanOrEqual(2);
    expect(await verifySession(db, b.token)).toBeNull();
    expect(await verifySession(db, c.token)).toBeNull();

    const temp = await upsertLocalUser(db, { email: 'temp@example.com', password: 'temp password' });
    const d = await createSession(db, temp.id);
    expect(await verifySession(db, d.token)).not.toBeNull();
    await asSystem(db, 'test-setup', (s) => s.delete(authUsers).where(eq(authUsers.id, temp.id)));
    expect(await verifySession(db, d.token)).toBeNull();
  });

  it('housekeeping deletes expired sessions only', async () => {
    const old = await createSession(db, userId, {}, new Date('2020-01-01T00:00:00Z'));
    const fresh = await createSession(db, userId);
    await deleteExpiredSessions(db);
    const hashes = (await asSystem(db, 'test-setup', (d) => d.select({ h: sessions.tokenHash }).from(sessions))).map(
      (r) => r.h,
    );
    expect(hashes).not.toContain(hashToken(old.token));
    expect(hashes).toContain(hashToken(fresh.token));
  });

  it('is invisible to visitors and signed-in users (only the system connection reads it)', async () => {
    const claims = { sub: userId, email: 'owner@example.com', role: 'authenticated' as const };
    for (const attempt of [
      () => asVisitor(db, (tx) => tx.select().from(sessions)),
      () => asUser(db, claims, (tx) => tx.select().from(sessions)),
      () =>
        asUser(db, claims, (tx) =>
          tx.execute(
            sql`insert into app_private.sessions (token_hash, user_id, expires_at) values (repeat('a', 64), ${userId}, now() + interval '1 day')`,
          ),
        ),
    ]) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e as { code?: string; cause?: { code?: string } },
      );
      expect(error).not.toBeNull();
      expect(error?.cause?.code ?? error?.code).toBe('42501');
    }
  });
});
