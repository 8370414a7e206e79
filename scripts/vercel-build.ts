// npm run test:vercel — an offline `vercel build` as Vercel would run it (VERCEL=1, Supabase
// mode, DATABASE_URL reachable: the build prerenders pages from it), then the rules every
// deployed function is held to (scripts/vercel-functions.ts). Exits non-zero on a breach.
//
//   npm run test:vercel                 # build, check, report → test-results/vercel-functions.md
//   npm run test:vercel -- --no-build   # check the last build's .vercel/output again
//   npm run test:vercel -- --record     # the report → bench-results/vercel-functions.md, to commit
// (A test run never rewrites a tracked file: the recorded report changes only when asked.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { openPostgres } from '@/lib/db/postgres-adapter';
import { migrate } from '@/lib/db/migrate';
import { startPostgresServer } from '@/lib/db/server/start-postgres';
import { seedDatabase } from '@/lib/seed/seed';
import { breaches, isPublicPage, readFunctions, type FunctionReport } from './vercel-functions';

const root = process.cwd();
const outputDir = path.join(root, '.vercel', 'output');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A Postgres with the migrations applied as `supabase db push` would, and the demo rows. */
async function buildDatabase() {
  const server = await startPostgresServer();
  const admin = postgres(`${server.url}/postgres`, { onnotice: () => {}, max: 1 });
  await admin.unsafe('create database vercel_build');
  await admin.end();
  const db = await openPostgres(`${server.url}/vercel_build`, { max: 2 });
  await migrate(db.runner);
  await seedDatabase(db, { files: false });
  await db.close();
  return { server, url: `${server.url}/vercel_build` };
}

function vercelBuild(databaseUrl: string) {
  // What `vercel link` would write; `vercel build` reads the framework settings from it.
  fs.mkdirSync(path.join(root, '.vercel'), { recursive: true });
  fs.writeFileSync(
    path.join(root, '.vercel', 'project.json'),
    JSON.stringify({
      projectId: 'prj_offline_build',
      orgId: 'team_offline_build',
      settings: { framework: 'nextjs', nodeVersion: '22.x' },
    }),
  );
  fs.rmSync(outputDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VERCEL: '1',
    CI: '1',
    VERCEL_TELEMETRY_DISABLED: '1',
    // Next 16 writes only next-minimal-server.js.nft.json (the bundled server's trace); without
    // this, @vercel/next re-traces next-server.js from the project root and takes in everything
    // (see docs/decisions/0006-small-vercel-functions.md).
    VERCEL_NEXT_BUNDLED_SERVER: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_BUILD_SKIP_TYPECHECK: '1',
    DATABASE_URL: databaseUrl,
    NEXT_PUBLIC_SUPABASE_URL: 'https://project-ref.supabase.co',
    NEXT_PUBLIC_SUPABASE_ANON_KEY: 'anon-key-of-the-offline-build',
    SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-of-the-offline-build',
    AUTH_SECRET: 'the offline build server key, not a real one',
    CRON_SECRET: 'the offline build cron secret',
    SITE_URL: 'https://watercolours.example',
  };
  for (const name of ['DATA_DIR', 'E2E_FAULTS_DIR', 'NEXT_DIST_DIR', 'VITEST']) delete env[name];
  const started = Date.now();
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'vercel'), ['build', '--yes', '--prod'], {
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vercel build failed (${result.status ?? result.signal})`);
  return Date.now() - started;
}

function report(functions: FunctionReport[], buildMs: number | null, found: string[]): string {
  const lines = [
    '# Vercel build: function sizes',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run test:vercel\` (offline \`vercel build\`, Supabase mode)${buildMs ? `; the build took ${(buildMs / 1000).toFixed(0)} s` : ''}.`,
    `${functions.length} distinct functions; limits 40 MB a function, 15 MB a public page.`,
    '',
    '| function (first route) | routes | public pages | files | size | largest parts |',
    '| --- | --- | --- | --- | --- | --- |',
    ...functions.map(
      (f) =>
        `| \`${f.route}\` | ${f.routes.length} | ${f.routes.filter(isPublicPage).length} | ${f.files} | ${mb(f.bytes)} | ${f.largest.map((part) => `${part.what} ${mb(part.bytes)}`).join(', ')} |`,
    ),
    '',
    found.length ? `## Breaches\n\n${found.map((line) => `- ${line}`).join('\n')}` : 'No breaches.',
    '',
  ];
  return lines.join('\n');
}

async function main() {
  let buildMs: number | null = null;
  if (!process.argv.includes('--no-build')) {
    const { server, url } = await buildDatabase();
    try {
      buildMs = vercelBuild(url);
    } finally {
      await server.stop();
    }
  }
  const functions = readFunctions(outputDir, root);
  if (functions.length === 0) throw new Error('the Vercel build made no functions');
  const found = breaches(functions);
  const reportFile = process.argv.includes('--record')
    ? 'bench-results/vercel-functions.md'
    : 'test-results/vercel-functions.md';
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  fs.writeFileSync(reportFile, report(functions, buildMs, found));
  for (const f of functions)
    console.log(`${f.route} and ${f.routes.length - 1} more routes: ${mb(f.bytes)} (${f.files} files)`);
  if (found.length) {
    console.error(`\n${found.length} breaches:\n${found.join('\n')}`);
    process.exit(1);
  }
  console.log(`\n${functions.length} functions within the limits (${reportFile})`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
