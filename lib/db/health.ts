/**
 * Whether this server can reach its database, as its own queries and the cache's background
 * sync last found (Postgres mode; an embedded database is in the process and cannot go away).
 * The state lives on globalThis: instrumentation, route bundles and the cache handlers each
 * load their own copy of this module. A change is logged once, not on every request.
 */
const key = Symbol.for('watercolour.db.health');

export type DatabaseHealth = {
  reachable: boolean;
  /** When the state last changed (ms since the epoch). */
  since: number;
  /** The failure that made it unreachable, for the log and the health checks. */
  error: string | null;
  /** Errors saying only that it is unreachable, not logged one by one since (see below). */
  quietened: number;
};

const probeKey = Symbol.for('watercolour.db.health.probe');
type Probe = { run: () => Promise<unknown>; lastAt: number };
type Holder = { [key]?: DatabaseHealth; [probeKey]?: Probe };
const holder = globalThis as Holder;

/** How often, at most, a server that knows its database is away asks it again (recheckDatabase). */
export const RECHECK_MS = 2_000;

export function databaseHealth(): DatabaseHealth {
  holder[key] ??= { reachable: true, since: Date.now(), error: null, quietened: 0 };
  return holder[key];
}

/** Said to anyone whose write found the database unreachable: what happened, and what did not. */
export const DATABASE_UNREACHABLE =
  'The site cannot reach its database right now, so nothing was saved. Please try again in a minute.';

// postgres.js and Node socket codes that mean "no connection", and Postgres's connection
// exception class (08xxx) and shutdown codes: the server is away, not the query wrong.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01',
  '57P02',
  '57P03',
]);

/** True when `error` (or an error it wraps: Drizzle wraps the driver's) means the database is unreachable. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some((inner) => isDatabaseUnreachable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * How to ask the database whether it answers (`select 1`), set once at start
 * (lib/startup/server.ts). Needed because some answers skip the database while it is away
 * (lib/http/outage-page.ts): a server receiving only those would otherwise never find it back.
 */
export function setDatabaseProbe(run: () => Promise<unknown>): void {
  holder[probeKey] = { run, lastAt: 0 };
}

/** While the database is known to be away: asks it again in the background, at most every RECHECK_MS. */
export function recheckDatabase(now = Date.now()): void {
  const probe = holder[probeKey];
  if (databaseHealth().reachable || !probe || now - probe.lastAt < RECHECK_MS) return;
  probe.lastAt = now;
  probe.run().then(
    () => reportDatabaseReachable(),
    (error: unknown) => reportIfDatabaseUnreachable(error),
  );
}

/** A query or the cache sync just succeeded. */
export function reportDatabaseReachable(now = Date.now()): void {
  const health = databaseHealth();
  if (health.reachable) return;
  const quietened = health.quietened ? `; ${health.quietened} errors that only said so were not logged one by one` : '';
  console.error(`[database] reachable again after ${((now - health.since) / 1000).toFixed(1)} s${quietened}`);
  holder[key] = { reachable: true, since: now, error: null, quietened: 0 };
}

/** Records `error` if it means the database is unreachable; says whether it did. */
export function reportIfDatabaseUnreachable(error: unknown, now = Date.now()): boolean {
  if (!isDatabaseUnreachable(error)) return false;
  const health = databaseHealth();
  if (!health.reachable) return true;
  const message = describe(error);
  console.error(
    `[database] cannot reach the database (${message}): cached pages are still served; pages that need the database answer 503 until it is back`,
  );
  holder[key] = { reachable: false, since: now, error: message, quietened: 0 };
  return true;
}

/** True (and counted) when `error` says only what the log already said: the database is away. */
export function quietenedDuringOutage(error: unknown): boolean {
  const health = databaseHealth();
  if (health.reachable || !isDatabaseUnreachable(error)) return false;
  health.quietened++;
  return true;
}

/**
 * While the database is known to be unreachable, errors that say only that (Next logs each
 * failed render, the cache sync each failed poll; lib/log/logger.ts does the same for the
 * app's own lines) are counted instead of logged: the log says
 * once when it went and once when it is back, with the count, and stays readable for real errors.
 */
export function summariseUnreachableErrors(target: Pick<Console, 'error'> = console): void {
  const patched = target as Pick<Console, 'error'> & { [key]?: true };
  if (patched[key]) return;
  const error = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    if (args.some((arg) => arg instanceof Error && quietenedDuringOutage(arg))) return;
    error(...args);
  };
  patched[key] = true;
}

function describe(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return typeof message === 'string' && message ? `${code}: ${message}` : code;
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.message : String(error);
}
