import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artworkPath } from '@/lib/categories';
import { openPostgres } from '@/lib/db/postgres-adapter';
import { seedArtworks } from '@/lib/seed/artworks-data';
import { blogPosts } from '@/lib/seed/blog-posts';
import { seedDatabase } from '@/lib/seed/seed';
import { builtSiteUrl, startNext, type NextServer } from '@/scripts/next-process';

/**
 * No secret in the browser. One production build made with every variable
 * lib/env.ts reads set to a marker (a unique token inside a value of the right shape), then:
 * - no server-only marker in any client file (`<distDir>/static/**`) or prerendered page;
 * - no server-only marker in anything a server answers (bodies and headers of the public pages,
 *   their RSC payloads, the admin sign-in page, sitemap, robots, images, 404s, a refused upload),
 *   from an embedded server (PGlite, local accounts) and from one in production mode (Postgres
 *   and the Supabase variables), each started with the same markers;
 * - and the public value does reach the browser (the Supabase origin, in the CSP), so the scan
 *   looks where a leak would land. NEXT_PUBLIC_* is the only prefix Next inlines into client code.
 */
const distDir = '.next-secrets-test';
const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
const tok = () => crypto.randomBytes(6).toString('hex');

type Marker = { name: string; value: string; tokens: string[] };
function marker(name: string, make: (token: string) => string): Marker {
  const token = `sm${tok()}`;
  return { name, value: make(token), tokens: [token] };
}

// Server only: every variable of lib/env.ts whose value is more than a number, an enum or a flag.
const dataDirA = path.join(os.tmpdir(), `secrets-a-sm${tok()}`);
const dataDirB = path.join(os.tmpdir(), `secrets-b-sm${tok()}`);
const db = { user: `smu${tok()}`, password: `smp${tok()}`, name: `smd${tok()}` };
const serverOnly: Marker[] = [
  marker('ADMIN_EMAIL', (t) => `${t}@example.com`),
  marker('ADMIN_PASSWORD', (t) => `${t}-password`),
  marker('AUTH_SECRET', (t) => `${t}-server-key-`.padEnd(48, 'k')),
  marker('SUPABASE_SERVICE_ROLE_KEY', (t) => `service-role-${t}`),
  marker('OPENAI_API_KEY', (t) => `sk-${t}`),
  marker('OPENAI_BASE_URL', (t) => `https://${t}.openai.example.com/v1`),
  marker('OPENAI_MODEL', (t) => `model-${t}`),
  marker('INDEXNOW_KEY', (t) => `indexnow-${t}`),
  marker('INDEXNOW_ENDPOINT', (t) => `https://${t}.indexnow.example.com/indexnow`),
  marker('STRIPE_SECRET_KEY', (t) => `sk_test_${t}`),
  marker('STRIPE_WEBHOOK_SECRET', (t) => `whsec_${t}`),
  marker('STRIPE_API_URL', (t) => `https://${t}.stripe.example.com`),
];
const dataDirMarkers: Marker[] = [dataDirA, dataDirB].map((dir) => ({
  name: 'DATA_DIR',
  value: dir,
  tokens: [path.basename(dir).slice(10)],
}));
let databaseUrl: Marker;
const supabaseUrl = marker('NEXT_PUBLIC_SUPABASE_URL', (t) => `https://${t}.supabase.invalid`);
const anonKey = marker('NEXT_PUBLIC_SUPABASE_ANON_KEY', (t) => `anon-${t}`);

const secrets = () => [...serverOnly, ...dataDirMarkers, databaseUrl];
const asEnv = (markers: Marker[]) => Object.fromEntries(markers.map((m) => [m.name, m.value]));

