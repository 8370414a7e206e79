import { inArray } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { artworks } from '@/lib/db/schema';

/**
 * Artworks whose stored image has one of these checksums (SHA-256 of the uploaded file, as
 * lib/images/process.ts records it). The checksum is an internal column: run it as an admin.
 */
export async function artworksWithImageChecksums(
  tx: Tx,
  checksums: string[],
): Promise<{ checksum: string; title: string }[]> {
  if (checksums.length === 0) return [];
  const rows = await tx
    .select({ checksum: artworks.imageChecksum, title: artworks.title })
    .from(artworks)
    .where(inArray(artworks.imageChecksum, checksums));
  return rows.flatMap((row) => (row.checksum ? [{ checksum: row.checksum, title: row.title }] : []));
}
