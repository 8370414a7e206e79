import 'server-only';
import { z } from 'zod';
import { correlationIdOfRequest } from '@/lib/actions/admin-action';
import { publicMessage } from '@/lib/actions/user-facing-error';
import type { AdminContext } from '@/lib/auth/types';
import { getArtworkById, listAllArtworks, type Artwork } from '@/lib/db/queries/artworks';
import { asAdmin } from '@/lib/db/roles';
import { logger } from '@/lib/log/logger';
import { toFormValues } from './form-values';
import type { ArtworkFormValues } from './schema';

/** Admin reads run per request as the admin (RLS shows drafts too) and are never cached. */
export async function loadArtworksForManage(ctx: AdminContext): Promise<{ ok: true; artworks: Artwork[] } | { ok: false; error: string }> {
  try {
    return { ok: true, artworks: await asAdmin(ctx.db, ctx.claims, (tx) => listAllArtworks(tx)) };
  } catch (error) {
    const correlationId = await correlationIdOfRequest();
    logger.error({ err: error, feature: 'admin-artworks', correlationId }, 'listing artworks failed');
    return { ok: false, error: publicMessage(error, correlationId) };
  }
}

export async function loadArtworkForEdit(ctx: AdminContext, id: string): Promise<{ ok: true; artwork: Artwork; values: ArtworkFormValues } | { ok: false; error: string }> {
  if (!z.uuid().safeParse(id).success) return { ok: false, error: 'Artwork not found.' };
  try {
    const artwork = await asAdmin(ctx.db, ctx.claims, (tx) => getArtworkById(tx, id));
    if (!artwork) return { ok: false, error: 'Artwork not found.' };
    return { ok: true, artwork, values: toFormValues(artwork) };
  } catch (error) {
    const correlationId = await correlationIdOfRequest();
    logger.error({ err: error, feature: 'admin-artworks', artworkId: id, correlationId }, 'loading an artwork for edit failed');
    return { ok: false, error: publicMessage(error, correlationId) };
  }
}
