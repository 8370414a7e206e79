import 'server-only';
import { z } from 'zod';
import { readForPage, type PageRead } from '@/lib/actions/admin-page';
import type { AdminContext } from '@/lib/auth/types';
import { getArtworkById, listAllArtworks, type Artwork } from '@/lib/artworks/queries';
import { asAdmin } from '@/lib/db/roles';
import { toFormValues } from './form-values';
import type { ArtworkFormValues } from './schema';

/** Admin reads run per request as the admin (RLS shows drafts too) and are never cached. */
export function loadArtworksForManage(ctx: AdminContext): Promise<PageRead<Artwork[]>> {
  return readForPage({ feature: 'admin-artworks', what: 'the artworks' }, () =>
    asAdmin(ctx.db, ctx.claims, (tx) => listAllArtworks(tx)),
  );
}

const NOT_FOUND = { ok: false, error: 'Artwork not found.' } as const;

export async function loadArtworkForEdit(
  ctx: AdminContext,
  id: string,
): Promise<PageRead<{ artwork: Artwork; values: ArtworkFormValues }>> {
  if (!z.uuid().safeParse(id).success) return NOT_FOUND;
  const loaded = await readForPage(
    { feature: 'admin-artworks', what: 'an artwork for edit', fields: { artworkId: id } },
    () => asAdmin(ctx.db, ctx.claims, (tx) => getArtworkById(tx, id)),
  );
  if (!loaded.ok) return loaded;
  return loaded.data ? { ok: true, data: { artwork: loaded.data, values: toFormValues(loaded.data) } } : NOT_FOUND;
}
