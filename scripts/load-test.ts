/**
 * `npm run test:load [-- --proxy] [-- --duration 60 --connections 100,200 --no-build]`
 *
 * Visitors and the admin at once, against a production build (.next-load) on a fresh DATA_DIR
 * (.data-load): for each connection count, autocannon (in a worker thread, so it does not
 * delay the measurements here) requests /, /gallery, an artwork, a blog post and /sitemap.xml
 * in turn for `--duration` seconds, while a Chromium signed in as the admin edits a title every
 * 5 s, and once adds an artwork with an image and once deletes it. Reported: requests,
 * errors, non-2xx, p50/p99; each write's outcome, how long the admin waited for it, and how
 * long until every public page it affects shows it (polled as a visitor would ask); and the
 * time a new visitor connection takes to be answered (a fresh TCP connection each second:
 * a Node server saturated by keep-alive connections is slow to accept new ones).
 *
 * --proxy puts nginx in front (a generated config: it accepts and holds the client connections
 * and keeps a pool of connections to the app), as a deployment would; without it, the clients
 * talk to Node directly. Results: bench-results/load-{direct,proxy}.{md,json}.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { artworkPath, categorySlug } from '@/lib/categories';
import { blogPosts } from '@/lib/seed/blog-posts';
import { seedArtworks } from '@/lib/seed/artworks-data';
import { buildNext, freePort, startNext } from './next-process';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100,200' },
    proxy: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '3205' },
  },
});
const DURATION = Number(flags.duration);
const CONNECTIONS = flags.connections.split(',').map(Number);
const WRITE_EVERY_MS = 5_000;
const VISIBLE_WITHIN_MS = 60_000;
const distDir = '.next-load';
const dataDir = '.data-load';
const mode = flags.proxy ? 'proxy' : 'direct';
const admin = { email: 'load-admin@example.com', password: `load test ${process.pid} ${Date.now()}` };

// The newest seed artworks: on page 1 of /gallery and of their category, even after an add.
const targets = [...seedArtworks].sort((a, b) => a.createdDaysAgo - b.createdDaysAgo).slice(0, 3);
const visitorPaths = ['/', '/gallery', artworkPath(targets[0]!), `/blog/${blogPosts[0]!.slug}`, '/sitemap.xml'];

type Load = {
  connections: number;
  requests: number;
  perSecond: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
};
type Write = {
  kind: 'edit' | 'add' | 'delete';
  what: string;
  atS: number;
  adminMs: number;
  outcome: string;
  visible: Visible;
  pages: string[];
};
/** A write as the admin finished it; its public pages are still being polled. */
type Pending = Omit<Write, 'atS' | 'visible'> & { visible: Promise<Visible> };
type Probe = { count: number; failed: number; p50: number | null; max: number | null };
type Phase = { load: Load; writes: Write[]; freshConnections: Probe };

// Processes to stop whatever happens.
const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));

/** nginx in front of the app: holds the client connections, keeps up to 64 idle ones to Node. */
async function startNginx(upstreamPort: number): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-load-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  client_max_body_size 12m;
  upstream app {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 120s;
    }
  }
}
`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  await new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) =>
      reject(new Error(`could not start nginx (Debian: apt-get install nginx-light): ${error.message}`)),
    );
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`${url}/robots.txt`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(200);
  }
  return {
    url,
    stop: () => {
      child.kill('SIGQUIT');
      children.delete(child);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cannon(url: string, connections: number, duration: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    // workers: 1 runs the clients in a worker thread.
    autocannon(
      { url, connections, duration, workers: 1, requests: visitorPaths.map((p) => ({ method: 'GET', path: p })) },
      (error, result) => {
        if (error) return reject(error);
        const statusCodes = Object.fromEntries(
          Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count: number }).count]),
        );
        resolve({
          connections,
          requests: result.requests.total,
          perSecond: Math.round(result.requests.average),
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          statusCodes,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
        });
      },
    );
  });
}

/** A new visitor: one GET on a fresh TCP connection, timed to the end of the response. */
function freshRequest(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/robots.txt`, { agent: false, timeout: 120_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(performance.now() - started));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

async function probeFreshConnections(url: string, until: number): Promise<Probe> {
  const times: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  while (Date.now() < until) {
    pending.push(
      freshRequest(url).then(
        (ms) => void times.push(ms),
        () => void failed++,
      ),
    );
    await sleep(1_000);
  }
  await Promise.all(pending);
  times.sort((a, b) => a - b);
  return {
    count: times.length + failed,
    failed,
    p50: times.length ? Math.round(times[Math.floor(times.length / 2)]!) : null,
    max: times.length ? Math.round(times.at(-1)!) : null,
  };
}

