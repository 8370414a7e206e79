import { adminRoute } from '@/lib/actions/admin-route';
import { aiRouteDeps } from '@/lib/ai/route-deps';
import { aiConfig } from '@/lib/ai';
import { handleGenerateRequest } from '@/lib/ai/handler';

/** generate-artwork-details (docs/product.md, Calls): single and retrofit mode, admins only. */
export const POST = adminRoute((request, ctx) => handleGenerateRequest(request, aiRouteDeps(ctx)));

/** Whether the helper is configured, so the AI buttons can say how to enable it beforehand. */
export const GET = adminRoute(async () =>
  Response.json({ configured: aiConfig() !== null }, { headers: { 'Cache-Control': 'no-store' } }),
);
