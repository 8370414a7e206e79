import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { logsApp } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { createSession, verifySession } from '@/lib/auth/local/sessions';
import { upsertLocalUser } from './users';

vi.stubEnv('BCRYPT_COST', '4');

describe.each(drivers)('local accounts on %s: a password change signs the user out everywhere', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(() => db.close());

  it('a new password (the users CLI, or a changed ADMIN_PASSWORD at start) revokes every session of that user only', async () => {
    const owner = await upsertLocalUser(db, { email: 'owner@example.com', password: 'first password', admin: true });
    const other = await upsertLocalUser(db, { email: 'other@example.com', password: 'other password' });
    expect(owner).toMatchObject({ created: true, passwordChanged: false });
    const laptop = await createSession(db, owner.id);
    const phone = await createSession(db, owner.id, {}, new Date(), 'aal2');
    const bystander = await createSession(db, other.id);

    const changed = await upsertLocalUser(db, { email: 'Owner@Example.com', password: 'second password', admin: true });
    expect(changed).toEqual({ id: owner.id, created: false, passwordChanged: true, sessionsRevoked: 2 });
    expect(await verifySession(db, laptop.token)).toBeNull();
    expect(await verifySession(db, phone.token)).toBeNull();
    expect(await verifySession(db, bystander.token)).not.toBeNull();
    // A security event, kept apart from the other logs (lib/log/security-events.ts).
    const events = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(logsApp).where(eq(logsApp.type, 'security')),
    );
    expect(events).toEqual([
      expect.objectContaining({
        level: 'info',
        message: 'Password changed: the account was signed out everywhere',
        userId: owner.id,
        meta: { email: 'owner@example.com', sessionsRevoked: 2 },
      }),
    ]);
  });

  it('the same password again (ADMIN_PASSWORD at every start) changes nothing and keeps everyone signed in', async () => {
    const { id } = await upsertLocalUser(db, { email: 'steady@example.com', password: 'steady password', admin: true });
    const session = await createSession(db, id);
    expect(
      await upsertLocalUser(db, { email: 'steady@example.com', password: 'steady password', admin: true }),
    ).toEqual({ id, created: false, passwordChanged: false, sessionsRevoked: 0 });
    expect(await verifySession(db, session.token)).not.toBeNull();
  });

  it('several servers starting together with ADMIN_EMAIL make one admin, and none of them fails', async () => {
    const admin = { email: 'first-boot@example.com', password: 'first boot password', admin: true };
    const results = await Promise.all(Array.from({ length: 4 }, () => upsertLocalUser(db, admin)));
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    // The others found the same password: nothing to change, nobody signed out.
    expect(results.every((result) => !result.passwordChanged && result.sessionsRevoked === 0)).toBe(true);
  });
});
