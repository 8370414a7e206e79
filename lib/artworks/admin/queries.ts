import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { artworks, type NewArtworkRow } from '@/lib/db/schema';

/**
 * Admin writes on artworks. They run inside asUser(...) transactions, so the "Admins can …"
 * policies decide: for anyone else an insert is refused (42501) and an update or delete
 * touches no row, which callers treat as "not found".
 */
export type ArtworkWrite = Omit<NewArtworkRow, 'id' | 'search' | 'createdAt' | 'updatedAt'>;

const imageColumns = {
  id: artworks.id,
  slug: artworks.slug,
  category: artworks.category,
  imageUrl: artworks.imageUrl,
  imageThumb400Url: artworks.imageThumb400Url,
  imageThumb800Url: artworks.imageThumb800Url,
  imageOriginalUrl: artworks.imageOriginalUrl,
};
export type ArtworkImageRefs = {
  id: string;
  slug: string;
  category: string | null;
  imageUrl: string | null;
  imageThumb400Url: string | null;
  imageThumb800Url: string | null;
  imageOriginalUrl: string | null;
};

export async function insertArtwork(tx: Tx, values: ArtworkWrite): Promise<{ id: string; slug: string }> {
  const [row] = await tx.insert(artworks).values(values).returning({ id: artworks.id, slug: artworks.slug });
  return row!;
}

export async function updateArtwork(
  tx: Tx,
  id: string,
  values: Partial<ArtworkWrite>,
): Promise<{ id: string; slug: string } | null> {
  const [row] = await tx
    .update(artworks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(artworks.id, id))
    .returning({ id: artworks.id, slug: artworks.slug });
  return row ?? null;
}

/** Deletes one artwork and returns what its images were, for removal after the commit. */
export async function deleteArtworkById(tx: Tx, id: string): Promise<ArtworkImageRefs | null> {
  const [row] = await tx.delete(artworks).where(eq(artworks.id, id)).returning(imageColumns);
  return row ?? null;
}

export async function deleteArtworksByIds(tx: Tx, ids: string[]): Promise<ArtworkImageRefs[]> {
  if (ids.length === 0) return [];
  return tx.delete(artworks).where(inArray(artworks.id, ids)).returning(imageColumns);
}

/** The bulk change: category and/or price on many artworks at once. */
export async function updateArtworksByIds(
  tx: Tx,
  ids: string[],
  change: { category?: string; price?: string | null },
): Promise<{ id: string; slug: string; category: string | null }[]> {
  if (ids.length === 0 || (change.category === undefined && change.price === undefined)) return [];
  return tx
    .update(artworks)
    .set({ ...change, updatedAt: new Date() })
    .where(inArray(artworks.id, ids))
    .returning({ id: artworks.id, slug: artworks.slug, category: artworks.category });
}

export async function getArtworkImageRefs(tx: Tx, id: string): Promise<ArtworkImageRefs | null> {
  const [row] = await tx.select(imageColumns).from(artworks).where(eq(artworks.id, id)).limit(1);
  return row ?? null;
}
