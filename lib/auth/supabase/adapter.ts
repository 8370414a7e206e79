import 'server-only';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { logger } from '@/lib/log/logger';
import { INVALID_CREDENTIALS, type AuthAdapter } from '../port';
import { ISSUER, qrCodeDataUrl, TOTP_CODE } from '../two-factor/totp';
import { TwoFactorError, twoFactorMessages } from '../two-factor/types';
import type { Session } from '../types';
import { supabaseClientOptions, type SupabaseAuthSettings } from './options';
import { createSupabaseServerClient } from './server-client';

/**
 * Supabase Auth through @supabase/ssr: the session lives in Supabase's cookies; getClaims()
 * verifies the access token's signature (against the project's JWKS, or by asking the Auth
 * server for symmetric keys) before anything trusts it. Two-factor sign-in is Supabase Auth's
 * MFA (TOTP factors): a session of a user with a verified factor counts only at aal2.
 */
export function createSupabaseAuthAdapter(settings: SupabaseAuthSettings): AuthAdapter {
  const client = () => createSupabaseServerClient(settings);
  return {
    async getSession() {
      const supabase = await client();
      const { data, error } = await supabase.auth.getClaims();
      if (error || !data?.claims?.sub) return null;
      if (data.claims.aal !== 'aal2') {
        // aal1 is enough only without a verified factor, which the Auth server says (GET /user);
        // the user object in the cookie is the browser's to edit.
        const factors = await factorsOfLiveSession(supabase);
        if (!factors || factors.totp.length > 0) return null;
      }
      return sessionFromClaims(data.claims);
    },

    async signIn(email, password) {
      return passwordSignIn(await client(), email, password);
    },

    async pendingSecondFactor() {
      const supabase = await client();
      const { data } = await supabase.auth.getClaims();
      const claims = data?.claims;
      if (!claims?.sub || claims.aal === 'aal2' || typeof claims.email !== 'string') return null;
      return (await verifiedTotpFactor(supabase)) ? { userId: claims.sub, email: claims.email } : null;
    },

    async verifySecondFactor(code) {
      const supabase = await client();
      const factor = await verifiedTotpFactor(supabase);
      if (!factor) return { ok: false, error: twoFactorMessages.expired, ended: true };
      // Supabase Auth keeps no recovery codes: only the authenticator's code can raise the session.
      const verified = TOTP_CODE.test(code)
        ? await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
        : null;
      if (verified?.data && !verified.error) return { ok: true, userId: verified.data.user.id, method: 'totp' };
      if (verified?.error && !isWrongCode(verified.error)) throw verified.error;
      // A wrong code ends the half sign-in (GoTrue's logout, this session only): each guess at the
      // code costs the password again.
      const { error } = await supabase.auth.signOut({ scope: 'local' });
      if (error) throw error;
      return { ok: false, error: twoFactorMessages.wrongSignInCode, ended: true };
    },

    async signOut() {
      const supabase = await client();
      const { error } = await supabase.auth.signOut();
      if (error) throw error;
    },

    twoFactor: {
      async status() {
        const supabase = await client();
        return { enabled: Boolean(await verifiedTotpFactor(supabase)), recoveryCodesLeft: null };
      },

      async startEnrolment() {
        const supabase = await client();
        const factors = await listFactors(supabase);
        if (factors.some((f) => f.factor_type === 'totp' && f.status === 'verified'))
          throw new TwoFactorError(twoFactorMessages.alreadyOn);
        // An abandoned set-up would block a new one with the same name.
        for (const stale of factors.filter((f) => f.factor_type === 'totp' && f.status !== 'verified')) {
          const { error } = await supabase.auth.mfa.unenroll({ factorId: stale.id });
          if (error) throw error;
        }
        const { data, error } = await supabase.auth.mfa.enroll({
          factorType: 'totp',
          friendlyName: 'Authenticator app',
          issuer: ISSUER,
        });
        if (error || !data) throw error ?? new Error('Supabase Auth returned no factor');
        return { secret: data.totp.secret, uri: data.totp.uri, qrCode: await qrCodeDataUrl(data.totp.uri) };
      },

      async confirmEnrolment(_ctx, code) {
        const supabase = await client();
        const factor = (await listFactors(supabase)).find((f) => f.factor_type === 'totp' && f.status !== 'verified');
        if (!factor) throw new TwoFactorError(twoFactorMessages.noEnrolment);
        const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
        if (error) {
          if (!isWrongCode(error)) throw error;
          throw new TwoFactorError(twoFactorMessages.wrongCode);
        }
        return { recoveryCodes: [] };
      },

      async disable(ctx, password, code) {
        const supabase = await client();
        const factor = await verifiedTotpFactor(supabase);
        if (!factor) throw new TwoFactorError(twoFactorMessages.notOn);
        // The password first (so a wrong one spends no code), then the code.
        if (!(await passwordMatches(settings, ctx.user.email, password)))
          throw new TwoFactorError(twoFactorMessages.wrongPassword);
        const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
        if (verified.error) {
          if (!isWrongCode(verified.error)) throw verified.error;
          throw new TwoFactorError(twoFactorMessages.wrongCode);
        }
        const { error } = await supabase.auth.mfa.unenroll({ factorId: factor.id });
        if (error) throw error;
        // Sessions that never showed the factor (half sign-ins) would count at aal1 from now on:
        // every session but this one ends (GoTrue's logout with scope=others).
        const others = await supabase.auth.signOut({ scope: 'others' });
        if (others.error) throw others.error;
      },
    },
  };
}

