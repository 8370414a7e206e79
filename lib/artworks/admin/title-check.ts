import { and, sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { artworks } from '@/lib/db/schema';

export type SameTitle = { id: string; title: string };

/**
 * Another artwork with this title (case and spacing aside), for the form's gentle
 * warning before a save: two paintings may share a title, but the owner should know.
 */
export async function artworkWithSameTitle(tx: Tx, title: string, excludeId?: string): Promise<SameTitle | null> {
  const wanted = normaliseTitle(title);
  if (!wanted) return null;
  const same = sql`lower(regexp_replace(btrim(${artworks.title}), '\\s+', ' ', 'g')) = ${wanted}`;
  const where = excludeId ? and(same, sql`${artworks.id} <> ${excludeId}`) : same;
  const [row] = await tx
    .select({ id: artworks.id, title: artworks.title })
    .from(artworks)
    .where(where)
    .orderBy(artworks.createdAt)
    .limit(1);
  return row ?? null;
}

export function normaliseTitle(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The warning's words. */
export function sameTitleWarning(title: string): string {
  return `Another artwork is already called "${title}". You can still save: two artworks may share a title.`;
}
