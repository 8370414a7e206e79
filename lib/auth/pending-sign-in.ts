import 'server-only';
import { cache } from 'react';
import { authAdapter } from '@/lib/auth';
import type { PendingSignIn } from './port';

/**
 * The sign-in in this browser that passed the password and waits for the second factor, for
 * the login screen to ask for the code. Not a session: getSession() and requireAdmin() see
 * none. Reads cookies, so it renders under <Suspense>.
 */
export const getPendingSignIn = cache(async (): Promise<PendingSignIn | null> =>
  (await authAdapter()).pendingSecondFactor(),
);
