import type { Enrolment, TwoFactorStatus } from './two-factor/types';
import type { AdminContext, Session } from './types';

/**
 * What an auth adapter does for one request. Local accounts and Supabase Auth implement it;
 * code outside lib/auth/ only sees getSession(), requireAdmin() and the auth actions.
 * Every method reads or writes the current request's cookies.
 */
export type AuthAdapter = {
  /** The signed-in user; null as well for a sign-in still waiting for its second factor. */
  getSession(): Promise<Session | null>;
  /**
   * Checks the password and, if right, starts a session (sets the cookie), ending the session
   * the browser presented, if any. With two-factor sign-in on, the session waits for the code.
   */
  signIn(email: string, password: string, client: ClientInfo): Promise<SignInOutcome>;
  /** The account of a sign-in in this browser that waits for its second factor, if any. */
  pendingSecondFactor(): Promise<PendingSignIn | null>;
  /**
   * Checks a TOTP or recovery code for the pending sign-in: if right, completes it; if wrong,
   * ends it, so the next try starts again from the password.
   */
  verifySecondFactor(code: string, client: ClientInfo): Promise<SecondFactorOutcome>;
  /** Ends the current session (or pending sign-in), if any, and clears the cookie. */
  signOut(): Promise<void>;
  /** The account page's two-factor settings; errors the admin can act on are TwoFactorErrors. */
  twoFactor: {
    status(ctx: AdminContext): Promise<TwoFactorStatus>;
    startEnrolment(ctx: AdminContext): Promise<Enrolment>;
    /** Turns it on with a code from the new secret; the recovery codes, shown once ([] if none). */
    confirmEnrolment(ctx: AdminContext, code: string, client: ClientInfo): Promise<{ recoveryCodes: string[] }>;
    /** Turns it off, given the account's password and a current code. */
    disable(ctx: AdminContext, password: string, code: string): Promise<void>;
  };
};

export type ClientInfo = { ip: string; userAgent: string | null };

export type PendingSignIn = { userId: string; email: string };

export type SignInOutcome = { ok: true; userId: string; secondFactor: boolean } | { ok: false; error: string };

/** `ended`: the half sign-in is over (a wrong code, or it expired); the password comes next. */
export type SecondFactorOutcome =
  { ok: true; userId: string; method: 'totp' | 'recovery' } | { ok: false; error: string; ended?: true };

/** The one message for an unknown account or a wrong password, so neither is revealed. */
export const INVALID_CREDENTIALS = 'Invalid email or password.';
