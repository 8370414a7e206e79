import http from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { startAuthDouble, type AuthDouble } from '@/tests/support/supabase-auth-double';
import { startStorageDouble, type StorageDouble } from '@/tests/support/supabase-storage-double';
import { PUBLIC_BUCKET } from '@/lib/storage/supabase-adapter';

/**
 * A Supabase project on localhost, for the browser tests of Supabase mode
 * (playwright.supabase.config.ts): one origin, as `https://{ref}.supabase.co` is one origin,
 * routing like the project's API gateway to
 * - /auth/v1/*    the Auth double (tests/support/supabase-auth-double.ts), which writes the users it
 *                 creates to auth.users in the project's database, as GoTrue does (the
 *                 handle_new_user trigger then makes their profile rows);
 * - /storage/v1/* the Storage double (tests/support/supabase-storage-double.ts);
 * - /rest/v1/debug_now  what PostgREST answers for the one table the site reads through it
 *                 (`/__debug`'s REST check): the rows of public.debug_now, read as the anon role.
 * Every answer carries `Access-Control-Allow-Origin: *` and preflights are answered, as the
 * gateway's CORS plugin does. `POST /__stand-in/postgres/{pause,resume}` (given `database`
 * controls) stops and starts the project's database for outage tests: no real project has it. What the doubles do like the real servers, and what rests on
 * assumption: docs/supabase-doubles.md.
 */
export type SupabaseStandIn = {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  auth: AuthDouble;
  storage: StorageDouble;
  close(): Promise<void>;
};

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': 'apikey, authorization, content-type, x-client-info, x-upsert, cache-control',
};

export type StandInOptions = {
  port: number;
  databaseUrl: string;
  host?: string;
  /** Stops and starts the database with its data kept (lib/db/server/start-postgres.ts). */
  database?: { pause(): Promise<void>; resume(): Promise<void> };
};

export async function startSupabaseStandIn({
  port,
  databaseUrl,
  host = '127.0.0.1',
  database,
}: StandInOptions): Promise<SupabaseStandIn> {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const auth = await startAuthDouble({
    async onUserCreated(user) {
      await sql`insert into auth.users (id, email, email_confirmed_at) values (${user.id}, ${user.email}, ${user.emailConfirmed === false ? null : new Date()})`;
    },
  });
  const storage = await startStorageDouble({
    serviceRoleKey: auth.serviceRoleKey,
    anonKey: auth.anonKey,
    publicBuckets: [PUBLIC_BUCKET],
  });
  const upstream = { auth: auth.url, storage: storage.url };

  const gateway = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'OPTIONS') {
      res.writeHead(200, { ...CORS, 'access-control-max-age': '3600' }).end();
      return;
    }
    if (path.startsWith('/auth/v1/')) return forward(upstream.auth, req, res);
    if (path.startsWith('/storage/v1/')) return forward(upstream.storage, req, res);
    if (path.startsWith('/rest/v1/')) return void rest(req, res);
    const control = /^\/__stand-in\/postgres\/(pause|resume)$/.exec(path);
    if (control && req.method === 'POST' && database) {
      void database[control[1] as 'pause' | 'resume']().then(
        () => res.writeHead(204).end(),
        (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
      );
      return;
    }
    res
      .writeHead(404, { ...CORS, 'content-type': 'application/json' })
      .end(JSON.stringify({ message: 'no Route matched with those values' }));
  });

  async function rest(req: http.IncomingMessage, res: http.ServerResponse) {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { ...CORS, 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    const key = req.headers.apikey;
    if (key !== auth.anonKey && key !== auth.serviceRoleKey)
      return json(401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    const url = new URL(req.url ?? '/', 'http://gateway');
    if (req.method !== 'GET' || url.pathname !== '/rest/v1/debug_now') {
      return json(404, {
        code: 'PGRST205',
        details: null,
        hint: null,
        message: `Could not find the table 'public.${url.pathname.split('/').pop()}' in the schema cache`,
      });
    }
    try {
      const rows = await sql.begin(async (tx) => {
        await tx`set local role anon`;
        return tx`select * from public.debug_now`;
      });
      json(
        200,
        rows.map((row) => ({ ...row })),
      );
    } catch (error) {
      json(500, { code: (error as { code?: string }).code ?? 'XX000', message: (error as Error).message });
    }
  }

  await new Promise<void>((resolve, reject) => {
    gateway.once('error', reject);
    gateway.listen(port, host, resolve);
  });
  const url = `http://${host}:${(gateway.address() as AddressInfo).port}`;
  // Tokens name the project as their issuer, as GoTrue's do ({project}/auth/v1).
  auth.url = url;
  return {
    url,
    anonKey: auth.anonKey,
    serviceRoleKey: auth.serviceRoleKey,
    auth,
    storage,
    async close() {
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
      await Promise.all([auth.close(), storage.close(), sql.end()]);
    },
  };
}

/** Passes the request to one of the doubles and its answer back, adding the gateway's CORS headers. */
function forward(base: string, req: http.IncomingMessage, res: http.ServerResponse) {
  const target = new URL(req.url ?? '/', base);
  const outgoing = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...CORS });
      answer.pipe(res);
    },
  );
  outgoing.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { ...CORS, 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `stand-in gateway: ${error.message}` }));
  });
  req.pipe(outgoing);
}
