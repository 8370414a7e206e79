import { count, desc, ilike, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { artworks } from '@/lib/db/schema';
import type { Artwork } from '@/lib/artworks';

/**
 * The Bulk Manage screen's reads and writes. They run inside asAdmin(...) transactions, so the
 * "Admins can …" policies decide: for anyone else a read sees and a write touches no row.
 */

/** Which artworks a bulk action means: ids the admin ticked, or every artwork whose title matches. */
export type BulkTarget = { kind: 'ids'; ids: string[] } | { kind: 'matching'; q: string };

/** A row of the bulk table: only what it shows. */
export type BulkRow = Pick<
  Artwork,
  'id' | 'title' | 'slug' | 'category' | 'price' | 'status' | 'isArchived' | 'imageThumb400Url' | 'imageUrl'
>;

export type BulkPage = { rows: BulkRow[]; total: number; page: number; pageCount: number };

const rowColumns = {
  id: artworks.id,
  title: artworks.title,
  slug: artworks.slug,
  category: artworks.category,
  price: artworks.price,
  status: artworks.status,
  isArchived: artworks.isArchived,
  imageThumb400Url: artworks.imageThumb400Url,
  imageUrl: artworks.imageUrl,
};

/** A title search as a LIKE pattern that matches the text literally (% and _ are not wildcards). */
function titleContains(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  return ilike(artworks.title, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * Ids as one array parameter, not one parameter each: "all matching" can be thousands of rows,
 * and a statement takes at most 65,535 parameters. Ids are uuids, validated before they get here.
 */
function idIn(ids: string[]): SQL {
  return sql`${artworks.id} = any(${`{${ids.join(',')}}`}::uuid[])`;
}

export function targetWhere(target: BulkTarget): SQL | undefined {
  return target.kind === 'ids' ? idIn(target.ids) : titleContains(target.q);
}

/**
 * One page of every artwork (drafts and archived too), newest first, optionally only titles
 * containing `q`. A page past the end shows the last page.
 */
export async function listArtworksForBulk(
  tx: Tx,
  { q = '', page = 1, pageSize }: { q?: string; page?: number; pageSize: number },
): Promise<BulkPage> {
  const where = titleContains(q);
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(artworks).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const rows = await tx
    .select(rowColumns)
    .from(artworks)
    .where(where)
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total, page: current, pageCount };
}

/**
 * Locks the target's rows for the rest of the transaction and answers where each one lives now
 * (a concurrent edit of one of them waits until this transaction ends).
 */
export async function lockTargetRows(
  tx: Tx,
  target: BulkTarget,
): Promise<{ id: string; slug: string; category: string | null }[]> {
  return tx
    .select({ id: artworks.id, slug: artworks.slug, category: artworks.category })
    .from(artworks)
    .where(targetWhere(target))
    .for('update');
}

/** The bulk change: category and/or price, on the target's rows. */
export async function updateTargetRows(tx: Tx, target: BulkTarget, change: { category?: string; price?: string }) {
  return tx
    .update(artworks)
    .set({ ...change, updatedAt: new Date() })
    .where(targetWhere(target))
    .returning({ id: artworks.id, slug: artworks.slug, category: artworks.category, price: artworks.price });
}

/** Deletes the target's rows and answers what their images were, for removal after the commit. */
export async function deleteTargetRows(tx: Tx, target: BulkTarget) {
  return tx.delete(artworks).where(targetWhere(target)).returning({
    id: artworks.id,
    slug: artworks.slug,
    category: artworks.category,
    imageUrl: artworks.imageUrl,
    imageThumb400Url: artworks.imageThumb400Url,
    imageThumb800Url: artworks.imageThumb800Url,
    imageOriginalUrl: artworks.imageOriginalUrl,
  });
}