type Check = { path: string; ok: (status: number, body: string) => boolean };

type Visible = { sentMs: number; answeredMs: number } | null;

/**
 * Polls every affected page, one request at a time each, until each shows the write. Under
 * load a request takes seconds, so two figures: when the first request that saw the write on
 * every page was sent (staleness: at most this long after the save, a visitor's request could
 * still get the old page) and when it was answered (what a visitor waits), in ms after the save.
 */
async function visibleAfter(front: string, checks: Check[], saved: number): Promise<Visible> {
  const seen = new Map<string, { sent: number; answered: number }>();
  while (Date.now() - saved < VISIBLE_WITHIN_MS) {
    await Promise.all(
      checks
        .filter((check) => !seen.has(check.path))
        .map(async (check) => {
          const sent = Date.now();
          try {
            const response = await fetch(front + check.path, { signal: AbortSignal.timeout(VISIBLE_WITHIN_MS) });
            if (check.ok(response.status, await response.text())) seen.set(check.path, { sent, answered: Date.now() });
          } catch {
            // Counted as not yet visible.
          }
        }),
    );
    if (seen.size === checks.length) {
      const all = [...seen.values()];
      return {
        sentMs: Math.max(...all.map((v) => v.sent)) - saved,
        answeredMs: Math.max(...all.map((v) => v.answered)) - saved,
      };
    }
    await sleep(100);
  }
  return null;
}

const shows =
  (text: string): Check['ok'] =>
  (status, body) =>
    status === 200 && body.includes(text);
const lacks =
  (text: string): Check['ok'] =>
  (status, body) =>
    status === 200 && !body.includes(text);

/** The admin's side: one signed-in tab, writes one after another. */
class Admin {
  private editUrls = new Map<string, string>();
  private edits = 0;
  added: { title: string; slug: string } | null = null;

  constructor(
    private readonly tab: Page,
    private readonly front: string,
    private readonly jpeg: string,
  ) {}

  async signIn() {
    await this.tab.goto('/admin');
    await this.tab.getByLabel('Email').fill(admin.email);
    await this.tab.getByLabel('Password').fill(admin.password);
    await this.tab.getByRole('button', { name: 'Sign In' }).click();
    await this.tab.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await this.tab.goto('/admin/artworks/manage');
    for (const art of targets) {
      const href = await this.tab.getByRole('link', { name: `Edit ${art.title}`, exact: true }).getAttribute('href');
      if (!href) throw new Error(`no edit link for ${art.title}`);
      this.editUrls.set(art.slug, href);
    }
  }

  /** Waits for the form's verdict: the success toast or a failure toast. */
  private async outcome(): Promise<string> {
    const verdict = this.tab
      .getByText(/^(Success! Artwork added\/updated successfully\.|Submission Failed|Image Upload Failed)$/)
      .first();
    await verdict.waitFor();
    const text = (await verdict.textContent()) ?? '';
    if (text.startsWith('Success')) return 'saved';
    const detail = await this.tab.locator('[data-sonner-toast]').first().textContent();
    return `failed: ${detail ?? text}`;
  }

  async edit(): Promise<Pending> {
    const art = targets[this.edits++ % targets.length]!;
    const title = `Load Edit ${this.edits} ${Math.random().toString(36).slice(2, 7)}`;
    const started = Date.now();
    await this.tab.goto(this.editUrls.get(art.slug)!);
    await this.tab.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await this.tab.getByRole('textbox', { name: 'Slug', exact: true }).fill(art.slug);
    await this.tab.getByRole('button', { name: 'Save Changes' }).click();
    const outcome = await this.outcome();
    const saved = Date.now();
    const pages = [artworkPath(art), '/gallery', `/gallery/${categorySlug(art.category)}`];
    const visible =
      outcome === 'saved'
        ? visibleAfter(
            this.front,
            pages.map((p) => ({ path: p, ok: shows(title) })),
            saved,
          )
        : Promise.resolve(null);
    return { kind: 'edit', what: `${art.slug} → "${title}"`, adminMs: saved - started, outcome, visible, pages };
  }

