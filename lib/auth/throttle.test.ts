import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openPostgres, type Database } from '@/lib/db/client';
import { asSystem } from '@/lib/db/roles';
import { loginAttempts } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/lib/db/testing';
import { isThrottled, MAX_FAILURES, pruneAttempts, recordAttempt, WINDOW_MS } from './throttle';

const MINUTE = 60 * 1000;

async function fail(db: Database, key: { email: string; ip: string }, times: number, at: Date) {
  for (let i = 0; i < times; i++) await recordAttempt(db, key, false, at);
}

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
    for (let i = 0; i < MAX_FAILURES - 1; i++) await recordAttempt(db, { email, ip: `198.51.100.${i}` }, false, now);
    expect(await isThrottled(db, { email, ip: '192.0.2.1' }, now)).toBe(false);
    await recordAttempt(db, { email: ' Owner@Example.com ', ip: '198.51.100.99' }, false, now);
    expect(await isThrottled(db, { email, ip: '192.0.2.1' }, now)).toBe(true);
    expect(await isThrottled(db, { email: 'OWNER@example.com', ip: '192.0.2.1' }, now)).toBe(true);
    // Another account is unaffected.
    expect(await isThrottled(db, { email: 'someone@example.com', ip: '192.0.2.1' }, now)).toBe(false);
    // 15 minutes later the window has passed.
    expect(await isThrottled(db, { email, ip: '192.0.2.1' }, new Date(now.getTime() + WINDOW_MS + 1000))).toBe(false);
  });

  it(`refuses an address after ${MAX_FAILURES} failures in 15 minutes, across accounts`, async () => {
    const now = new Date('2030-03-02T10:00:00Z');
    const ip = '203.0.113.50';
    for (let i = 0; i < MAX_FAILURES; i++) await recordAttempt(db, { email: `guess${i}@example.com`, ip }, false, now);
    expect(await isThrottled(db, { email: 'fresh@example.com', ip }, now)).toBe(true);
    expect(await isThrottled(db, { email: 'fresh@example.com', ip: '203.0.113.51' }, now)).toBe(false);
    expect(await isThrottled(db, { email: 'fresh@example.com', ip }, new Date(now.getTime() + WINDOW_MS + 1000))).toBe(false);
  });

  it('a successful sign-in resets its own account, but not the address counter for other accounts', async () => {
    const now = new Date('2030-03-03T10:00:00Z');
    const ip = '203.0.113.77';
    const mine = { email: 'mine@example.com', ip };
    await fail(db, mine, 5, new Date(now.getTime() - 5 * MINUTE));
    await fail(db, { email: 'victim@example.com', ip }, 4, new Date(now.getTime() - 4 * MINUTE));
    await recordAttempt(db, mine, true, new Date(now.getTime() - 3 * MINUTE));
    // Own account: the five failures before the success no longer count.
    await fail(db, { email: 'mine@example.com', ip: '192.0.2.200' }, 1, new Date(now.getTime() - 2 * MINUTE));
    expect(await isThrottled(db, { email: 'mine@example.com', ip: '192.0.2.200' }, now)).toBe(false);
    // Address: 5 + 4 failures still count; one more makes ten.
    expect(await isThrottled(db, { email: 'victim@example.com', ip }, now)).toBe(false);
    await recordAttempt(db, { email: 'victim@example.com', ip }, false, new Date(now.getTime() - MINUTE));
    expect(await isThrottled(db, { email: 'victim@example.com', ip }, now)).toBe(true);
  });

  it('housekeeping drops attempts older than a day', async () => {
    const now = new Date('2030-03-10T10:00:00Z');
    const key = { email: 'old@example.com', ip: '198.51.100.200' };
    await fail(db, key, MAX_FAILURES, new Date(now.getTime() - 2 * 24 * 60 * MINUTE));
    await fail(db, key, MAX_FAILURES, now);
    expect(await isThrottled(db, key, now)).toBe(true);
    await pruneAttempts(db, now);
    const left = await asSystem(db, 'test-setup', (d) => d.select({ n: count() }).from(loginAttempts).where(eq(loginAttempts.email, key.email)));
    expect(left[0]?.n).toBe(MAX_FAILURES);
    expect(await isThrottled(db, key, now)).toBe(true);
  });
});

describe('sign-in throttling across servers (two connections to one PostgreSQL)', () => {
  const base = inject('postgresUrl');
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  let serverA: Database;
  let serverB: Database;

  beforeAll(async () => {
    const admin = postgres(`${base}/postgres`, { onnotice: () => {}, max: 1 });
    await admin.unsafe(`create database ${name} template wc_template`);
    await admin.end();
    serverA = await openPostgres(`${base}/${name}`, { max: 2 });
    serverB = await openPostgres(`${base}/${name}`, { max: 2 });
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
    for (let i = 0; i < MAX_FAILURES; i++) await recordAttempt(i % 2 ? serverA : serverB, key, false, now);
    expect(await isThrottled(serverA, key, now)).toBe(true);
    expect(await isThrottled(serverB, key, now)).toBe(true);
    expect(await isThrottled(serverB, { email: 'owner@example.com', ip: '198.51.100.8' }, now)).toBe(true);
    expect(await isThrottled(serverA, { email: 'other@example.com', ip: '198.51.100.7' }, now)).toBe(true);
    expect(await isThrottled(serverA, { email: 'other@example.com', ip: '198.51.100.8' }, now)).toBe(false);
  });
});
