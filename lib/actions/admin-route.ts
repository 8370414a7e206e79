import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { requireAdmin } from '@/lib/auth/require-admin';
import { refuseCrossSiteWrite } from '@/lib/http/same-origin';
import { AdminRequiredError, type AdminContext } from '@/lib/auth/types';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '@/lib/db/health';
import { CORRELATION_HEADER } from '@/lib/log/correlation';
import { logCallOutcome, type CallOutcomeFields } from '@/lib/log/outcome';
import { publicMessage, UserFacingError } from '@/lib/http/user-facing-error';

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
    const startedAt = performance.now();
    const name = `${request.method} ${new URL(request.url).pathname}`;
    const correlationId = request.headers.get(CORRELATION_HEADER);
    // Every call ends in one server log line with its outcome, status and correlation id.
    const outcome = (
      response: Response,
      how: CallOutcomeFields['outcome'],
      fields: Pick<CallOutcomeFields, 'userId' | 'reason' | 'err'> = {},
    ) => {
      logCallOutcome({
        kind: 'route',
        name,
        outcome: how,
        startedAt,
        correlationId,
        status: response.status,
        ...fields,
      });
      return response;
    };
    const crossSite = refuseCrossSiteWrite(request);
    if (crossSite) return outcome(crossSite, 'denied', { reason: 'cross-site' });
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
      const response = Response.json({ error: message }, { status, headers: { 'Cache-Control': 'no-store' } });
      return reason === 'check-failed'
        ? outcome(response, 'failed', { err: error })
        : outcome(response, 'denied', { reason });
    }
    const userId = ctx.user.id;
    try {
      const response = await handler(request, ctx, route);
      // A handler answers its own refusals (400, 413, 415…) as JSON; 5xx is a failure.
      return outcome(response, response.status >= 500 ? 'failed' : response.ok ? 'ok' : 'refused', { userId });
    } catch (error) {
      unstable_rethrow(error);
      const response = Response.json(
        { error: publicMessage(error, correlationId) },
        { status: 500, headers: { 'Cache-Control': 'no-store' } },
      );
      return error instanceof UserFacingError
        ? outcome(response, 'refused', { userId, reason: error.message })
        : outcome(response, 'failed', { userId, err: error });
    }
  };
}
