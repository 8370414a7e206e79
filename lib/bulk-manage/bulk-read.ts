import 'server-only';
import { readForPage, type PageRead } from '@/lib/actions/admin-page';
import type { AdminContext } from '@/lib/auth/types';
import { listArtworksForBulk, type BulkPage } from '@/lib/bulk-manage/queries';
import { asAdmin } from '@/lib/db/roles';
import { BULK_PAGE_SIZE } from './bulk-schema';

/** One page of the Bulk Manage table, read per request as the admin (drafts included). */
export function loadBulkManagePage(
  ctx: AdminContext,
  { q, page }: { q: string; page: number },
): Promise<PageRead<BulkPage>> {
  return readForPage({ feature: 'admin-artworks', what: 'the artworks for bulk manage' }, () =>
    asAdmin(ctx.db, ctx.claims, (tx) => listArtworksForBulk(tx, { q, page, pageSize: BULK_PAGE_SIZE })),
  );
}