/**
 * Whether the password is the account's: a password grant on a client of its own, which keeps
 * nothing in this request's cookies, and whose session is ended at once. GoTrue has no call that
 * checks a password without signing in.
 */
async function passwordMatches(
  settings: SupabaseAuthSettings,
  email: string | null,
  password: string,
): Promise<boolean> {
  if (!email) return false;
  const check = createClient(settings.url, settings.anonKey, {
    ...supabaseClientOptions(settings),
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await check.auth.signInWithPassword({ email, password });
  if (error || !data.session) {
    if (error && signInRefusal(error) !== INVALID_CREDENTIALS) throw error;
    return false;
  }
  const ended = await check.auth.signOut({ scope: 'local' });
  if (ended.error) logger.warn({ err: ended.error, feature: 'auth' }, 'could not end the session of a password check');
  return true;
}

/** Every factor of the signed-in user, as the Auth server has them (GET /user). */
async function listFactors(supabase: SupabaseClient) {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.all;
}

/**
 * The user's factors, or null when the session has ended meanwhile (401/403): revoked, or one of
 * the aal1 sessions GoTrue ends once a code is verified in another browser.
 */
async function factorsOfLiveSession(supabase: SupabaseClient) {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error?.status === 401 || error?.status === 403) return null;
  if (error) throw error;
  return data;
}

/** The user's verified TOTP factor, or null (none, or the session has ended). */
async function verifiedTotpFactor(supabase: SupabaseClient) {
  return (
    (await factorsOfLiveSession(supabase))?.all.find((f) => f.factor_type === 'totp' && f.status === 'verified') ?? null
  );
}

export function sessionFromClaims(claims: { sub: string; email?: string; exp?: number }): Session {
  const email = typeof claims.email === 'string' && claims.email ? claims.email : null;
  return {
    user: { id: claims.sub, email },
    claims: { sub: claims.sub, email, role: 'authenticated' },
    expiresAt: new Date((claims.exp ?? 0) * 1000),
  };
}

type AuthFailure = { status?: number; code?: string; message?: string } | null;

/** Messages for the password grant's refusals that are not a wrong password. */
export const signInRefusals = {
  emailNotConfirmed:
    'This account’s email address is not confirmed yet. Confirm it from the email Supabase sent, or in the Supabase dashboard (Authentication → Users).',
  banned: 'This account is suspended. It can be restored in the Supabase dashboard (Authentication → Users).',
} as const;

/**
 * What the sign-in form says when GoTrue refuses a password grant (internal/api/token.go): 400
 * with error_code invalid_credentials (unknown account or wrong password: one message for both),
 * email_not_confirmed or user_banned. A 400 without a code (older servers) is a wrong password.
 */
function signInRefusal(error: AuthFailure): string {
  if (error?.code === 'email_not_confirmed') return signInRefusals.emailNotConfirmed;
  if (error?.code === 'user_banned') return signInRefusals.banned;
  if (error?.code === 'invalid_credentials' || (error?.status === 400 && !error.code)) return INVALID_CREDENTIALS;
  return error?.message ?? 'Something went wrong';
}

/**
 * Whether GoTrue refused a TOTP code as wrong (422 mfa_verification_failed; a 422 without a code
 * from older servers). Its other 422s (mfa_ip_address_mismatch, mfa_challenge_expired, …) are not
 * the owner's typing: they are raised as errors, logged with a reference.
 */
function isWrongCode(error: AuthFailure): boolean {
  return error?.code === 'mfa_verification_failed' || (error?.status === 422 && !error.code);
}

/** Signs in with a password; the session this browser presented is ended once the new one exists (session fixation). */
async function passwordSignIn(
  supabase: Awaited<ReturnType<typeof createSupabaseServerClient>>,
  email: string,
  password: string,
): ReturnType<AuthAdapter['signIn']> {
  const presented = (await supabase.auth.getSession()).data.session?.access_token;
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error || !data.user) return { ok: false, error: signInRefusal(error) };
  if (presented && presented !== data.session?.access_token) {
    const { error: revokeError } = await supabase.auth.admin.signOut(presented, 'local');
    if (revokeError)
      logger.warn({ err: revokeError, feature: 'auth' }, 'could not revoke the session presented at sign-in');
  }
  const secondFactor = (data.user.factors ?? []).some((f) => f.factor_type === 'totp' && f.status === 'verified');
  return { ok: true, userId: data.user.id, secondFactor };
}
