import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { requireAdmin } from '@/lib/auth/require-admin';
import { refuseCrossSiteWrite } from '@/lib/http/same-origin';
import { AdminRequiredError, type AdminContext } from '@/lib/auth/types';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '@/lib/db/health';
import { logger } from '@/lib/log/logger';
import { errorMessage } from './admin-action';

/**
 * The one wrapper for admin route handlers: 403 for a write from another site (before anything
 * else, so no handler can forget it), 401 without a session, 403 for a non-admin, 503 when the
 * check itself failed, all as JSON { error }. Errors thrown by the handler become 500 { error }
 * and are logged.
 *
 *   export const POST = adminRoute(async (request, ctx) => Response.json(…));
 */
export function adminRoute<P = unknown>(
  handler: (request: Request, ctx: AdminContext, route: { params: Promise<P> }) => Promise<Response>,
): (request: Request, route: { params: Promise<P> }) => Promise<Response> {
  return async (request, route) => {
    const crossSite = refuseCrossSiteWrite(request);
    if (crossSite) return crossSite;
    let ctx: AdminContext;
    try {
      ctx = await requireAdmin();
    } catch (error) {
      unstable_rethrow(error);
      const reason = error instanceof AdminRequiredError ? error.reason : 'check-failed';
      const message = isDatabaseUnreachable(error)
        ? DATABASE_UNREACHABLE
        : error instanceof AdminRequiredError
          ? error.message
          : 'Could not verify your admin permissions. Please try again later.';
      const status = reason === 'no-session' ? 401 : reason === 'not-admin' ? 403 : 503;
      return Response.json({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } });
    }
    try {
      return await handler(request, ctx, route);
    } catch (error) {
      unstable_rethrow(error);
      logger.error({ err: error, feature: 'admin-route', url: request.url, userId: ctx.user.id }, 'admin route failed');
      return Response.json({ error: errorMessage(error) }, { status: 500, headers: { 'Cache-Control': 'no-store' } });
    }
  };
}
