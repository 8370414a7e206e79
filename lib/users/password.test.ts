import bcrypt from 'bcryptjs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/lib/env';
import { dummyHash, hashPassword, verifyPassword } from './password';

// env() is read once per test file, on first use: this file configures its own cost, so what it
// asserts does not depend on the cost the test run sets for speed.
vi.stubEnv('BCRYPT_COST', '5');
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('password hashing cost', () => {
  it('defaults to cost 12 in production, and a hash made at that cost carries it ($2b$12$)', async () => {
    const cost = parseEnv({}).BCRYPT_COST;
    expect(cost).toBe(12);
    const hash = await hashPassword('correct horse battery staple', cost);
    expect(hash).toMatch(/^\$2b\$12\$/);
    expect(await verifyPassword('correct horse battery staple', hash, cost)).toBe(true);
  });

  it('hashes new passwords at the configured BCRYPT_COST', async () => {
    const hash = await hashPassword('viewer password 123');
    expect(hash).toMatch(/^\$2b\$05\$/);
    expect(bcrypt.getRounds(hash)).toBe(5);
  });

  it('verifies a hash of any cost, whatever the configured cost (the hash records its own)', async () => {
    const old = await bcrypt.hash('an older password', 10);
    expect(await verifyPassword('an older password', old)).toBe(true);
    expect(await verifyPassword('a wrong password', old)).toBe(false);
    expect(await verifyPassword('an older password', old, 4)).toBe(true);
  });

  it('compares an unknown account against a dummy hash of the configured cost, so timing matches', async () => {
    for (const cost of [4, 5, 12, 15]) expect(bcrypt.getRounds(dummyHash(cost))).toBe(cost);
    expect(await verifyPassword('anything at all', null)).toBe(false);
    expect(await verifyPassword('anything at all', undefined, 4)).toBe(false);
  });
});

describe('passwords bcrypt would cut short', () => {
  it('refuses to hash a password over 72 bytes: two of them sharing their first 72 would both sign in', async () => {
    const first72 = 'a long passphrase about herons, estuaries and the light over the marshes';
    expect(new TextEncoder().encode(first72).byteLength).toBe(72);
    await expect(hashPassword(`${first72} at dusk`)).rejects.toThrow(/at most 72 bytes/);
    await expect(hashPassword('é'.repeat(37))).rejects.toThrow(/at most 72 bytes/);
    expect(await verifyPassword(first72, await hashPassword(first72))).toBe(true);
  });
});
