import { and, count, eq, isNotNull, isNull, or, lt, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { recoveryCodes, totpFactors } from '@/lib/db/schema';
import { subkey } from '../server-key';
import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes';
import { open, seal } from './secret-box';
import { matchTotp, newTotpSecret, otpauthUri, qrCodeDataUrl } from './totp';
import { TwoFactorError, twoFactorMessages, type Enrolment } from './types';

/**
 * Two-factor sign-in for local accounts: the TOTP secret sealed with AES-256-GCM under the
 * server's 'totp-secret' key, recovery codes as HMACs under its 'recovery-code' key. Only the
 * server's system connection touches these tables.
 */
export type Keys = { secret: Buffer; recovery: Buffer };

export function serverKeys(): Keys {
  return { secret: subkey('totp-secret'), recovery: subkey('recovery-code') };
}

export async function localTwoFactorStatus(
  database: Database,
  userId: string,
): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  return asSystem(database, 'auth', async (db) => {
    const [factor] = await db
      .select({ confirmedAt: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(eq(totpFactors.userId, userId));
    if (!factor?.confirmedAt) return { enabled: false, recoveryCodesLeft: 0 };
    const [left] = await db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return { enabled: true, recoveryCodesLeft: left?.n ?? 0 };
  });
}

/** A new, unconfirmed secret for the user (replacing an unconfirmed one); refused while one is on. */
export async function startLocalEnrolment(
  database: Database,
  user: { id: string; email: string },
  keys: Keys = serverKeys(),
): Promise<Enrolment> {
  const secret = newTotpSecret();
  const sealed = seal(secret, keys.secret, user.id);
  const stored = await asSystem(database, 'auth', (db) =>
    db
      .insert(totpFactors)
      .values({ userId: user.id, secretCiphertext: sealed })
      .onConflictDoUpdate({
        target: totpFactors.userId,
        set: { secretCiphertext: sealed, createdAt: sql`now()`, lastUsedStep: null },
        setWhere: isNull(totpFactors.confirmedAt),
      })
      .returning({ userId: totpFactors.userId }),
  );
  if (stored.length === 0) throw new TwoFactorError(twoFactorMessages.alreadyOn);
  const uri = otpauthUri(secret, user.email);
  return { secret, uri, qrCode: await qrCodeDataUrl(uri) };
}

/**
 * Turns two-factor sign-in on once the user shows a code from the new secret; returns the ten
 * recovery codes, the only time they exist in plain text.
 */
export async function confirmLocalEnrolment(
  database: Database,
  userId: string,
  code: string,
  now = new Date(),
  keys: Keys = serverKeys(),
): Promise<string[]> {
  return asSystem(database, 'auth', (db) =>
    db.transaction(async (tx) => {
      const [factor] = await tx.select().from(totpFactors).where(eq(totpFactors.userId, userId)).for('update');
      if (!factor) throw new TwoFactorError(twoFactorMessages.noEnrolment);
      if (factor.confirmedAt) throw new TwoFactorError(twoFactorMessages.alreadyOn);
      const step = matchTotp(open(factor.secretCiphertext, keys.secret, userId), code, now);
      if (step === null) throw new TwoFactorError(twoFactorMessages.wrongCode);
      await tx.update(totpFactors).set({ confirmedAt: now, lastUsedStep: step }).where(eq(totpFactors.userId, userId));
      const codes = newRecoveryCodes();
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx
        .insert(recoveryCodes)
        .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(normaliseRecoveryCode(c)!, keys.recovery) })));
      return codes;
    }),
  );
}

/**
 * Checks a second-factor code: a 6-digit TOTP code (each time step accepted once), or an unused
 * recovery code (used up by this). Says which kind matched, or null.
 */
export async function verifyLocalCode(
  database: Database,
  userId: string,
  code: string,
  now = new Date(),
  keys: Keys = serverKeys(),
): Promise<'totp' | 'recovery' | null> {
  return asSystem(database, 'auth', async (db) => {
    const [factor] = await db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
    if (!factor) return null;
    const step = matchTotp(open(factor.secretCiphertext, keys.secret, userId), code, now);
    if (step !== null) {
      // Conditional on the step being new: of two requests with one code, one wins.
      const used = await db
        .update(totpFactors)
        .set({ lastUsedStep: step })
        .where(
          and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step))),
        )
        .returning({ userId: totpFactors.userId });
      return used.length > 0 ? 'totp' : null;
    }
    const recovery = normaliseRecoveryCode(code);
    if (!recovery) return null;
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashRecoveryCode(recovery, keys.recovery)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length > 0 ? 'recovery' : null;
  });
}

/** Whether the user has two-factor sign-in on (a confirmed secret). */
export async function hasLocalTwoFactor(database: Database, userId: string): Promise<boolean> {
  const [row] = await asSystem(database, 'auth', (db) =>
    db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))),
  );
  return Boolean(row);
}

export async function disableLocalTwoFactor(database: Database, userId: string): Promise<void> {
  await asSystem(database, 'auth', (db) =>
    db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    }),
  );
}