/** Which secret tokens a text contains, as 'NAME in where'. */
function leaks(where: string, text: string): string[] {
  return secrets().flatMap((m) => m.tokens.filter((token) => text.includes(token)).map(() => `${m.name} in ${where}`));
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

let adminDb: ReturnType<typeof postgres> | undefined;
let buildSeconds = 0;

beforeAll(async () => {
  // A database of its own, reached as a role of its own: the user, password and database name
  // in DATABASE_URL are all markers. The build prerenders from it, server B serves from it.
  const base = new URL(inject('postgresUrl'));
  adminDb = postgres(`${inject('postgresUrl')}/postgres`, { onnotice: () => {}, max: 1 });
  await adminDb.unsafe(`create role ${db.user} login superuser password '${db.password}'`);
  await adminDb.unsafe(`create database ${db.name} template wc_template owner ${db.user}`);
  const url = `postgres://${db.user}:${db.password}@${base.host}/${db.name}`;
  databaseUrl = { name: 'DATABASE_URL', value: url, tokens: [db.user, db.password, db.name] };
  const seeded = await openPostgres(url, { max: 2 });
  try {
    await seedDatabase(seeded, { files: false });
  } finally {
    await seeded.close();
  }

  const started = performance.now();
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: distDir,
      NEXT_BUILD_SKIP_TYPECHECK: '1',
      LOG_LEVEL: 'warn',
      ...asEnv([...serverOnly, databaseUrl, supabaseUrl, anonKey]),
    },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  buildSeconds = (performance.now() - started) / 1000;
  // tsconfig.json lists this dist dir's types already, so the build leaves the file alone: a
  // rewrite here raced the other test files' `next start`, which read it half-written.
  if (result.status !== 0)
    throw new Error(
      `next build failed (${result.status}):\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    );
}, 900_000);

afterAll(async () => {
  fs.rmSync(distDir, { recursive: true, force: true });
  for (const dir of [dataDirA, dataDirB]) fs.rmSync(dir, { recursive: true, force: true });
  if (adminDb) {
    await adminDb.unsafe(`drop database if exists ${db.name} with (force)`);
    await adminDb.unsafe(`drop role if exists ${db.user}`);
    await adminDb.end();
  }
}, 120_000);

describe('the build', () => {
  it('puts no server-only value in any client file', () => {
    const files = filesUnder(path.join(distDir, 'static'));
    const scripts = files.filter((file) => file.endsWith('.js'));
    // The scan reads real client code: the chunks exist and hold the app's own client strings.
    expect(scripts.length).toBeGreaterThan(10);
    const all = files.map((file) => fs.readFileSync(file, 'latin1'));
    expect(all.some((text) => text.includes('Uploading...') || text.includes('sonner'))).toBe(true);
    expect(files.flatMap((file, i) => leaks(path.relative(distDir, file), all[i]!))).toEqual([]);
    console.info(
      `secrets: build ${buildSeconds.toFixed(0)} s; ${files.length} client files scanned (${scripts.length} scripts, ${(all.reduce((n, t) => n + t.length, 0) / 1024).toFixed(0)} KB)`,
    );
  });

  it('puts no server-only value in the pages it prerendered (served as they are)', () => {
    const served = filesUnder(path.join(distDir, 'server')).filter(
      (file) => /\.(html|rsc|body|meta|json)$/.test(file) && !file.endsWith('.nft.json'),
    );
    expect(served.some((file) => file.endsWith('.html'))).toBe(true);
    expect(served.flatMap((file) => leaks(path.relative(distDir, file), fs.readFileSync(file, 'latin1')))).toEqual([]);
    console.info(`secrets: ${served.length} prerendered files scanned`);
  });
});

/** Every kind of answer a visitor's browser can get, as text: status line, headers and body. */
async function crawl(server: NextServer): Promise<{ answers: Map<string, string>; statuses: Record<string, number> }> {
  const art = seedArtworks[0]!;
  const pages = [
    '/',
    '/gallery',
    `/gallery/${artworkPath(art).split('/')[2]}`,
    artworkPath(art),
    '/blog',
    `/blog/${blogPosts[0]!.slug}`,
    '/about',
    '/about/ai-profile',
    '/contact',
    '/shop',
    '/privacy',
    '/terms',
    '/search?q=harbour',
    '/admin',
    '/admin/artworks/manage',
    '/no-such-page',
    '/gallery/landscapes/no-such-artwork',
  ];
  const others = [
    '/sitemap.xml',
    '/robots.txt',
    '/icon.png',
    `${artworkPath(art)}/opengraph-image`,
    '/media/no/such.webp',
  ];
  const requests: [string, RequestInit][] = [
    ...pages.map((p): [string, RequestInit] => [p, {}]),
    // The RSC payloads a client navigation and a prefetch fetch.
    ...pages.map((p): [string, RequestInit] => [p, { headers: { RSC: '1' } }]),
    ...pages.slice(0, 4).map((p): [string, RequestInit] => [p, { headers: { RSC: '1', 'Next-Router-Prefetch': '1' } }]),
    ...others.map((p): [string, RequestInit] => [p, {}]),
    ['/api/upload-artwork-image', { method: 'POST', body: new FormData() }],
  ];
  const answers = new Map<string, string>();
  const statuses: Record<string, number> = {};
  for (const [pathname, init] of requests) {
    // Followed: Next answers an RSC request without its cache-busting ?_rsc= with a 307 to it.
    const response = await fetch(server.url + pathname, init);
    const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
    const label = `${init.method ?? 'GET'} ${pathname}${init.headers ? ` ${JSON.stringify(init.headers)}` : ''}`;
    answers.set(
      label,
      `${response.status}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${body}`,
    );
    statuses[label] = response.status;
  }
  return { answers, statuses };
}

function expectRealPages(statuses: Record<string, number>, answers: Map<string, string>) {
  // The pages were really rendered, not error pages: a scan of a 500 would prove nothing.
  const art = seedArtworks[0]!;
  expect(statuses['GET /']).toBe(200);
  expect(statuses['GET /gallery']).toBe(200);
  expect(statuses[`GET ${artworkPath(art)}`]).toBe(200);
  expect(answers.get(`GET ${artworkPath(art)}`)).toContain(art.title);
  expect(statuses['GET /admin']).toBe(200);
  expect(answers.get('GET /admin')).toMatch(/sign in/i);
  expect(statuses['GET /no-such-page']).toBe(404);
  // The RSC payloads were fetched, not only the HTML.
  const payloads = [...answers.values()].filter((text) => /^content-type: text\/x-component/m.test(text));
  expect(payloads.length).toBeGreaterThanOrEqual(17);
  expect(Object.values(statuses).filter((status) => status >= 500)).toEqual([]);
}

describe('an embedded server (PGlite, local accounts) started with the markers', () => {
  let server: NextServer;
  beforeAll(async () => {
    for (const key of Object.keys(process.env))
      if (key.startsWith('NEXT_PUBLIC_')) throw new Error(`${key} is set in the test's environment`);
    server = await startNext({ distDir, dataDir: dataDirA, env: { ...asEnv(serverOnly), LOG_LEVEL: 'warn' } });
  }, 120_000);
  afterAll(() => server?.stop(), 30_000);

  it('answers nothing that carries a server-only value', async () => {
    const { answers, statuses } = await crawl(server);
    expectRealPages(statuses, answers);
    // The admin the markers asked for exists (the variables were really read)...
    expect(server.output()).not.toMatch(/Invalid environment configuration/);
    // ...and the scan reads what the browser gets: the site's own origin (the one it was built
    // for, which the server runs with) is on every page.
    expect(answers.get('GET /')).toContain(builtSiteUrl(distDir));
    expect([...answers].flatMap(([label, text]) => leaks(label, text))).toEqual([]);
    console.info(
      `secrets: embedded server, ${answers.size} answers scanned (${JSON.stringify(countByStatus(statuses))})`,
    );
  });
});

describe('a production-mode server (Postgres, the Supabase variables) started with the markers', () => {
  let server: NextServer;
  beforeAll(async () => {
    server = await startNext({
      distDir,
      dataDir: dataDirB,
      databaseUrl: databaseUrl.value,
      env: { ...asEnv([...serverOnly, supabaseUrl, anonKey]), LOG_LEVEL: 'warn' },
    });
  }, 120_000);
  afterAll(() => server?.stop(), 30_000);

  it('answers nothing that carries a server-only value, while the public Supabase origin does reach the browser', async () => {
    const { answers, statuses } = await crawl(server);
    expectRealPages(statuses, answers);
    // NEXT_PUBLIC_SUPABASE_URL is public by design (images load from it: it is in the CSP).
    expect([...answers.values()].some((text) => text.includes(supabaseUrl.tokens[0]!))).toBe(true);
    expect([...answers].flatMap(([label, text]) => leaks(label, text))).toEqual([]);
    console.info(
      `secrets: production-mode server, ${answers.size} answers scanned (${JSON.stringify(countByStatus(statuses))})`,
    );
  });
});

function countByStatus(statuses: Record<string, number>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of Object.values(statuses)) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
