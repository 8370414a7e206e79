import 'server-only';
import { INVALID_CREDENTIALS, type AuthAdapter } from '../port';
import type { Session } from '../types';
import { createSupabaseServerClient } from './server-client';

/**
 * Supabase Auth through @supabase/ssr: the session lives in Supabase's cookies; getClaims()
 * verifies the access token's signature (against the project's JWKS, or by asking the Auth
 * server for symmetric keys) before anything trusts it.
 */
export const supabaseAuthAdapter: AuthAdapter = {
  async getSession() {
    const supabase = await createSupabaseServerClient();
    const { data, error } = await supabase.auth.getClaims();
    if (error || !data?.claims?.sub) return null;
    return sessionFromClaims(data.claims);
  },

  async signIn(email, password) {
    const supabase = await createSupabaseServerClient();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    if (error || !data.user) {
      // GoTrue answers 400 invalid_credentials for both unknown accounts and wrong passwords.
      const invalid = error?.status === 400 || error?.code === 'invalid_credentials';
      return { ok: false, error: invalid ? INVALID_CREDENTIALS : (error?.message ?? 'Something went wrong') };
    }
    return { ok: true, userId: data.user.id };
  },

  async signOut() {
    const supabase = await createSupabaseServerClient();
    const { error } = await supabase.auth.signOut();
    if (error) throw error;
  },
};

export function sessionFromClaims(claims: { sub: string; email?: string; exp?: number }): Session {
  const email = typeof claims.email === 'string' && claims.email ? claims.email : null;
  return {
    user: { id: claims.sub, email },
    claims: { sub: claims.sub, email, role: 'authenticated' },
    expiresAt: new Date((claims.exp ?? 0) * 1000),
  };
}