  async add(label: string): Promise<Pending> {
    const title = `Load Heron ${label} ${Date.now()}`;
    const slug = title.toLowerCase().replaceAll(' ', '-');
    const started = Date.now();
    await this.tab.goto('/admin/artworks/add');
    await this.tab.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await this.tab.getByRole('textbox', { name: 'Slug', exact: true }).fill(slug);
    await this.tab.getByLabel('Category').selectOption('Landscapes');
    await this.tab
      .getByLabel('Description (short hook)')
      .fill('A grey heron standing in the shallows at Rainham Marshes.');
    await this.tab.getByLabel(/Image file/).setInputFiles(this.jpeg);
    await this.tab.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await this.tab
      .getByRole('textbox', { name: 'Alt text', exact: true })
      .fill('Watercolour of a grey heron in shallow water');
    await this.tab.getByLabel('Price', { exact: true }).fill('280');
    await this.tab.getByRole('button', { name: 'Add Artwork' }).click();
    const outcome = await this.outcome();
    const saved = Date.now();
    const page = `/gallery/landscapes/${slug}`;
    const pages = [page, '/gallery', '/gallery/landscapes', '/sitemap.xml'];
    const checks = [
      { path: page, ok: shows(title) },
      { path: '/gallery', ok: shows(title) },
      { path: '/gallery/landscapes', ok: shows(title) },
      { path: '/sitemap.xml', ok: shows(page) },
    ];
    const visible = outcome === 'saved' ? visibleAfter(this.front, checks, saved) : Promise.resolve(null);
    if (outcome === 'saved') this.added = { title, slug };
    return { kind: 'add', what: `"${title}"`, adminMs: saved - started, outcome, visible, pages };
  }

  async remove(): Promise<Pending> {
    const { title, slug } = this.added!;
    this.added = null;
    const started = Date.now();
    await this.tab.goto('/admin/artworks/manage');
    await this.tab.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    const dialog = this.tab.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete artwork' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The list refreshes once the delete is done: the row goes.
    const gone = await this.tab
      .locator('tr', { hasText: title })
      .first()
      .waitFor({ state: 'detached', timeout: 60_000 })
      .then(
        () => true,
        () => false,
      );
    const saved = Date.now();
    const page = `/gallery/landscapes/${slug}`;
    const pages = [page, '/gallery', '/gallery/landscapes', '/sitemap.xml'];
    const checks = [
      { path: page, ok: (status: number) => status === 404 },
      { path: '/gallery', ok: lacks(title) },
      { path: '/gallery/landscapes', ok: lacks(title) },
      { path: '/sitemap.xml', ok: lacks(page) },
    ];
    const outcome = gone ? 'deleted' : 'failed: the row is still listed';
    const visible = gone ? visibleAfter(this.front, checks, saved) : Promise.resolve(null);
    return { kind: 'delete', what: `"${title}"`, adminMs: saved - started, outcome, visible, pages };
  }
}

/**
 * Every 5 s (or as soon as the previous write is done, if it took longer) until `until`:
 * first an add, then edits, the delete of the added artwork half-way.
 */
async function writeLoop(adminTab: Admin, label: string, until: number, started: number): Promise<Write[]> {
  const writes: Promise<Write>[] = [];
  const halfWay = started + (until - started) / 2;
  let deleted = false;
  for (let next = Date.now(); Date.now() < until; next += WRITE_EVERY_MS) {
    await sleep(Math.max(0, next - Date.now()));
    if (Date.now() >= until) break;
    const begun = Date.now();
    const atS = Math.round((begun - started) / 100) / 10;
    const kind: Write['kind'] =
      writes.length === 0 ? 'add' : adminTab.added && !deleted && begun >= halfWay ? 'delete' : 'edit';
    if (kind === 'delete') deleted = true;
    let write: Pending;
    try {
      write =
        kind === 'add'
          ? await adminTab.add(label)
          : kind === 'delete'
            ? await adminTab.remove()
            : await adminTab.edit();
    } catch (error) {
      write = {
        kind,
        what: '',
        adminMs: Date.now() - begun,
        outcome: `error: ${(error as Error).message.split('\n')[0]}`,
        visible: Promise.resolve(null),
        pages: [],
      };
    }
    console.log(`  ${kind} at ${atS} s: ${write.outcome}, admin waited ${write.adminMs} ms`);
    // The admin goes on writing while visitors' requests look for this one.
    writes.push(
      write.visible.then((visible) => {
        if (write.outcome === 'saved' || write.outcome === 'deleted')
          console.log(`  ${kind} at ${atS} s: public pages ${seenText(visible)}`);
        return { ...write, atS, visible };
      }),
    );
    next = Math.max(next, Date.now() - WRITE_EVERY_MS);
  }
  return Promise.all(writes);
}

const seenText = (visible: Visible) =>
  visible
    ? `seen by a request sent after ${visible.sentMs} ms, answered after ${visible.answeredMs} ms`
    : `not within ${VISIBLE_WITHIN_MS / 1000} s`;

