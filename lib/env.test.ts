import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, siteUrlMismatch } from './env';

describe('environment', () => {
  it('runs embedded with no configuration', () => {
    const env = parseEnv({});
    expect(env.databaseAdapter).toBe('pglite');
    expect(env.authAdapter).toBe('local');
    expect(env.storageAdapter).toBe('local');
    expect(env.DATA_DIR).toBe('.data');
    expect(env.PORT).toBe(3000);
    expect(env.BCRYPT_COST).toBe(12);
  });

  it('reads BCRYPT_COST as an integer from 4 to 15', () => {
    expect(parseEnv({ BCRYPT_COST: '4' }).BCRYPT_COST).toBe(4);
    expect(parseEnv({ BCRYPT_COST: '15' }).BCRYPT_COST).toBe(15);
    expect(parseEnv({ BCRYPT_COST: '' }).BCRYPT_COST).toBe(12);
  });

  it('picks the Postgres and Supabase adapters from the variables', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgres://u:p@localhost:6543/postgres',
      NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
      NEXT_PUBLIC_SUPABASE_ANON_KEY: 'anon',
    });
    expect(env.databaseAdapter).toBe('postgres');
    expect(env.authAdapter).toBe('supabase');
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['PORT', { PORT: 'eighty' }],
    ['SITE_URL', { SITE_URL: 'not a url' }],
    ['ADMIN_EMAIL', { ADMIN_EMAIL: 'nobody', ADMIN_PASSWORD: 'long enough' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'a@b.co' }],
    // bcrypt reads 72 bytes: a longer password would sign in with its first 72 and any ending.
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'a long passphrase '.repeat(5) }],
    ['DATABASE_URL', { VERCEL: '1' }],
    ['BCRYPT_COST', { BCRYPT_COST: '3' }],
    ['BCRYPT_COST', { BCRYPT_COST: '16' }],
    ['BCRYPT_COST', { BCRYPT_COST: 'twelve' }],
    ['BCRYPT_COST', { BCRYPT_COST: '10.5' }],
  ])('stops with a message naming %s when it is malformed', (name, source) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    try {
      parseEnv(source);
    } catch (error) {
      expect((error as EnvError).variables).toContain(name);
      expect((error as Error).message).toContain(name);
    }
  });
});

describe('a server started for another origin than its build', () => {
  it('is refused with a message naming both origins; the same origin (however written) and no recorded one pass', () => {
    const message = siteUrlMismatch('https://elenamarsh.example', 'https://www.elenamarsh.example');
    expect(message).toContain(
      'SITE_URL is https://www.elenamarsh.example, but this build was made for https://elenamarsh.example',
    );
    expect(message).toContain('Build again with SITE_URL=https://www.elenamarsh.example');
    expect(siteUrlMismatch('http://127.0.0.1:3100', 'http://127.0.0.1:3101')).not.toBeNull();
    expect(siteUrlMismatch('https://elenamarsh.example', 'https://elenamarsh.example/')).toBeNull();
    expect(siteUrlMismatch('https://ElenaMarsh.example', 'https://elenamarsh.example')).toBeNull();
    expect(siteUrlMismatch(undefined, 'http://localhost:3000')).toBeNull();
  });
});

describe('INSIGHTS', () => {
  it('counts visits unless set to off, and refuses anything else', () => {
    expect(parseEnv({}).INSIGHTS).toBe('on');
    expect(parseEnv({ INSIGHTS: 'off' }).INSIGHTS).toBe('off');
    expect(() => parseEnv({ INSIGHTS: 'no' })).toThrow(/INSIGHTS/);
  });
});

describe('Stripe', () => {
  it('takes a secret key and the webhook signing secret together, each in its own form', () => {
    const env = parseEnv({ STRIPE_SECRET_KEY: 'sk_test_51Habc', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' });
    expect([env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET]).toEqual(['sk_test_51Habc', 'whsec_abc123']);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_51Habc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET.*must be set together/,
    );
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(
      /STRIPE_SECRET_KEY.*must be set together/,
    );
    // The publishable key is not the secret one; a webhook secret is not an API key.
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_test_51Habc', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_51Habc', STRIPE_WEBHOOK_SECRET: 'sk_test_51Habc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });
});

describe('newsletter email', () => {
  it('sends 5 newsletter emails a second unless NEWSLETTER_RATE says another positive number', () => {
    expect(parseEnv({}).NEWSLETTER_RATE).toBe(5);
    expect(parseEnv({ NEWSLETTER_RATE: '0.5' }).NEWSLETTER_RATE).toBe(0.5);
    expect(parseEnv({ NEWSLETTER_RATE: '50' }).NEWSLETTER_RATE).toBe(50);
    expect(() => parseEnv({ NEWSLETTER_RATE: '0' })).toThrow(/NEWSLETTER_RATE: must be a positive number/);
    expect(() => parseEnv({ NEWSLETTER_RATE: 'fast' })).toThrow(/NEWSLETTER_RATE/);
  });

  it('takes the three DKIM variables together, the key as PEM with "\\n" escapes read as line breaks', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg\\n-----END PRIVATE KEY-----';
    const env = parseEnv({
      MAIL_DKIM_DOMAIN: 'elenamarsh.art',
      MAIL_DKIM_SELECTOR: 'mail2026',
      MAIL_DKIM_PRIVATE_KEY: pem,
    });
    expect(env.MAIL_DKIM_PRIVATE_KEY).toBe('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----');
    expect(() => parseEnv({ MAIL_DKIM_DOMAIN: 'elenamarsh.art', MAIL_DKIM_SELECTOR: 'mail2026' })).toThrow(
      /MAIL_DKIM_PRIVATE_KEY: MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY must be set together/,
    );
    expect(() => parseEnv({ MAIL_DKIM_PRIVATE_KEY: pem })).toThrow(/MAIL_DKIM_DOMAIN.*must be set together/);
    expect(() =>
      parseEnv({ MAIL_DKIM_DOMAIN: 'elenamarsh.art', MAIL_DKIM_SELECTOR: 'mail2026', MAIL_DKIM_PRIVATE_KEY: 'secret' }),
    ).toThrow(/MAIL_DKIM_PRIVATE_KEY: must be a PEM private key/);
    expect(() =>
      parseEnv({ MAIL_DKIM_DOMAIN: 'not a domain', MAIL_DKIM_SELECTOR: 'mail2026', MAIL_DKIM_PRIVATE_KEY: pem }),
    ).toThrow(/MAIL_DKIM_DOMAIN: must be a domain/);
  });
});
