import 'server-only';
import { authAdapter } from '@/lib/auth';
import type { AdminContext } from '../types';
import type { TwoFactorStatus } from './types';

/** Whether the admin has two-factor sign-in on, for the account page (after requireAdmin). */
export async function twoFactorStatus(ctx: AdminContext): Promise<TwoFactorStatus> {
  return (await authAdapter()).twoFactor.status(ctx);
}
