import type { Session } from './types';

/**
 * What an auth adapter does for one request. Local accounts and Supabase Auth implement it;
 * code outside lib/auth/ only sees getSession(), requireAdmin() and the sign-in/out actions.
 * Every method reads or writes the current request's cookies.
 */
export type AuthAdapter = {
  getSession(): Promise<Session | null>;
  /** Checks the password and, if right, starts a session (sets the cookie). */
  signIn(email: string, password: string, client: ClientInfo): Promise<SignInOutcome>;
  /** Ends the current session, if any, and clears the cookie. */
  signOut(): Promise<void>;
};

export type ClientInfo = { ip: string; userAgent: string | null };

export type SignInOutcome = { ok: true; userId: string } | { ok: false; error: string };

/** The one message for an unknown account or a wrong password, so neither is revealed. */
export const INVALID_CREDENTIALS = 'Invalid email or password.';