function markdown(phases: Phase[], meta: Record<string, unknown>): string {
  const lines = [
    `# Load test (${mode === 'proxy' ? 'nginx in front' : 'clients straight to Node'})`,
    '',
    `Run ${meta.date} on ${meta.cpus} CPUs, Node ${meta.node}; production build, embedded database, ${DURATION} s per phase.`,
    `Visitors: autocannon over ${visitorPaths.map((p) => `\`${p}\``).join(', ')} in turn. Admin: Chromium, a write every ${WRITE_EVERY_MS / 1000} s. Fresh connection: a new TCP connection each second, GET /robots.txt.`,
    '',
    '| connections | requests | req/s | errors | timeouts | non-2xx | p50 ms | p99 ms | max ms | fresh connection p50 / max ms (failed) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...phases.map(
      ({ load: l, freshConnections: f }) =>
        `| ${l.connections} | ${l.requests} | ${l.perSecond} | ${l.errors} | ${l.timeouts} | ${l.non2xx} | ${l.p50} | ${l.p99} | ${l.max} | ${f.p50 ?? 'n/a'} / ${f.max ?? 'n/a'} (${f.failed} of ${f.count}) |`,
    ),
    '',
    '| connections | at s | write | outcome | admin waited ms | every affected page shows it to a request sent / answered after ms |',
    '| --- | --- | --- | --- | --- | --- |',
    ...phases.flatMap(({ load, writes }) =>
      writes.map(
        (w) =>
          `| ${load.connections} | ${w.atS} | ${w.kind} ${w.what} | ${w.outcome} | ${w.adminMs} | ${w.visible ? `${w.visible.sentMs} / ${w.visible.answeredMs}` : `not within ${VISIBLE_WITHIN_MS / 1000} s`} |`,
      ),
    ),
  ];
  const codes = phases.filter((phase) => Object.keys(phase.load.statusCodes).some((code) => !code.startsWith('2')));
  if (codes.length)
    lines.push(
      '',
      ...codes.map(
        (phase) => `Status codes at ${phase.load.connections} connections: ${JSON.stringify(phase.load.statusCodes)}`,
      ),
    );
  return `${lines.join('\n')}\n`;
}

async function main() {
  const port = Number(flags.port);
  const nginx = flags.proxy ? await startNginx(port) : null;
  const front = nginx?.url ?? `http://127.0.0.1:${port}`;
  if (!flags['no-build']) {
    console.log(`Building into ${distDir} ...`);
    buildNext(distDir, { siteUrl: front });
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startNext({
    distDir,
    dataDir,
    port,
    env: {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SITE_URL: front,
      TRUSTED_PROXY_HOPS: nginx ? '1' : '0',
      LOG_LEVEL: 'warn',
    },
  });
  const jpeg = path.join(os.tmpdir(), `wc-load-${process.pid}.jpg`);
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#cfe3ea"/><circle cx="800" cy="600" r="340" fill="#2f5d6e" opacity="0.6"/></svg>';
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(jpeg);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  });
  try {
    for (const pathname of visitorPaths) {
      const status = (await fetch(front + pathname)).status;
      if (status !== 200) throw new Error(`${pathname} answers ${status} before the load`);
    }
    const tab = await browser.newPage({ baseURL: front });
    tab.setDefaultTimeout(180_000);
    const adminTab = new Admin(tab, front, jpeg);
    await adminTab.signIn();
    // Warm up: every page rendered once and the JIT on its paths (as scripts/bench.ts does).
    await cannon(front, 10, 3);

    const phases: Phase[] = [];
    for (const connections of CONNECTIONS) {
      console.log(`${connections} connections for ${DURATION} s (${mode}) ...`);
      const started = Date.now();
      const until = started + DURATION * 1000;
      const [load, writes, freshConnections] = await Promise.all([
        cannon(front, connections, DURATION),
        writeLoop(adminTab, `${connections}`, until, started),
        probeFreshConnections(front, until),
      ]);
      phases.push({ load, writes, freshConnections });
      console.log(
        `  ${load.requests} requests, ${load.errors} errors, ${load.timeouts} timeouts, ${load.non2xx} non-2xx, p50 ${load.p50} ms, p99 ${load.p99} ms`,
      );
      // A write still open at the end of a phase has finished by now; let the server settle.
      await sleep(3_000);
    }

    const meta = {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      node: process.version,
      mode,
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      paths: visitorPaths,
    };
    const out = path.join(process.cwd(), 'bench-results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, `load-${mode}.json`), `${JSON.stringify({ meta, phases }, null, 2)}\n`);
    const md = markdown(phases, meta);
    fs.writeFileSync(path.join(out, `load-${mode}.md`), md);
    console.log(`\n${md}`);
  } finally {
    await browser.close();
    await server.stop();
    nginx?.stop();
    fs.rmSync(jpeg, { force: true });
    const log = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)|error/i.test(line));
    if (log.length) console.log(`Server errors logged: ${log.length}\n${log.slice(0, 10).join('\n')}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
