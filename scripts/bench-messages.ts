// npm run bench:messages — visitors' messages (docs/benchmarks.md, Messages) on a production build
// (.next-bench-messages; `--no-build` reuses it) in embedded mode with messages switched on and
// 10,000 messages in the inbox: a send's server time (POST /api/messages as the contact form sends
// it, each from an address of its own, to the answer's last byte; p50 and p95 of 200), and the
// owner's inbox (GET /admin/messages, its first page, a deep page and one painting's enquiries,
// signed in, to the HTML's last byte; median and slowest of 10 after the server's first request).
// Writes bench-results/messages.json and bench-results/messages.md.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@/lib/auth/local/cookie';
import { createSession } from '@/lib/auth/local/sessions';
import { upsertLocalUser } from '@/lib/users/users';
import { openPglite } from '@/lib/db/pglite-adapter';
import { asSystem } from '@/lib/db/roles';
import { artworks } from '@/lib/db/schema';
import { writeReceiveMessages } from '@/lib/messages/settings';
import { seedDatabase } from '@/lib/seed/seed';
import { buildNext, startNext } from './next-process';

const { values: flags } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false } } });

const MESSAGES = 10_000;
const SENDS = 200;
const distDir = '.next-bench-messages';
const dataDir = '.data-bench-messages';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

async function prepare() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const db = await openPglite({ dataDir });
  try {
    await seedDatabase(db, { files: false });
    await writeReceiveMessages(db, true);
    const ids = await asSystem(db, 'benchmark', async (sys) =>
      (await sys.select({ id: artworks.id }).from(artworks)).map((row) => row.id),
    );
    // A busy inbox: 10,000 messages over the last 100 days, one in four about a painting, a tenth unread.
    await asSystem(db, 'benchmark', (sys) =>
      sys.execute(sql`insert into app_private.messages (created_at, form, name, email, subject, body, artwork_id, folder, read_at, sender_key)
        select now() - (g * interval '14 minutes'), case when g % 2 = 0 then 'contact' else 'footer' end, 'Visitor ' || g, 'visitor' || g || '@example.com',
          'Message ' || g, repeat('A few kind words about the paintings. ', 8),
          case when g % 4 = 0 then (${`{${ids.join(',')}}`}::uuid[])[1 + g % ${ids.length}] end,
          case when g % 50 = 0 then 'spam' when g % 7 = 0 then 'archive' else 'inbox' end,
          case when g % 10 = 0 then null else now() end, 'bench-' || (g % 500)
        from generate_series(1, ${MESSAGES}) g`),
    );
    const user = await upsertLocalUser(db, { email: 'bench@example.com', password: 'bench password 123', admin: true });
    return { token: (await createSession(db, user.id)).token, painting: ids[0]! };
  } finally {
    await db.close();
  }
}

async function main() {
  if (!flags['no-build'] || !fs.existsSync(path.join(distDir, 'BUILD_ID'))) buildNext(distDir, { quiet: true });
  const { token, painting } = await prepare();
  // One trusted proxy hop: each send names its own address, as visitors behind a proxy would.
  const server = await startNext({ distDir, dataDir, env: { LOG_LEVEL: 'warn', TRUSTED_PROXY_HOPS: '1' } });
  try {
    const send = async (i: number) => {
      const start = performance.now();
      const response = await fetch(`${server.url}/api/messages`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.18.${i >> 8}.${i & 255}`,
        },
        body: new URLSearchParams({
          form: 'contact',
          name: `Bench ${i}`,
          email: `bench${i}@example.com`,
          subject: 'A question',
          message: 'Is this painting still available? '.repeat(6),
        }),
      });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`send ${i}: ${response.status} ${body.slice(0, 200)}`);
      return performance.now() - start;
    };
    await send(0);
    const sends: number[] = [];
    for (let i = 1; i <= SENDS; i++) sends.push(await send(i));

    const page = async (query: string) => {
      const start = performance.now();
      const response = await fetch(`${server.url}/admin/messages${query}`, {
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      const body = await response.text();
      if (
        response.status !== 200 ||
        !body.includes('Receive messages from visitors') ||
        !body.includes(`href="/admin/messages/`)
      )
        throw new Error(`/admin/messages${query} answered ${response.status} without its list`);
      return { ms: performance.now() - start, bytes: Buffer.byteLength(body) };
    };
    const first = await page('');
    const inbox: Record<string, { medianMs: number; maxMs: number; htmlKB: number }> = {};
    for (const [label, query] of [
      ['inbox, first page', ''],
      ['inbox, page 150', '?page=150'],
      ['one painting’s enquiries', `?painting=${painting}`],
    ] as const) {
      const runs = [];
      for (let i = 0; i < 10; i++) runs.push(await page(query));
      inbox[label] = {
        medianMs: round(
          percentile(
            runs.map((r) => r.ms),
            50,
          ),
        ),
        maxMs: round(Math.max(...runs.map((r) => r.ms))),
        htmlKB: Math.round(runs[0]!.bytes / 1024),
      };
    }
    const result = {
      at: new Date().toISOString(),
      messages: MESSAGES,
      send: {
        runs: SENDS,
        p50Ms: round(percentile(sends, 50)),
        p95Ms: round(percentile(sends, 95)),
        maxMs: round(Math.max(...sends)),
      },
      inbox: { firstRequestMs: round(first.ms), pages: inbox },
    };
    fs.mkdirSync('bench-results', { recursive: true });
    fs.writeFileSync('bench-results/messages.json', `${JSON.stringify(result, null, 2)}\n`);
    const lines = [
      `# Messages: sends and the inbox at ${MESSAGES.toLocaleString('en-GB')} messages`,
      '',
      `Production build, embedded PGlite, messages on. Run ${result.at}.`,
      '',
      `A send (POST /api/messages, JSON answer, each from its own address), ${SENDS} in a row: p50 ${result.send.p50Ms} ms, p95 ${result.send.p95Ms} ms, slowest ${result.send.maxMs} ms.`,
      '',
      `The inbox, signed in, to the HTML's last byte (median and slowest of 10; the server's first request ${result.inbox.firstRequestMs} ms):`,
      '',
      '| view | median | slowest | HTML |',
      '| --- | --- | --- | --- |',
      ...Object.entries(inbox).map(([label, r]) => `| ${label} | ${r.medianMs} ms | ${r.maxMs} ms | ${r.htmlKB} KB |`),
    ];
    fs.writeFileSync('bench-results/messages.md', `${lines.join('\n')}\n`);
    console.log(lines.join('\n'));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
