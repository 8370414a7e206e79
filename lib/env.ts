import { z } from 'zod';
// Relative: next.config.ts loads this file, and Next's config loader does not resolve '@/' paths.
import { passwordTooLong } from './password-rules';

/**
 * The one place that reads process.env. Parsed once, on first use; a bad or missing variable
 * stops start-up with a message naming it.
 */
const optionalUrl = z.url().optional();
/** An address, bare or with a display name: site@example.com, Elena Marsh <site@example.com>. */
function isMailbox(value: string): boolean {
  const address = value.match(/<([^<>]+)>\s*$/)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SITE_URL: z.preprocess(emptyToUndefined, z.url().default('http://localhost:3000')),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(8, 'must be at least 8 characters')
        .refine(
          (password) => !passwordTooLong(password),
          'must be at most 72 bytes (72 plain characters): bcrypt ignores the rest',
        )
        .optional(),
    ),
    NEXT_PUBLIC_SUPABASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    NEXT_PUBLIC_SUPABASE_ANON_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    SUPABASE_SERVICE_ROLE_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    OPENAI_API_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    OPENAI_BASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    OPENAI_MODEL: z.preprocess(emptyToUndefined, z.string().min(1).default('gpt-4o-mini')),
    INDEXNOW_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-zA-Z0-9-]{8,128}$/, 'must be 8-128 letters, digits or hyphens')
        .optional(),
    ),
    INDEXNOW_ENDPOINT: z.preprocess(emptyToUndefined, z.url().default('https://api.indexnow.org/indexnow')),
    // bcrypt work factor for new password hashes; every hash records its own, so changing it
    // never locks anyone out. Lowered only to speed up tests.
    BCRYPT_COST: z.preprocess(emptyToUndefined, z.coerce.number().int().min(4).max(15).default(12)),
    // The server key (lib/auth/server-key.ts): signs device cookies, encrypts two-factor
    // secrets. Required with DATABASE_URL (every server must share it); embedded mode makes
    // one in DATA_DIR when it is unset.
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters (for example `openssl rand -base64 32`)').optional(),
    ),
    // How many proxies in front of the app append to X-Forwarded-For (lib/auth/client-info.ts).
    TRUSTED_PROXY_HOPS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10).default(0)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Application log rows (logs_app) older than this, or beyond this many, are pruned.
    LOGS_APP_MAX_AGE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
    // How long an admin's upload body may stall, and take in all, before it is given up with 408
    // (lib/images/upload-handler.ts). The whole must end before Node's requestTimeout (300 s).
    UPLOAD_IDLE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(290).default(30)),
    UPLOAD_TOTAL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(290).default(180)),
    LOGS_APP_MAX_ROWS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(10_000_000).default(50_000)),
    // The owner's Insights count visits (lib/insights/); 'off' counts nothing.
    INSIGHTS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
    // Third-party endpoints the /__debug self-check calls from the visitor's browser; unset, the
    // check reports skipped.
    DEBUG_IPINFO_URL: z.preprocess(emptyToUndefined, optionalUrl),
    DEBUG_ECHO_URL: z.preprocess(emptyToUndefined, optionalUrl),
    VERCEL: z.preprocess(emptyToUndefined, z.string().optional()),
    // Bearer secret of the scheduled jobs' routes (app/api/cron/[job]/route.ts); Vercel Cron
    // sends it as `Authorization: Bearer …`. Unset, those routes answer 503.
    CRON_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(16, 'must be at least 16 characters (for example `openssl rand -hex 32`)').optional(),
    ),
    // Outgoing email (lib/mail/), such as the owner's about each visitor's message: an SMTP server as a
    // URL (smtp://user:pass@host:587, or smtps:// for TLS from the start) and the From address.
    // Unset, messages reach the admin's inbox only.
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL, such as smtp://user:pass@host:587')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[^\r\n]{0,200}$/, 'must be one line')
        .pipe(
          z
            .string()
            .refine(isMailbox, 'must be an address such as site@example.com or "Elena Marsh <site@example.com>"'),
        )
        .optional(),
    ),
    // Who is told of new messages; default: every admin account's address.
    NOTIFY_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    // How many newsletter emails a second the sender hands to the SMTP server (lib/newsletter/sending.ts):
    // a provider's limit, or a pace that keeps a small server's reputation.
    NEWSLETTER_RATE: z.preprocess(
      emptyToUndefined,
      z.coerce.number().positive('must be a positive number').max(1000).default(5),
    ),
    // DKIM signing of every email (lib/mail/smtp-adapter.ts), set together: the signing domain, the
    // selector (its public key is the TXT record <selector>._domainkey.<domain>), and the private key
    // as PEM (literal "\n" escapes are read as line breaks, for hosts that take one-line values).
    MAIL_DKIM_DOMAIN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
          'must be a domain such as example.com',
        )
        .optional(),
    ),
    MAIL_DKIM_SELECTOR: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i,
          'must be a DNS label such as mail2026',
        )
        .optional(),
    ),
    MAIL_DKIM_PRIVATE_KEY: z.preprocess(
      (value) => (typeof value === 'string' && value !== '' ? value.replace(/\\n/g, '\n') : undefined),
      z
        .string()
        .regex(
          /-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----/,
          'must be a PEM private key (-----BEGIN PRIVATE KEY----- …)',
        )
        .optional(),
    ),
    // The shop's payments (lib/payments/): Stripe's secret API key (sk_… or a restricted rk_… key)
    // and the signing secret of the webhook endpoint /api/stripe/webhook (whsec_…), set together.
    // Unset, the shop cannot be opened. STRIPE_API_URL points the client at another address than
    // api.stripe.com (stripe-mock, or the test double).
    STRIPE_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
          'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)',
        )
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9_+/=]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
        .optional(),
    ),
    STRIPE_API_URL: z.preprocess(emptyToUndefined, optionalUrl),
    // Set by Next itself while `next build` runs.
    NEXT_PHASE: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    const supabase = [env.NEXT_PUBLIC_SUPABASE_URL, env.NEXT_PUBLIC_SUPABASE_ANON_KEY];
    if (supabase.some(Boolean) && !supabase.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NEXT_PUBLIC_SUPABASE_ANON_KEY'],
        message: 'NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_ANON_KEY must be set together',
      });
    }
    if (env.NEXT_PUBLIC_SUPABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'Supabase mode needs DATABASE_URL too (the pooler connection string)',
      });
    }
    if (env.VERCEL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'a serverless host cannot keep an embedded database: set DATABASE_URL and the Supabase variables',
      });
    }
    if (Boolean(env.SMTP_URL) !== Boolean(env.MAIL_FROM)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SMTP_URL ? 'MAIL_FROM' : 'SMTP_URL'],
        message: 'SMTP_URL and MAIL_FROM must be set together',
      });
    }
    const dkim = [env.MAIL_DKIM_DOMAIN, env.MAIL_DKIM_SELECTOR, env.MAIL_DKIM_PRIVATE_KEY];
    if (dkim.some(Boolean) && !dkim.every(Boolean)) {
      const missing = (['MAIL_DKIM_DOMAIN', 'MAIL_DKIM_SELECTOR', 'MAIL_DKIM_PRIVATE_KEY'] as const).find(
        (name) => !env[name],
      )!;
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'MAIL_DKIM_DOMAIN, MAIL_DKIM_SELECTOR and MAIL_DKIM_PRIVATE_KEY must be set together',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  });

