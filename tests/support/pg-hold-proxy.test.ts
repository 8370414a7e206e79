import crypto from 'node:crypto';
import net from 'node:net';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startHoldProxy, type HoldProxy } from './pg-hold-proxy';

const base = inject('postgresUrl');
const table = `hold_proxy_${crypto.randomUUID().replaceAll('-', '')}`;
let proxy: HoldProxy;
const clients: postgres.Sql[] = [];

beforeAll(async () => {
  const { hostname, port } = new URL(base);
  proxy = await startHoldProxy({ host: hostname, port: Number(port) });
  const admin = postgres(`${base}/postgres`, { onnotice: () => {}, max: 1 });
  await admin.unsafe(`create table ${table} (n int)`);
  await admin.end();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((sql) => sql.end({ timeout: 1 })));
});

afterAll(async () => {
  await proxy?.close();
  const admin = postgres(`${base}/postgres`, { onnotice: () => {}, max: 1 });
  await admin.unsafe(`drop table if exists ${table}`);
  await admin.end();
});

/** A client of one connection through the proxy, connected as the app connects (lib/db/postgres-adapter.ts). */
async function connect() {
  const url = new URL(`${base}/postgres`);
  url.port = String(proxy.port);
  const sql = postgres(url.toString(), { prepare: false, max: 1, onnotice: () => {} });
  clients.push(sql);
  await sql`select 1`;
  return sql;
}

/** Whether a promise has settled, asked once the answers already on their way have had time to come. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return done;
}

describe('a proxy that holds the answer to a query', () => {
  it('keeps the answer to a query with the text as a parameter until released, answers other connections meanwhile, then delivers it intact', async () => {
    const [held, other] = await Promise.all([connect(), connect()]);
    const marker = `held-${crypto.randomUUID()}`;
    const hold = proxy.hold(marker);
    // The text is a Bind parameter; the answer is big enough to come in many chunks. (postgres.js
    // sends a query when it is awaited, or at once with execute().)
    const answer = held
      .unsafe<{ marker: string; body: string }[]>('select $1::text as marker, repeat($2, 200000) as body', [
        marker,
        'ab',
      ])
      .execute();
    await hold.reached;
    expect(await settled(answer)).toBe(false);

    expect(await other`select 41 + 1 as n`).toEqual([{ n: 42 }]);
    expect(await settled(answer)).toBe(false);

    hold.release();
    const [row] = await answer;
    expect(row?.marker).toBe(marker);
    expect(row?.body).toBe('ab'.repeat(200_000));

    // A hold matches once: the same text again, on either connection, is answered at once.
    expect(await held.unsafe('select $1::text as marker', [marker])).toEqual([{ marker }]);
    expect(await other.unsafe('select $1::text as marker', [marker])).toEqual([{ marker }]);
  });

  it('holds a query matched by its SQL only after it has run, though postgres.js describes it first', async () => {
    const [held, other] = await Promise.all([connect(), connect()]);
    const marker = `held-${crypto.randomUUID()}`;
    const hold = proxy.hold(marker);
    // A parameter makes postgres.js send Parse and Describe, wait for their answer, then Bind and
    // Execute: a hold on the Describe's answer would keep the insert from ever running.
    const answer = held
      .unsafe<{ n: number }[]>(`insert into ${table} (n) values ($1) returning n /* ${marker} */`, [7])
      .execute();
    await hold.reached;
    expect(await other.unsafe(`select n from ${table}`)).toEqual([{ n: 7 }]);
    expect(await settled(answer)).toBe(false);
    hold.release();
    expect(await answer).toEqual([{ n: 7 }]);
  });

  it('sees a text split across two chunks', async () => {
    // A server that answers every chunk with "ok", so the chunks are the client's writes.
    const echo = net.createServer((socket) => socket.on('data', () => socket.write('ok')));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', () => resolve()));
    const split = await startHoldProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
    const client = net.connect(split.port, '127.0.0.1');
    try {
      const received: string[] = [];
      client.on('data', (chunk) => received.push(chunk.toString()));
      await new Promise((resolve) => client.once('connect', resolve));
      const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
      const hold = split.hold('split-text');
      // A StartupMessage (untyped), then a simple Query message written in two halves.
      const startup = Buffer.alloc(8);
      startup.writeInt32BE(8, 0);
      startup.writeInt32BE(196608, 4);
      client.write(startup);
      await pause();
      const sql = Buffer.from("select 'split-text'\0");
      const query = Buffer.concat([Buffer.from('Q'), Buffer.alloc(4), sql]);
      query.writeInt32BE(4 + sql.length, 1);
      const cut = query.indexOf('-text');
      client.write(query.subarray(0, cut));
      await pause();
      expect(received.join('')).toBe('okok');
      client.write(query.subarray(cut));
      await hold.reached;
      await pause();
      expect(received.join('')).toBe('okok');
      hold.release();
      await pause();
      expect(received.join('')).toBe('okokok');
    } finally {
      client.destroy();
      await split.close();
      await new Promise((resolve) => echo.close(resolve));
    }
  });
});
