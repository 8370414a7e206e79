'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { authAdapter } from '../adapter';
import { clientInfo } from '../client-info';
import { guardedAttempt } from '../guarded-attempt';
import { secondFactorSchema } from '../schemas';
import { normaliseEmail } from '../throttle';
import type { AdminContext } from '../types';
import { TOTP_CODE } from './totp';
import { TwoFactorError, twoFactorMessages } from './types';

// The account page's two-factor actions (app/admin/account): admins only, like every admin action.

export const startTwoFactor = adminAction(z.object({}), async (_input, ctx) => (await authAdapter()).twoFactor.startEnrolment(ctx), { name: 'startTwoFactor' });

export const confirmTwoFactor = adminAction(
  secondFactorSchema,
  async ({ code }, ctx) => {
    const [adapter, client] = await Promise.all([authAdapter(), clientInfo()]);
    return withinBudget(ctx, client.ip, code, () => adapter.twoFactor.confirmEnrolment(ctx, code, client));
  },
  { name: 'confirmTwoFactor' },
);

export const disableTwoFactor = adminAction(
  secondFactorSchema,
  async ({ code }, ctx) => {
    const [adapter, client] = await Promise.all([authAdapter(), clientInfo()]);
    await withinBudget(ctx, client.ip, code, () => adapter.twoFactor.disable(ctx, code));
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