export type Env = z.infer<typeof schema> & {
  databaseAdapter: 'pglite' | 'postgres';
  authAdapter: 'local' | 'supabase';
  storageAdapter: 'local' | 'supabase';
};

export class EnvError extends Error {
  constructor(
    public readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'EnvError';
  }
}

/**
 * On Vercel, SITE_URL defaults to the production domain Vercel provides, over https, so
 * canonical links are right and cookies are Secure there without configuration.
 */
function withPlatformDefaults(source: Record<string, string | undefined>): Record<string, string | undefined> {
  const vercelDomain = source.VERCEL ? source.VERCEL_PROJECT_PRODUCTION_URL : undefined;
  if (source.SITE_URL || !vercelDomain) return source;
  return { ...source, SITE_URL: `https://${vercelDomain}` };
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(withPlatformDefaults(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    const names = result.error.issues.map((issue) => String(issue.path[0] ?? ''));
    throw new EnvError(
      names,
      `Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`,
    );
  }
  const env = result.data;
  const supabase = Boolean(env.NEXT_PUBLIC_SUPABASE_URL);
  return {
    ...env,
    databaseAdapter: env.DATABASE_URL ? 'postgres' : 'pglite',
    authAdapter: supabase ? 'supabase' : 'local',
    storageAdapter: supabase ? 'supabase' : 'local',
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * The name under which next.config.ts records the build's SITE_URL in the build itself
 * (Next's `env`, inlined where code reads it): pages prerendered at build time carry that
 * origin in their links, robots.txt and sitemap.
 */
export const BUILT_SITE_URL = 'BUILT_FOR_SITE_URL';

/**
 * Why a server must not start with this SITE_URL, or null: a build made for one origin and
 * started for another would serve both (prerendered pages name the build's, pages rendered per
 * request the server's). Rebuild for the new origin instead. `built` is undefined where no
 * build recorded one (`next dev` compiles with the server's own environment).
 */
export function siteUrlMismatch(built: string | undefined, runtime: string): string | null {
  if (!built || new URL(built).href === new URL(runtime).href) return null;
  return `SITE_URL is ${runtime}, but this build was made for ${built}: its prerendered pages, robots.txt and sitemap name ${built}. Build again with SITE_URL=${runtime} (or start with SITE_URL=${built}).`;
}
