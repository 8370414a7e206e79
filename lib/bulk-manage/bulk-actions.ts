'use server';

import { adminAction } from '@/lib/actions/admin-action';
import type { AdminContext } from '@/lib/auth/types';
import { bulkDeleteArtworks, bulkUpdateArtworks, type BulkDeps } from './bulk';
import { bulkDeleteInputSchema, bulkUpdateInputSchema } from './bulk-schema';
import { actionDeps } from '@/lib/actions/write-deps';

/** Category and/or price of every selected artwork, in one transaction (Bulk Manage Artworks). */
export const bulkUpdate = adminAction(bulkUpdateInputSchema, (input, ctx) => bulkUpdateArtworks(bulkDeps(ctx), input), {
  name: 'bulkUpdateArtworks',
});

/** Deletes every selected artwork in one transaction, then their images. */
export const bulkDelete = adminAction(bulkDeleteInputSchema, (input, ctx) => bulkDeleteArtworks(bulkDeps(ctx), input), {
  name: 'bulkDeleteArtworks',
});

function bulkDeps(ctx: AdminContext): BulkDeps {
  const { db, claims, storage, invalidate, log } = actionDeps(ctx);
  return { db, claims, storage, invalidate, log };
}
