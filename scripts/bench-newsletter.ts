// npm run bench:newsletter — a letter to 10,000 subscribers (docs/benchmarks.md, Newsletter) on a
// production build (.next-bench-newsletter; `--no-build` reuses it, `--dist-dir .next` uses
// another existing build) in embedded mode, sending to a local SMTP sink that only counts.
//
// Two server runs on one fresh DATA_DIR (an embedded database has one process at a time, so the
// bench cannot write to it while a server runs):
//   1. no letter queued: public pages' req/s (autocannon on / and an artwork page), the server's RSS;
//   2. after startSending has queued the letter to 10,000 confirmed subscribers (the function the
//      admin's "Send now" calls, against the same database, timed): the server's newsletter job
//      picks it up within seconds and sends at NEWSLETTER_RATE (--rate, default 50 a second);
//      the same req/s while it sends, the server's RSS every second (start, peak, end, slope),
//      and at the end the sink's count: exactly 10,000 emails, one per address.
// Writes bench-results/newsletter.json and bench-results/newsletter.md.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { artworkPath } from '@/lib/categories';
import { openPglite } from '@/lib/db/pglite-adapter';
import { asSystem } from '@/lib/db/roles';
import { artworks, newsletterLetters } from '@/lib/db/schema';
import { letterProgress, startSending } from '@/lib/newsletter/sending';
import { seedDatabase } from '@/lib/seed/seed';
import { buildNext, startNext, type NextServer } from './next-process';

const { values: flags } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'dist-dir': { type: 'string' },
    rate: { type: 'string', default: '50' },
    subscribers: { type: 'string', default: '10000' },
    // Seeds and queues only, then reports what it queued: the parts that need no build.
    'prepare-only': { type: 'boolean', default: false },
  },
});

const SUBSCRIBERS = Number(flags.subscribers);
const RATE = Number(flags.rate);
const distDir = flags['dist-dir'] ?? '.next-bench-newsletter';
const dataDir = '.data-bench-newsletter';
const LOAD_SECONDS = 10;
const CONNECTIONS = 20;
const SLUG = 'bench-letter';

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** 1,500 words and ten painting cards exactly as the stories editor saves them. */
function letterContent(
  paintings: { id: string; slug: string; category: string | null; title: string; thumb: string }[],
) {
  const words = ['light', 'river', 'wash', 'Peckham', 'evening', 'paper', 'blue', 'studio'];
  const paragraph = (i: number) =>
    `<p>${Array.from({ length: 50 }, (_, w) => words[(i + w) % words.length]).join(' ')} <a href="/blog">more</a></p>`;
  const parts: string[] = ['<h2>New this season</h2>'];
  for (let i = 0; i < 30; i++) {
    parts.push(paragraph(i));
    const art = paintings[i / 3];
    if (i % 3 === 0 && art) {
      const href = artworkPath(art);
      parts.push(
        `<figure class="story-artwork" data-artwork-id="${art.id}"><a href="${href}"><img src="${art.thumb}" alt="${art.title}" width="1600" height="1200" loading="lazy"></a><figcaption><a href="${href}">${art.title}</a></figcaption></figure>`,
      );
    }
  }
  return parts.join('');
}

/** A fresh database: the demo catalogue, SUBSCRIBERS confirmed subscribers (set-based), and a draft letter. */
async function prepare(): Promise<{ letterId: string }> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const db = await openPglite({ dataDir });
  try {
    await seedDatabase(db, { files: false });
    await asSystem(db, 'benchmark', (sys) =>
      sys.execute(sql`insert into app_private.subscribers (email, name, consent, status, confirmed_at, discount_code)
        select 'reader' || g || '@example.com', 'Reader ' || g, 'bench', 'confirmed', now(), 'PRINTS-' || lpad(g::text, 8, '0')
        from generate_series(1, ${SUBSCRIBERS}) g`),
    );
    const paintings = await asSystem(db, 'benchmark', (sys) =>
      sys
        .select({
          id: artworks.id,
          slug: artworks.slug,
          category: artworks.category,
          title: artworks.title,
          thumb: sql<string>`coalesce(${artworks.imageThumb400Url}, ${artworks.imageUrl}, '/og-default.jpg')`,
        })
        .from(artworks)
        .limit(10),
    );
    const [letter] = await asSystem(db, 'benchmark', (sys) =>
      sys
        .insert(newsletterLetters)
        .values({
          slug: SLUG,
          title: 'New paintings this season',
          summary: 'Ten new paintings.',
          content: letterContent(paintings),
        })
        .returning({ id: newsletterLetters.id }),
    );
    return { letterId: letter!.id };
  } finally {
    await db.close();
  }
}

/** Queues the letter to every confirmed subscriber as "Send now" does, timed. */
async function queue(letterId: string) {
  const db = await openPglite({ dataDir });
  try {
    const started = performance.now();
    const result = await startSending(db, letterId);
    if (!result.ok) throw new Error(`startSending refused: ${result.message}`);
    return { recipients: result.recipients, ms: round(performance.now() - started) };
  } finally {
    await db.close();
  }
}

