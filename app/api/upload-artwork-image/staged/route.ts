import { adminRoute } from '@/lib/actions/admin-route';
import { storage } from '@/lib/storage';

/**
 * A one-time URL the admin's browser uploads one image to, straight into storage (Supabase
 * mode: a function's request body cannot hold 10 MB on Vercel); the upload route then processes
 * it by its key (lib/images/upload-handler.ts). `{ direct: false }` where storage takes no such
 * uploads (embedded mode): the browser sends the file to the upload route itself.
 */
export const POST = adminRoute(async () => {
  const direct = storage().direct;
  const headers = { 'Cache-Control': 'no-store' };
  if (!direct) return Response.json({ direct: false }, { headers });
  return Response.json({ direct: true, ...(await direct.createStagedUpload()) }, { headers });
});
