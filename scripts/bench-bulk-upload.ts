/**
 * `npm run bench:bulk-upload [-- --no-build] [-- --count 20 --mb 3] [-- --dist-dir D]`: a season's photographs
 * bulk-uploaded end to end, as the artist would: a production build (.next-bench-bulk) on a
 * fresh DATA_DIR (.data-bench-bulk), Chromium signed in as the admin on the bulk upload screen,
 * `count` photos of about `mb` MB chosen at once, then Upload All. Each item goes through the
 * browser's own code: SHA-256 and the duplicate check when added, then the slug check, the
 * upload route and the save action, one at a time.
 *
 * Reported: seconds from Upload All to 'Bulk Upload Complete', images/s and MB/s, the time to
 * queue the files (hashing and the duplicate check), and the median and slowest of each
 * request the run made. Results: bench-results/bulk-upload.{md,json}.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { buildNext, startNext } from './next-process';

const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    count: { type: 'string', default: '20' },
    mb: { type: 'string', default: '3' },
    port: { type: 'string' },
    // An existing production build to reuse with --no-build (e.g. the e2e suite's).
    'dist-dir': { type: 'string', default: '.next-bench-bulk' },
  },
});
const COUNT = Number(flags.count);
const TARGET_BYTES = Number(flags.mb) * 1024 * 1024;
const distDir = flags['dist-dir'];
const dataDir = '.data-bench-bulk';
const admin = { email: 'bench-admin@example.com', password: `bench bulk ${process.pid} ${Date.now()}` };
const WIDTH = 4032;
const HEIGHT = 3024;

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);

/**
 * A 12-megapixel phone photograph of a painting: soft colour fields with paper grain, so the
 * JPEG is photo-sized and every file is different (its own noise). The quality is found once,
 * on the first, to land near the target size.
 */
async function makePhotos(dir: string): Promise<string[]> {
  const raw = async () => {
    const coarse = await sharp({
      create: {
        width: 63,
        height: 47,
        channels: 3,
        background: '#9fb7c0',
        noise: { type: 'gaussian', mean: 150, sigma: 55 },
      },
    })
      .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
      .blur(6)
      .raw()
      .toBuffer();
    const grain = await sharp({
      create: {
        width: WIDTH,
        height: HEIGHT,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 9 },
      },
    })
      .raw()
      .toBuffer();
    for (let i = 0; i < coarse.length; i++) coarse[i] = Math.max(0, Math.min(255, coarse[i]! + grain[i]! - 128));
    return coarse;
  };
  const encode = (pixels: Buffer, quality: number) =>
    sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  const first = await raw();
  let quality = 90;
  for (let low = 50, high = 98; low <= high;) {
    const q = Math.floor((low + high) / 2);
    const size = (await encode(first, q)).byteLength;
    if (Math.abs(size - TARGET_BYTES) < TARGET_BYTES * 0.05) {
      quality = q;
      break;
    }
    if (size < TARGET_BYTES) low = q + 1;
    else high = q - 1;
    quality = q;
  }
  const files: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const file = path.join(dir, `Spring_Study_${String(i + 1).padStart(2, '0')}.jpg`);
    fs.writeFileSync(file, await encode(i === 0 ? first : await raw(), quality));
    files.push(file);
  }
  return files;
}

type Kind = 'slug check' | 'upload' | 'save' | 'duplicate check';
type Entry = { name: string; initiatorType: string; startTime: number; duration: number };

/**
 * The run's requests from the page's own Resource Timing entries (Playwright's request events
 * missed some server action responses). Server actions POST to the page's address, RSC
 * fetches carry ?_rsc=: the action entries are, in order, the duplicate check, then per item
 * the slug check and the save.
 */
function classify(entries: Entry[], pageUrl: string): { kind: Kind; ms: number }[] {
  const out: { kind: Kind; ms: number }[] = [];
  let actions = 0;
  for (const entry of [...entries].sort((a, b) => a.startTime - b.startTime)) {
    if (entry.name.endsWith('/api/upload-artwork-image')) out.push({ kind: 'upload', ms: entry.duration });
    else if (entry.name === pageUrl && entry.initiatorType === 'fetch') {
      out.push({
        kind: actions === 0 ? 'duplicate check' : actions % 2 === 1 ? 'slug check' : 'save',
        ms: entry.duration,
      });
      actions++;
    }
  }
  return out;
}