/** An SMTP server that keeps only a count per address: the bench's own memory stays small. */
async function startSink() {
  const perAddress = new Map<string, number>();
  let mails = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        mails++;
        for (const rcpt of session.envelope.rcptTo)
          perAddress.set(rcpt.address, (perAddress.get(rcpt.address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails: () => mails,
    perAddress,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The resident memory of a process and its children (next start may run the server in a child), in MB. */
function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let kb = 0;
  const visit = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      return;
    }
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return kb / 1024;
}

type Sample = { s: number; mb: number; mails: number };

function sampleRss(server: NextServer, mails: () => number) {
  const samples: Sample[] = [];
  const started = performance.now();
  const take = () =>
    samples.push({
      s: round((performance.now() - started) / 1000),
      mb: round(treeRssMb(server.child.pid!)),
      mails: mails(),
    });
  take();
  const timer = setInterval(take, 1_000);
  return { samples, stop: () => clearInterval(timer) };
}

/** Least-squares slope of RSS over time, in MB a minute. */
function slopeMbPerMinute(samples: Sample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const mx = samples.reduce((sum, p) => sum + p.s, 0) / n;
  const my = samples.reduce((sum, p) => sum + p.mb, 0) / n;
  const num = samples.reduce((sum, p) => sum + (p.s - mx) * (p.mb - my), 0);
  const den = samples.reduce((sum, p) => sum + (p.s - mx) ** 2, 0);
  return den === 0 ? 0 : round((num / den) * 60, 2);
}

type Load = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

function cannon(url: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: Math.round(result.requests.average),
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

async function artworkPage(server: NextServer): Promise<string> {
  const html = await (await fetch(`${server.url}/gallery`)).text();
  const match = /href="(\/gallery\/[a-z0-9-]+\/[a-z0-9-]+)"/.exec(html);
  if (!match) throw new Error('no artwork page linked from /gallery');
  return match[1]!;
}

/** Public pages under load: the home page and an artwork page, after a warm-up request each. */
async function loadPages(server: NextServer, artwork: string) {
  const loads: Record<string, Load> = {};
  for (const page of ['/', artwork]) {
    await (await fetch(`${server.url}${page}`)).arrayBuffer();
    loads[page === '/' ? 'home' : 'artwork'] = await cannon(`${server.url}${page}`);
  }
  return loads;
}

const serverEnv = (smtpUrl: string) => ({
  LOG_LEVEL: 'warn',
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Elena Marsh <news@elenamarsh.example>',
  NEWSLETTER_RATE: String(RATE),
});

async function beforeSending(smtpUrl: string) {
  const server = await startNext({ distDir, dataDir, env: serverEnv(smtpUrl) });
  try {
    const rss = sampleRss(server, () => 0);
    const artwork = await artworkPage(server);
    const load = await loadPages(server, artwork);
    rss.stop();
    return { artwork, load, rssMb: rss.samples.at(-1)!.mb };
  } finally {
    await server.stop();
  }
}

async function whileSending(sink: Awaited<ReturnType<typeof startSink>>, artwork: string) {
  const server = await startNext({ distDir, dataDir, env: serverEnv(sink.url) });
  try {
    const rss = sampleRss(server, sink.mails);
    const startedAt = performance.now();
    // The newsletter job's first turn comes 5 s after start; load the pages once sending is under way.
    while (sink.mails() === 0 && performance.now() - startedAt < 60_000) await new Promise((r) => setTimeout(r, 200));
    if (sink.mails() === 0) throw new Error(`nothing reached the sink within 60 s:\n${server.output().slice(-3000)}`);
    const firstMailS = round((performance.now() - startedAt) / 1000);
    const load = await loadPages(server, artwork);
    const deadline = performance.now() + ((SUBSCRIBERS / RATE) * 2 + 300) * 1000;
    while (sink.mails() < SUBSCRIBERS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const doneS = round((performance.now() - startedAt) / 1000);
    // A few seconds more: the letter is marked sent, and any duplicate would arrive.
    await new Promise((r) => setTimeout(r, 5_000));
    rss.stop();
    return { load, samples: rss.samples, firstMailS, doneS, output: server.output() };
  } finally {
    await server.stop();
  }
}

async function finalState(letterId: string) {
  const db = await openPglite({ dataDir });
  try {
    const [letter] = await asSystem(db, 'benchmark', (sys) =>
      sys
        .select({ status: newsletterLetters.status, sentAt: newsletterLetters.sentAt })
        .from(newsletterLetters)
        .where(eq(newsletterLetters.id, letterId)),
    );
    return { status: letter!.status, progress: await letterProgress(db, letterId) };
  } finally {
    await db.close();
  }
}

type BenchResult = {
  at: string;
  queue: { recipients: number; ms: number };
  before: { artwork: string; load: Record<string, Load>; rssMb: number };
  during: { load: Record<string, Load>; firstMailS: number; doneS: number };
  achievedRate: number;
  rss: { startMb: number; peakMb: number; endMb: number; slopeMbPerMinute: number; secondHalfSlopeMbPerMinute: number };
  sink: { mails: number; addresses: number; duplicates: number; strangers: number; ok: boolean };
  final: { status: string };
};

function report(result: BenchResult) {
  const { before, during, rss, sink } = result;
  const row = (label: string, a: Load, b: Load) =>
    `| ${label} | ${a.requestsPerSecond} | ${b.requestsPerSecond} | ${a.p99Ms} ms | ${b.p99Ms} ms | ${a.errors + a.non2xx + b.errors + b.non2xx} |`;
  return [
    `# Newsletter: one letter to ${SUBSCRIBERS.toLocaleString('en-GB')} subscribers`,
    '',
    `Production build, embedded PGlite, a local SMTP sink that counts. NEWSLETTER_RATE ${RATE} a second. Run ${result.at}.`,
    '',
    `Queuing (startSending, set-based): ${result.queue.recipients.toLocaleString('en-GB')} recipients in ${result.queue.ms} ms.`,
    `Sending: first email ${during.firstMailS} s after the server started, all ${sink.mails.toLocaleString('en-GB')} by ${during.doneS} s (${result.achievedRate} a second); letter ${result.final.status}.`,
    `The sink: ${sink.mails} emails to ${sink.addresses} addresses, ${sink.duplicates} twice or more, ${sink.strangers} not subscribers: ${sink.ok ? 'exactly one each' : 'NOT one each'}.`,
    '',
    `Server RSS (process tree): before sending ${before.rssMb} MB; while sending start ${rss.startMb} MB, peak ${rss.peakMb} MB, end ${rss.endMb} MB, slope ${rss.slopeMbPerMinute} MB/min (second half ${rss.secondHalfSlopeMbPerMinute} MB/min).`,
    '',
    `Public pages, autocannon ${CONNECTIONS} connections, ${LOAD_SECONDS} s each:`,
    '',
    '| page | req/s before | req/s while sending | p99 before | p99 while sending | errors |',
    '| --- | --- | --- | --- | --- | --- |',
    row('home /', before.load.home!, during.load.home!),
    row(`artwork ${before.artwork}`, before.load.artwork!, during.load.artwork!),
  ].join('\n');
}

async function main() {
  console.log(`bench:newsletter: ${SUBSCRIBERS} subscribers at NEWSLETTER_RATE ${RATE} a second`);
  const { letterId } = await prepare();
  if (flags['prepare-only']) {
    const queued = await queue(letterId);
    const db = await openPglite({ dataDir });
    const progress = await letterProgress(db, letterId).finally(() => db.close());
    console.log(
      `prepared ${dataDir}: queued ${queued.recipients} in ${queued.ms} ms; progress ${JSON.stringify(progress)}`,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (!flags['dist-dir'] && (!flags['no-build'] || !fs.existsSync(path.join(distDir, 'BUILD_ID'))))
    buildNext(distDir, { quiet: true });
  if (!fs.existsSync(path.join(distDir, 'BUILD_ID'))) throw new Error(`no build in ${distDir}`);
  const sink = await startSink();
  try {
    const before = await beforeSending(sink.url);
    const queued = await queue(letterId);
    const during = await whileSending(sink, before.artwork);
    const final = await finalState(letterId);
    const sending = during.samples.filter((s) => s.mails > 0);
    const half = sending.slice(Math.floor(sending.length / 2));
    const counts = [...sink.perAddress.entries()];
    const strangers = counts.filter(([address]) => !/^reader\d+@example\.com$/.test(address)).length;
    const duplicates = counts.filter(([, n]) => n > 1).length;
    const sinkResult = {
      mails: sink.mails(),
      addresses: counts.length,
      duplicates,
      strangers,
      ok: sink.mails() === SUBSCRIBERS && counts.length === SUBSCRIBERS && duplicates === 0 && strangers === 0,
    };
    const result = {
      at: new Date().toISOString(),
      subscribers: SUBSCRIBERS,
      rate: RATE,
      queue: queued,
      before: { artwork: before.artwork, load: before.load, rssMb: before.rssMb },
      during: { load: during.load, firstMailS: during.firstMailS, doneS: during.doneS },
      achievedRate: round(SUBSCRIBERS / Math.max(1, during.doneS - during.firstMailS)),
      rss: {
        startMb: sending[0]?.mb ?? 0,
        peakMb: Math.max(...during.samples.map((s) => s.mb)),
        endMb: during.samples.at(-1)?.mb ?? 0,
        slopeMbPerMinute: slopeMbPerMinute(sending),
        secondHalfSlopeMbPerMinute: slopeMbPerMinute(half),
        samples: during.samples,
      },
      sink: sinkResult,
      final,
    };
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync('bench-results/newsletter.json', `${JSON.stringify(result, null, 2)}\n`);
    const text = report(result);
    fs.writeFileSync('bench-results/newsletter.md', `${text}\n`);
    console.log(text);
    if (!sinkResult.ok || final.status !== 'sent') {
      console.error(during.output.slice(-4000));
      process.exitCode = 1;
    }
  } finally {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
