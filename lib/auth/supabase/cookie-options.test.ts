import { createServerClient } from '@supabase/ssr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';
import { startAuthDouble, type AuthDouble } from '../../../tests/support/supabase-auth-double';
import { supabaseAuthSettings } from '../settings';
import { supabaseClientOptions, type CookieToSet } from './options';

let auth: AuthDouble;
beforeAll(async () => {
  auth = await startAuthDouble();
});
afterAll(() => auth.close());

describe('Supabase session cookies', () => {
  it('are HttpOnly, Secure on an https site, and SameSite=Lax', async () => {
    // An https site, as in production, with the settings the auth port hands the adapter.
    const settings = supabaseAuthSettings(
      parseEnv({
        ...process.env,
        SITE_URL: 'https://elenamarsh.example',
        NEXT_PUBLIC_SUPABASE_URL: auth.url,
        NEXT_PUBLIC_SUPABASE_ANON_KEY: auth.anonKey,
        DATABASE_URL: 'postgres://unused-no-database-is-opened/db',
      }),
    )!;
    auth.addUser('owner@example.com', 'correct horse battery staple');
    const set: CookieToSet[] = [];
    const supabase = createServerClient(settings.url, settings.anonKey, {
      ...supabaseClientOptions(settings),
      cookies: { getAll: () => [], setAll: (list: CookieToSet[]) => void set.push(...list) },
    });
    const { error } = await supabase.auth.signInWithPassword({
      email: 'owner@example.com',
      password: 'correct horse battery staple',
    });
    expect(error).toBeNull();
    const session = set.filter((cookie) => cookie.value !== '');
    expect(session.length).toBeGreaterThan(0);
    for (const cookie of session)
      expect(cookie.options).toMatchObject({ httpOnly: true, secure: true, sameSite: 'lax', path: '/' });
  });
});