async function main() {
  if (!flags['no-build']) {
    console.log(`Building into ${distDir} ...`);
    buildNext(distDir);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-'));
  const loadBefore = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  const server = await startNext({
    distDir,
    dataDir,
    port: flags.port ? Number(flags.port) : undefined,
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  });
  try {
    console.log(`Making ${COUNT} photos of about ${flags.mb} MB ...`);
    const photos = await makePhotos(scratch);
    const bytes = photos.reduce((total, file) => total + fs.statSync(file).size, 0);

    const page = await browser.newPage({ baseURL: server.url });
    page.setDefaultTimeout(600_000);
    await page.goto('/admin');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.goto('/admin/artworks/bulk-upload');

    // Every request of the run, not only the first 250 (the browser's default buffer).
    await page.evaluate(() => {
      performance.setResourceTimingBufferSize(10_000);
      performance.clearResourceTimings();
    });

    const queued = performance.now();
    await page.getByLabel('Choose images').setInputFiles(photos);
    const items = page.getByRole('list', { name: 'Images in the queue' }).getByRole('listitem');
    await page.waitForFunction((count) => document.querySelectorAll('li[data-status="ready"]').length === count, COUNT);
    const queueMs = performance.now() - queued;
    if ((await items.count()) !== COUNT)
      throw new Error(`expected ${COUNT} queued items, found ${await items.count()}`);

    const started = performance.now();
    await page.getByRole('button', { name: 'Upload All' }).click();
    const summary = page.getByRole('status').filter({ hasText: 'Bulk Upload Complete' });
    await summary.waitFor();
    const runMs = performance.now() - started;
    const message = (await summary.locator('p').first().textContent())?.trim() ?? '';
    if (!message.includes(`(${COUNT}/${COUNT} `)) throw new Error(`not every photo was uploaded: ${message}`);

    const entries: Entry[] = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        ({ name, initiatorType, startTime, duration }) => ({ name, initiatorType, startTime, duration }),
      ),
    );
    const timings = classify(entries, new URL('/admin/artworks/bulk-upload', server.url).href);
    // Each save invalidates cache tags, so the router drops its cache and the links on screen
    // are fetched again: server work the run competes with.
    const refetches = entries.filter((entry) => entry.name.includes('_rsc=')).length;
    const seconds = runMs / 1000;
    const per = (kind: Kind) => timings.filter((t) => t.kind === kind).map((t) => t.ms);
    const row = (kind: Kind) =>
      `| ${kind} | ${per(kind).length} | ${Math.round(median(per(kind)))} ms | ${Math.round(max(per(kind)))} ms |`;
    const cpu = os.cpus();
    const result = {
      date: new Date().toISOString(),
      count: COUNT,
      totalMb: Number((bytes / 1024 / 1024).toFixed(1)),
      seconds: Number(seconds.toFixed(1)),
      imagesPerSecond: Number((COUNT / seconds).toFixed(2)),
      mbPerSecond: Number((bytes / 1024 / 1024 / seconds).toFixed(2)),
      secondsPerImage: Number((seconds / COUNT).toFixed(2)),
      queueMs: Math.round(queueMs),
      rscRefetches: refetches,
      requests: Object.fromEntries(
        (['slug check', 'upload', 'save', 'duplicate check'] as const).map((kind) => [
          kind,
          { count: per(kind).length, medianMs: Math.round(median(per(kind))), maxMs: Math.round(max(per(kind))) },
        ]),
      ),
      machine: `${cpu.length} x ${cpu[0]?.model.trim()}`,
      loadBefore,
      loadAfter: os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' / '),
    };
    const lines = [
      '# Bulk upload benchmark',
      '',
      `Run with \`npm run bench:bulk-upload\` on ${result.date.slice(0, 10)}: ${result.machine}, Node ${process.version}, a production build in embedded mode (PGlite, local storage), Chromium on the same machine. Load average when it started: ${loadBefore}; when it ended: ${result.loadAfter} (the machine is shared, so figures vary between runs).`,
      '',
      `Input: ${COUNT} JPEG photographs, ${WIDTH} x ${HEIGHT}, ${result.totalMb} MB in all (${(result.totalMb / COUNT).toFixed(1)} MB each), chosen at once on /admin/artworks/bulk-upload.`,
      '',
      '## Result',
      '',
      `**${COUNT} photos uploaded end to end in ${result.seconds} s: ${result.imagesPerSecond} images/s (${result.secondsPerImage} s each, ${result.mbPerSecond} MB/s).** From Upload All to '${message}'.`,
      '',
      `Queuing them (each file screened, hashed with SHA-256 in the browser, then one duplicate check for all): ${result.queueMs} ms.`,
      '',
      '| request | count | median | slowest |',
      '| --- | --- | --- | --- |',
      row('slug check'),
      row('upload'),
      row('save'),
      row('duplicate check'),
      '',
      `Besides these, the page made ${refetches} RSC requests while queuing and uploading: each save invalidates the public cache tags, which also clears the browser's router cache, so the links on screen are prefetched again after every item.`,
      '',
      'Items go one at a time (docs/product.md, Bulk upload), so the run takes the sum of its items: the upload (sharp decodes the 12 MP JPEG once and writes the display, 800 and 400 WebP variants, the blur placeholder and the private original) is most of each.',
    ];
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync('bench-results/bulk-upload.json', `${JSON.stringify(result, null, 2)}\n`);
    fs.writeFileSync('bench-results/bulk-upload.md', `${lines.join('\n')}\n`);
    console.log(lines.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
