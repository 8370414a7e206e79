import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres } from '@/lib/db/postgres-adapter';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { loginAttempts } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { beginAttempt, MAX_FAILURES, pruneAttempts, settleAttempt, WINDOW_MS, type AttemptKey } from './throttle';

const MINUTE = 60 * 1000;

/** A guess that turns out wrong: begun (recorded as a failure) and never settled as a success. */
async function fail(db: Database, key: AttemptKey, times: number, at: Date) {
  for (let i = 0; i < times; i++) await beginAttempt(db, key, 'password', at);
}
const allowed = async (db: Database, key: AttemptKey, at: Date) =>
  (await beginAttempt(db, key, 'password', at)) !== null;

describe.each(drivers)('sign-in throttling on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(() => db.close());

  it(`refuses an account after ${MAX_FAILURES} failures in 15 minutes, from any address`, async () => {
    const now = new Date('2030-03-01T10:00:00Z');
    const email = 'owner@example.com';
    // Spread over many addresses, as a distributed guesser would.
    for (let i = 0; i < MAX_FAILURES - 1; i++) await fail(db, { email, ip: `198.51.100.${i}` }, 1, now);
    await fail(db, { email: ' Owner@Example.com ', ip: '198.51.100.99' }, 1, now);
    expect(await allowed(db, { email, ip: '192.0.2.1' }, now)).toBe(false);
    expect(await allowed(db, { email: 'OWNER@example.com', ip: '192.0.2.1' }, now)).toBe(false);
    // Another account is unaffected.
    expect(await allowed(db, { email: 'someone@example.com', ip: '192.0.2.1' }, now)).toBe(true);
    // 15 minutes later the window has passed.
    expect(await allowed(db, { email, ip: '192.0.2.1' }, new Date(now.getTime() + WINDOW_MS + 1000))).toBe(true);
  });

  it(`refuses an address after ${MAX_FAILURES} failures in 15 minutes, across accounts`, async () => {
    const now = new Date('2030-03-02T10:00:00Z');
    const ip = '203.0.113.50';
    for (let i = 0; i < MAX_FAILURES; i++) await fail(db, { email: `guess${i}@example.com`, ip }, 1, now);
    expect(await allowed(db, { email: 'fresh@example.com', ip }, now)).toBe(false);
    expect(await allowed(db, { email: 'fresh@example.com', ip: '203.0.113.51' }, now)).toBe(true);
    expect(await allowed(db, { email: 'fresh2@example.com', ip }, new Date(now.getTime() + WINDOW_MS + 1000))).toBe(
      true,
    );
  });

  it('an IPv6 address counts as its /64: addresses in one /64 share a budget, the next /64 has its own', async () => {
    const now = new Date('2030-03-02T12:00:00Z');
    for (let i = 0; i < MAX_FAILURES; i++)
      await fail(db, { email: `v6guess${i}@example.com`, ip: `2001:db8:7:1::${(i + 1).toString(16)}` }, 1, now);
    expect(await allowed(db, { email: 'v6fresh@example.com', ip: '2001:db8:7:1:ffff:ffff:ffff:ffff' }, now)).toBe(
      false,
    );
    expect(await allowed(db, { email: 'v6fresh@example.com', ip: '2001:db8:7:2::1' }, now)).toBe(true);
    const stored = await asSystem(db, 'test-setup', (d) =>
      d
        .selectDistinct({ ip: loginAttempts.ip })
        .from(loginAttempts)
        .where(eq(loginAttempts.email, 'v6guess0@example.com')),
    );
    expect(stored).toEqual([{ ip: '2001:db8:7:1::/64' }]);
  });

  it('a success resets nothing: each guess in the window counts, for the account and the address', async () => {
    const now = new Date('2030-03-03T10:00:00Z');
    const ip = '203.0.113.77';
    const mine = { email: 'mine@example.com', ip };
    await fail(db, mine, 5, new Date(now.getTime() - 5 * MINUTE));
    const success = await beginAttempt(db, mine, 'password', new Date(now.getTime() - 4 * MINUTE));
    await settleAttempt(db, success!, true);
    await fail(db, { email: 'mine@example.com', ip: '192.0.2.200' }, 4, new Date(now.getTime() - 3 * MINUTE));
    expect(await allowed(db, { email: 'mine@example.com', ip: '192.0.2.201' }, now)).toBe(true); // the 10th failure
    expect(await allowed(db, { email: 'mine@example.com', ip: '192.0.2.202' }, now)).toBe(false);
    // The address: 5 failures, one success (not counted), nothing reset.
    await fail(db, { email: 'victim@example.com', ip }, 4, new Date(now.getTime() - MINUTE));
    expect(await allowed(db, { email: 'victim@example.com', ip }, now)).toBe(true);
    expect(await allowed(db, { email: 'victim2@example.com', ip }, now)).toBe(false);
  });

  it('a known device (device cookie) has a budget of its own, apart from unknown browsers and from other devices', async () => {
    const now = new Date('2030-03-04T10:00:00Z');
    const email = 'device-owner@example.com';
    await fail(db, { email, ip: '198.51.100.1' }, 50, now);
    expect(await allowed(db, { email, ip: '198.51.100.1' }, now)).toBe(false);
    // The owner's laptop, even from the guesser's address.
    const laptop = { email, ip: '198.51.100.1', device: 'laptop-nonce-aaaaaaaaaa' };
    expect(await allowed(db, laptop, now)).toBe(true);
    await fail(db, laptop, MAX_FAILURES - 1, now);
    expect(await allowed(db, laptop, now)).toBe(false);
    expect(await allowed(db, { ...laptop, device: 'phone-nonce-bbbbbbbbbbbb' }, now)).toBe(true);
  });

  it(`records before testing: 40 attempts at once are ${MAX_FAILURES} allowed, the rest refused`, async () => {
    const now = new Date('2030-03-05T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        beginAttempt(db, { email: 'rush@example.com', ip: `192.0.2.${i + 1}` }, 'password', now),
      ),
    );
    expect(results.filter((id) => id !== null)).toHaveLength(MAX_FAILURES);
  });

  it('housekeeping drops attempts older than a day', async () => {
    const now = new Date('2030-03-10T10:00:00Z');
    const key = { email: 'old@example.com', ip: '198.51.100.200' };
    await fail(db, key, MAX_FAILURES, new Date(now.getTime() - 2 * 24 * 60 * MINUTE));
    await fail(db, key, MAX_FAILURES, now);
    expect(await allowed(db, key, now)).toBe(false);
    await pruneAttempts(db, now);
    const left = await asSystem(db, 'test-setup', (d) =>
      d.select({ n: count() }).from(loginAttempts).where(eq(loginAttempts.email, key.email)),
    );
    expect(left[0]?.n).toBe(MAX_FAILURES);
    expect(await allowed(db, key, now)).toBe(false);
  });
});

