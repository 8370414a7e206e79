import { adminRoute } from '@/lib/actions/admin-route';
import { handleArtworkUpload } from '@/lib/images/upload-handler';
import { storage } from '@/lib/storage';
import { recordPendingUpload, takeExpiredUploads } from '@/lib/artworks/admin/pending-uploads';

/**
 * The upload-artwork-image function (docs/product.md, Calls). adminRoute() answers 401/403 before
 * the body is read; POST route handlers are never cached. The answer's uploadId is what a save
 * sends back.
 */
export const POST = adminRoute((request, ctx) =>
  handleArtworkUpload(request, {
    record: (image) => recordPendingUpload(ctx.db, ctx.claims, image),
    takeExpired: () => takeExpiredUploads(ctx.db, ctx.claims),
    direct: storage().direct,
  }),
);
