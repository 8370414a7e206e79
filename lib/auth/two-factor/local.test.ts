import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { recoveryCodes, totpFactors } from '@/lib/db/schema';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { upsertLocalUser } from '@/lib/users/users';
import {
  confirmLocalEnrolment,
  disableLocalTwoFactor,
  localTwoFactorStatus,
  startLocalEnrolment,
  verifyLocalCode,
  type Keys,
} from './local';
import { open } from './secret-box';
import { totpCodeAt } from '@/tests/support/totp-codes';
import { TwoFactorError } from './types';

vi.stubEnv('BCRYPT_COST', '4');

const keys: Keys = { secret: crypto.randomBytes(32), recovery: crypto.randomBytes(32) };
const codeAt = totpCodeAt;
const STEP = 30_000;

describe.each(drivers)('two-factor sign-in for local accounts on %s', (driver) => {
  let db: Database;
  let user: { id: string; email: string };
  beforeAll(async () => {
    db = await createTestDatabase(driver);
    user = {
      id: (await upsertLocalUser(db, { email: 'owner@example.com', password: 'owner password 1' })).id,
      email: 'owner@example.com',
    };
  });
  afterAll(() => db.close());

  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (e: unknown) => (e instanceof TwoFactorError ? e.message : e),
    );

  it('enrols: a new secret as text, otpauth URI and QR code; stored only encrypted (AES-256-GCM), off until confirmed', async () => {
    const enrolment = await startLocalEnrolment(db, user, keys);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Elena%20Marsh%20Watercolours:owner%40example\.com\?/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const [row] = await asSystem(db, 'test-setup', (d) =>
      d.select().from(totpFactors).where(eq(totpFactors.userId, user.id)),
    );
    expect(row!.confirmedAt).toBeNull();
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    expect(row!.secretCiphertext).not.toContain(enrolment.secret);
    expect(open(row!.secretCiphertext, keys.secret, user.id)).toBe(enrolment.secret);
    // Another key, or the same ciphertext moved to another user's row, does not open.
    expect(() => open(row!.secretCiphertext, crypto.randomBytes(32), user.id)).toThrow();
    expect(() => open(row!.secretCiphertext, keys.secret, crypto.randomUUID())).toThrow();
    expect(await localTwoFactorStatus(db, user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(await verifyLocalCode(db, user.id, codeAt(enrolment.secret, new Date()), new Date(), keys)).toBeNull();
  });

  it('turns on only with a right code from the new secret, and gives ten recovery codes, stored hashed', async () => {
    const { secret } = await startLocalEnrolment(db, user, keys);
    const now = new Date();
    expect(
      await refusal(
        confirmLocalEnrolment(db, user.id, '000000' === codeAt(secret, now) ? '111111' : '000000', now, keys),
      ),
    ).toMatch(/did not work/);
    const codes = await confirmLocalEnrolment(db, user.id, codeAt(secret, now), now, keys);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await asSystem(db, 'test-setup', (d) =>
      d.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    );
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    expect(await localTwoFactorStatus(db, user.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // While it is on, a new set-up is refused (it would replace the secret without a code).
    expect(await refusal(startLocalEnrolment(db, user, keys))).toBe('Two-factor sign-in is already on.');
    // The code that confirmed it is used up.
    expect(await verifyLocalCode(db, user.id, codeAt(secret, now), now, keys)).toBeNull();

    // A TOTP code works once per time step; the next step's code works too.
    const later = new Date(now.getTime() + STEP);
    expect(await verifyLocalCode(db, user.id, codeAt(secret, later), later, keys)).toBe('totp');
    expect(await verifyLocalCode(db, user.id, codeAt(secret, later), later, keys)).toBeNull();
    // Two at once with one new code: exactly one wins.
    const next = new Date(now.getTime() + 2 * STEP);
    const both = await Promise.all([0, 1].map(() => verifyLocalCode(db, user.id, codeAt(secret, next), next, keys)));
    expect(both.filter((r) => r === 'totp')).toHaveLength(1);
    // An old code (older than one step of drift) is refused.
    const much = new Date(now.getTime() + 10 * STEP);
    expect(await verifyLocalCode(db, user.id, codeAt(secret, now), much, keys)).toBeNull();

    // A recovery code works once, typed however (case, spaces, without the hyphen).
    const [first, second] = codes as [string, string];
    expect(await verifyLocalCode(db, user.id, ` ${first.toUpperCase()} `, much, keys)).toBe('recovery');
    expect(await verifyLocalCode(db, user.id, first, much, keys)).toBeNull();
    expect(await verifyLocalCode(db, user.id, second.replace('-', ''), much, keys)).toBe('recovery');
    expect(await localTwoFactorStatus(db, user.id)).toEqual({ enabled: true, recoveryCodesLeft: 8 });
    // Someone else's code, or one hashed with another key, is nothing.
    expect(
      await verifyLocalCode(db, user.id, codes[2]!, much, { ...keys, recovery: crypto.randomBytes(32) }),
    ).toBeNull();
    expect(await verifyLocalCode(db, user.id, 'abcde-fghjk', much, keys)).toBeNull();
  });

  it('turns off: the secret and the recovery codes are gone', async () => {
    await disableLocalTwoFactor(db, user.id);
    expect(await localTwoFactorStatus(db, user.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(
      await asSystem(db, 'test-setup', (d) => d.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))),
    ).toEqual([]);
    expect(
      await asSystem(db, 'test-setup', (d) => d.select().from(totpFactors).where(eq(totpFactors.userId, user.id))),
    ).toEqual([]);
  });
});
