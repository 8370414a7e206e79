import 'server-only';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { getSession } from '@/lib/auth/session';
import { database } from '@/lib/database';
import { asVisitor } from '@/lib/db/roles';
import { artworks, debugNow } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { isDatabaseUnreachable } from '@/lib/db/health';
import { logger } from '@/lib/log/logger';
import { storage } from '@/lib/storage';
import { HEALTH_TIMEOUT_MS } from './health-check';
import { oncePer } from './once-per';
import { TimedOut, withTimeout } from './with-timeout';

/**
 * /debug/probe/{check}: what the debug page's checks call in embedded mode, the local
 * equivalents of its Supabase calls. Answers are shaped like Supabase's (a row list, a
 * file list) so the page reads both alike. Each needs only what a visitor may see. The two that
 * touch the database or storage run at most once a second (lib/diagnostics/once-per.ts).
 */
export type ProbeAnswer = { status: number; body: unknown };

export const PROBES = ['auth', 'rest', 'storage', 'ads.js'] as const;
export type Probe = (typeof PROBES)[number];

export const SUPABASE_MODE_PROBE =
  'Supabase mode: the debug page calls the project through /api/supabase, not these local checks.';

/** The local auth endpoint: a request without a session is refused, as Supabase's token endpoint refuses one without credentials. */
async function authProbe(): Promise<ProbeAnswer> {
  const session = await getSession();
  return session
    ? { status: 200, body: { session: true } }
    : { status: 401, body: { message: 'No session: the local auth endpoint refuses a request without one.' } };
}

/** public.debug_now through the public data path: as the anon role, as PostgREST would read it. */
const restProbe = oncePer(1_000, async (): Promise<ProbeAnswer> => {
  try {
    const rows = await withTimeout(
      database().then((db) => asVisitor(db, (tx) => tx.select().from(debugNow))),
      HEALTH_TIMEOUT_MS,
    );
    return { status: 200, body: rows.map((row) => ({ server_time: row.serverTime?.toISOString() ?? null })) };
  } catch (error) {
    return failure(error);
  }
});

/** A storage read: the newest published artwork's thumbnail, read back through the storage port. */
const storageProbe = oncePer(1_000, async (): Promise<ProbeAnswer> => {
  try {
    const [artwork] = await withTimeout(
      database().then((db) =>
        asVisitor(db, (tx) =>
          tx
            .select({ url: artworks.imageThumb400Url })
            .from(artworks)
            .where(
              and(
                eq(artworks.status, 'published'),
                eq(artworks.isArchived, false),
                isNotNull(artworks.imageThumb400Url),
              ),
            )
            .orderBy(desc(artworks.createdAt))
            .limit(1),
        ),
      ),
      HEALTH_TIMEOUT_MS,
    );
    if (!artwork?.url)
      return {
        status: 404,
        body: { message: 'No stored public file to read: no published artwork has an image yet.' },
      };
    const bytes = await withTimeout(storage().readPublic(artwork.url), HEALTH_TIMEOUT_MS);
    if (!bytes) return { status: 500, body: { message: `Storage could not read ${artwork.url}.` } };
    return { status: 200, body: [{ name: artwork.url, size: bytes.byteLength }] };
  } catch (error) {
    return failure(error);
  }
});

export async function runProbe(probe: string): Promise<ProbeAnswer> {
  if (!(PROBES as readonly string[]).includes(probe))
    return { status: 404, body: { message: `No such check: ${probe}.` } };
  // The content-blocker bait: a same-origin request whose name ad blockers match.
  if (probe === 'ads.js') return { status: 200, body: { ok: true } };
  if (env().NEXT_PUBLIC_SUPABASE_URL) return { status: 404, body: { message: SUPABASE_MODE_PROBE } };
  if (probe === 'auth') return authProbe();
  return probe === 'rest' ? restProbe() : storageProbe();
}

function failure(error: unknown): ProbeAnswer {
  if (error instanceof TimedOut || isDatabaseUnreachable(error))
    return { status: 503, body: { message: 'The site’s database did not answer.' } };
  if ((error as { cause?: { code?: string } }).cause?.code === '42P01')
    return { status: 500, body: { message: 'The public.debug_now view is missing.' } };
  // The detail (a query, a path) is for the server log, not for a public page.
  logger.error({ err: error }, 'debug probe failed');
  return { status: 500, body: { message: 'The check failed on the server; the server log has the detail.' } };
}
