'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { recordSecurityEvent } from '@/lib/log/security-events';
import { authAdapter } from '@/lib/auth';
import { clientInfo } from '@/lib/auth/client-info';
import { guardedAttempt } from '@/lib/auth/guarded-attempt';
import { disableTwoFactorSchema, secondFactorSchema } from '@/lib/auth/schemas';
import { normaliseEmail } from '@/lib/auth/throttle';
import type { AdminContext } from '@/lib/auth/types';
import { TOTP_CODE } from '@/lib/auth/two-factor/totp';
import { TwoFactorError, twoFactorMessages } from '@/lib/auth/two-factor/types';

// The account page's two-factor actions (app/admin/account): admins only, like every admin action.

export const startTwoFactor = adminAction(
  z.object({}),
  async (_input, ctx) => (await authAdapter()).twoFactor.startEnrolment(ctx),
  { name: 'startTwoFactor' },
);

export const confirmTwoFactor = adminAction(
  secondFactorSchema,
  async ({ code }, ctx) => {
    const [adapter, client] = await Promise.all([authAdapter(), clientInfo()]);
    const enabled = await withinBudget(ctx, client.ip, code, () =>
      adapter.twoFactor.confirmEnrolment(ctx, code, client),
    );
    await recordSecurityEvent(ctx.db, 'twoFactorOn', {
      userId: ctx.user.id,
      meta: { email: ctx.user.email, ip: client.ip },
    });
    return enabled;
  },
  { name: 'confirmTwoFactor' },
);

export const disableTwoFactor = adminAction(
  disableTwoFactorSchema,
  async ({ password, code }, ctx) => {
    const [adapter, client] = await Promise.all([authAdapter(), clientInfo()]);
    // A wrong password spends the budget as a wrong code does.
    await withinBudget(ctx, client.ip, code, () => adapter.twoFactor.disable(ctx, password, code));
    await recordSecurityEvent(ctx.db, 'twoFactorOff', {
      userId: ctx.user.id,
      meta: { email: ctx.user.email, ip: client.ip },
    });
    return null;
  },
  { name: 'disableTwoFactor' },
);

/** Codes on the account page spend the same budget as sign-in guesses for this account. */
async function withinBudget<T>(ctx: AdminContext, ip: string, code: string, check: () => Promise<T>): Promise<T> {
  let failure: unknown;
  const guarded = await guardedAttempt(
    { email: normaliseEmail(ctx.user.email ?? ctx.user.id), ip },
    TOTP_CODE.test(code) ? 'totp' : 'recovery',
    () => check().catch((error: unknown) => ((failure = error), undefined)),
    () => !failure,
  );
  if (!guarded) throw new TwoFactorError(twoFactorMessages.tooManyCodes);
  if (failure) throw failure;
  return guarded.outcome as T;
}