describe('sign-in throttling across servers (two connection pools to one PostgreSQL)', () => {
  const base = inject('postgresUrl');
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  let serverA: Database;
  let serverB: Database;

  beforeAll(async () => {
    const admin = postgres(`${base}/postgres`, { onnotice: () => {}, max: 1 });
    await admin.unsafe(`create database ${name} template wc_template`);
    await admin.end();
    serverA = await openPostgres(`${base}/${name}`, { max: 5 });
    serverB = await openPostgres(`${base}/${name}`, { max: 5 });
  });
  afterAll(async () => {
    await serverA?.close();
    await serverB?.close();
    const admin = postgres(`${base}/postgres`, { onnotice: () => {}, max: 1 });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('failures recorded by one server throttle sign-in on the other', async () => {
    const now = new Date();
    const key = { email: 'owner@example.com', ip: '198.51.100.7' };
    // Alternate servers, as a load balancer would.
    for (let i = 0; i < MAX_FAILURES; i++) await fail(i % 2 ? serverA : serverB, key, 1, now);
    expect(await allowed(serverA, key, now)).toBe(false);
    expect(await allowed(serverB, { email: 'owner@example.com', ip: '198.51.100.8' }, now)).toBe(false);
    expect(await allowed(serverA, { email: 'other@example.com', ip: '198.51.100.7' }, now)).toBe(false);
    expect(await allowed(serverA, { email: 'other@example.com', ip: '198.51.100.8' }, now)).toBe(true);
  });

  it(`40 attempts at once, split over two servers and ten connections: ${MAX_FAILURES} allowed`, async () => {
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        beginAttempt(
          i % 2 ? serverA : serverB,
          { email: 'concurrent@example.com', ip: `203.0.113.${i + 1}` },
          'password',
          now,
        ),
      ),
    );
    expect(results.filter((id) => id !== null)).toHaveLength(MAX_FAILURES);
  });
});
