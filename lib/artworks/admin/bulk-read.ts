import 'server-only';
import { correlationIdOfRequest } from '@/lib/actions/admin-action';
import { publicMessage } from '@/lib/actions/user-facing-error';
import type { AdminContext } from '@/lib/auth/types';
import { listArtworksForBulk, type BulkPage } from '@/lib/db/queries/artworks-bulk';
import { asAdmin } from '@/lib/db/roles';
import { logger } from '@/lib/log/logger';
import { BULK_PAGE_SIZE } from './bulk-schema';

/** One page of the Bulk Manage table, read per request as the admin (drafts included). */
export async function loadBulkManagePage(ctx: AdminContext, { q, page }: { q: string; page: number }): Promise<({ ok: true } & BulkPage) | { ok: false; error: string }> {
  try {
    return { ok: true, ...(await asAdmin(ctx.db, ctx.claims, (tx) => listArtworksForBulk(tx, { q, page, pageSize: BULK_PAGE_SIZE }))) };
  } catch (error) {
    const correlationId = await correlationIdOfRequest();
    logger.error({ err: error, feature: 'admin-artworks', correlationId }, 'listing artworks for bulk manage failed');
    return { ok: false, error: publicMessage(error, correlationId) };
  }
}
