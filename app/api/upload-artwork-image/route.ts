import { adminRoute } from '@/lib/actions/admin-route';
import { handleArtworkUpload } from '@/lib/images/upload-handler';

/**
 * The spec's upload-artwork-image function. adminRoute() answers 401/403 before the body is
 * read; POST route handlers are never cached.
 */
export const POST = adminRoute((request) => handleArtworkUpload(request));
