import { createServerClient } from '@supabase/ssr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthDouble, type AuthDouble } from '../../../tests/support/supabase-auth-double';
import type { CookieToSet } from './options';

// env() is read once per process (one per test file): an https site, as in production.
process.env.SITE_URL = 'https://elenamarsh.example';
const { supabaseClientOptions } = await import('./options');

let auth: AuthDouble;
beforeAll(async () => {
  auth = await startAuthDouble();
});
afterAll(() => auth.close());

describe('Supabase session cookies', () => {
  it('are HttpOnly, Secure on an https site, and SameSite=Lax', async () => {
    auth.addUser('owner@example.com', 'correct horse battery staple');
    const set: CookieToSet[] = [];
    const supabase = createServerClient(auth.url, auth.anonKey, {
      ...supabaseClientOptions(),
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
