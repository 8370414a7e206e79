import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';
import { localAuthSettings, supabaseAuthSettings } from './settings';

// What the auth port hands its adapters, from the parsed environment.
const config = (vars: Record<string, string>) => parseEnv({ AUTH_SECRET: process.env.AUTH_SECRET, ...vars });
const supabase = {
  NEXT_PUBLIC_SUPABASE_URL: 'https://project.supabase.example',
  NEXT_PUBLIC_SUPABASE_ANON_KEY: 'anon-key',
  DATABASE_URL: 'postgres://u:p@db.example.com:6543/postgres',
};

describe('the auth adapters’ settings', () => {
  it('local session cookies are Secure only on a production server of an https site', () => {
    const https = 'https://elenamarsh.example';
    expect(localAuthSettings(config({ NODE_ENV: 'production', SITE_URL: https })).secureCookies).toBe(true);
    expect(localAuthSettings(config({ NODE_ENV: 'development', SITE_URL: https })).secureCookies).toBe(false);
    expect(localAuthSettings(config({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' })).secureCookies).toBe(
      false,
    );
  });

  it('Supabase: the project and key, Secure cookies whenever the site is on https; none unconfigured', () => {
    expect(supabaseAuthSettings(config({ ...supabase, SITE_URL: 'https://elenamarsh.example' }))).toEqual({
      url: 'https://project.supabase.example',
      anonKey: 'anon-key',
      secureCookies: true,
    });
    expect(supabaseAuthSettings(config({ ...supabase, SITE_URL: 'http://localhost:3000' }))?.secureCookies).toBe(false);
    expect(supabaseAuthSettings(config({}))).toBeNull();
  });
});
