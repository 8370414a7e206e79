import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, type Env } from './env';

// The configuration schema (lib/env.ts) as properties: any environment starts the server or stops
// it with an EnvError naming the variables, and that message never prints a secret's value.

const VARIABLES = [
  'NODE_ENV',
  'PORT',
  'DATA_DIR',
  'DATABASE_URL',
  'SITE_URL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'NEXT_PUBLIC_SUPABASE_URL',
  'NEXT_PUBLIC_SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_MODEL',
  'INDEXNOW_KEY',
  'INDEXNOW_ENDPOINT',
  'BCRYPT_COST',
  'AUTH_SECRET',
  'TRUSTED_PROXY_HOPS',
  'LOG_LEVEL',
  'VERCEL',
  'VERCEL_PROJECT_PRODUCTION_URL',
  'UPLOAD_IDLE_SECONDS',
  'UPLOAD_TOTAL_SECONDS',
  'CRON_SECRET',
] as const;

/** Values a deployment might really hold for a variable, right or wrong. */
const value = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '1',
    '3000',
    '-1',
    '99999',
    'production',
    'test',
    'info',
    'https://example.com',
    'postgres://u:p@db:5432/app',
    'mysql://u:p@db/app',
    'admin@example.com',
    'x'.repeat(40),
  ),
  fc.string({ maxLength: 60 }),
  fc.webUrl(),
);
const environment = fc.record(
  Object.fromEntries(VARIABLES.map((name) => [name, value])) as Record<
    (typeof VARIABLES)[number],
    fc.Arbitrary<string>
  >,
  { requiredKeys: [] },
);

/** A secret, marked so that finding it in a message can only mean it leaked. */
const secret = fc.stringMatching(/^[A-Za-z0-9]{6}$/).map((s) => `Zq7${s}Xw`);

function outcome(source: Record<string, string | undefined>): { env: Env } | { error: unknown } {
  try {
    return { env: parseEnv(source) };
  } catch (error) {
    return { error };
  }
}

describe('environment (properties)', () => {
  it('any environment parses or fails with an EnvError naming known variables', () => {
    fc.assert(
      fc.property(environment, (source) => {
        const result = outcome(source);
        if ('env' in result) {
          expect(result.env.databaseAdapter).toBe(result.env.DATABASE_URL ? 'postgres' : 'pglite');
          expect(result.env.authAdapter).toBe(result.env.NEXT_PUBLIC_SUPABASE_URL ? 'supabase' : 'local');
          expect(result.env.storageAdapter).toBe(result.env.authAdapter);
          return;
        }
        expect(result.error).toBeInstanceOf(EnvError);
        const error = result.error as EnvError;
        expect(error.variables.length).toBeGreaterThan(0);
        for (const name of error.variables) expect(VARIABLES).toContain(name);
      }),
      { numRuns: 1000 },
    );
  });

  it('a refused configuration never prints a secret’s value', () => {
    // Wrong in the ways secrets go wrong: too short, wrong scheme, stray characters, mis-paired.
    const wrongSecrets = fc.record({
      DATABASE_URL: fc.oneof(
        secret.map((s) => `mysql://app:${s}@db/app`),
        secret.map((s) => `postgres//app:${s}@db/app`),
        secret,
      ),
      ADMIN_PASSWORD: secret.map((s) => s.slice(0, 7)),
      AUTH_SECRET: secret,
      CRON_SECRET: secret.map((s) => s.slice(0, 8)),
      INDEXNOW_KEY: secret.map((s) => `${s}!`),
      SUPABASE_SERVICE_ROLE_KEY: secret,
      OPENAI_API_KEY: secret,
      ADMIN_EMAIL: fc.constantFrom('not-an-email', 'admin@example.com'),
    });
    fc.assert(
      fc.property(wrongSecrets, environment, (secrets, rest) => {
        const result = outcome({ ...rest, ...secrets });
        if (!('error' in result)) return;
        // Every secret here carries the marker Zq7; nothing else does.
        expect(String((result.error as Error).message)).not.toContain('Zq7');
      }),
      { numRuns: 500 },
    );
  });
});
