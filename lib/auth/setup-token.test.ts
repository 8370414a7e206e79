import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { authUsers, profiles, setupTokens } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { verifyPassword } from '@/lib/users/password';
import { completeSetup, isSetupTokenValid, issueSetupToken, SETUP_TOKEN_TTL_MS } from './setup-token';
import { upsertLocalUser } from '@/lib/users/users';

const admins = (db: Database) =>
  asSystem(db, 'test-setup', (sys) =>
    sys
      .select({ email: authUsers.email, hash: authUsers.encryptedPassword })
      .from(profiles)
      .innerJoin(authUsers, eq(authUsers.id, profiles.userId))
      .where(eq(profiles.isAdmin, true)),
  );

describe.each(drivers)('first-run setup tokens on %s', (driver) => {
  let db: Database;
  beforeEach(async () => {
    db = await createTestDatabase(driver);
  });
  afterEach(() => db.close());

  const owner = (token: string) => ({ token, email: 'Owner@Example.com', password: 'pale blue heron at dusk' });

  it('stores only a hash; the token opens the form, makes the admin once, and is spent', async () => {
    const token = (await issueSetupToken(db))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await asSystem(db, 'test-setup', (sys) => sys.select().from(setupTokens));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await isSetupTokenValid(db, token)).toBe(true);

    expect(await completeSetup(db, owner(token))).toMatchObject({ userId: expect.any(String) });
    const [admin] = await admins(db);
    expect(admin?.email).toBe('owner@example.com');
    expect(await verifyPassword('pale blue heron at dusk', admin?.hash, 4)).toBe(true);
    // Single use, and no new token once an admin exists.
    expect(await isSetupTokenValid(db, token)).toBe(false);
    expect(await completeSetup(db, { ...owner(token), email: 'other@example.com' })).toBeNull();
    expect(await issueSetupToken(db)).toBeNull();
    expect(await admins(db)).toHaveLength(1);
  });

  it('two submits at once create one admin', async () => {
    const token = (await issueSetupToken(db))!;
    const results = await Promise.all([
      completeSetup(db, owner(token)),
      completeSetup(db, { ...owner(token), email: 'second@example.com' }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await admins(db)).toHaveLength(1);
  });

  it('works for one hour only', async () => {
    const issued = new Date('2026-11-23T10:00:00Z');
    const token = (await issueSetupToken(db, issued))!;
    const later = new Date(issued.getTime() + SETUP_TOKEN_TTL_MS + 1);
    expect(await isSetupTokenValid(db, token, new Date(issued.getTime() + SETUP_TOKEN_TTL_MS - 1000))).toBe(true);
    expect(await isSetupTokenValid(db, token, later)).toBe(false);
    expect(await completeSetup(db, owner(token), later)).toBeNull();
    expect(await admins(db)).toHaveLength(0);
  });

  it('a new link replaces the old one; unknown and malformed tokens open nothing', async () => {
    const first = (await issueSetupToken(db))!;
    const second = (await issueSetupToken(db))!;
    expect(await isSetupTokenValid(db, first)).toBe(false);
    expect(await isSetupTokenValid(db, second)).toBe(true);
    expect(await isSetupTokenValid(db, 'A'.repeat(43))).toBe(false);
    expect(await isSetupTokenValid(db, "' or 1=1 --")).toBe(false);
    expect(await completeSetup(db, owner('A'.repeat(43)))).toBeNull();
  });

  it('an admin made another way (the users CLI) closes setup, and an existing account can become the admin', async () => {
    const token = (await issueSetupToken(db))!;
    await upsertLocalUser(db, { email: 'owner@example.com', password: 'an older password' });
    expect(await completeSetup(db, owner(token))).not.toBeNull();
    const [admin] = await admins(db);
    expect(await verifyPassword('pale blue heron at dusk', admin?.hash, 4)).toBe(true);

    const other = await createTestDatabase(driver);
    try {
      const token2 = (await issueSetupToken(other))!;
      await upsertLocalUser(other, { email: 'cli@example.com', password: 'cli password 123', admin: true });
      expect(await isSetupTokenValid(other, token2)).toBe(false);
      expect(await completeSetup(other, owner(token2))).toBeNull();
    } finally {
      await other.close();
    }
  });
});
