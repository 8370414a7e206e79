import 'server-only';
import { requireAdmin } from '@/lib/auth/require-admin';
import { AdminRequiredError, type AdminContext } from '@/lib/auth/types';
import { requestCorrelationId } from '@/lib/log/correlation';
import { logger } from '@/lib/log/logger';
import { publicMessage } from '@/lib/http/user-facing-error';

/**
 * The admin pages' two wrappers, beside the server actions' (./admin-action.ts) and the route
 * handlers' (./admin-route.ts).
 *
 * requireAdmin() for admin pages. Next renders a page alongside its layout even when the
 * /admin gate shows the login or Access Denied screen instead, so a refusal here renders
 * nothing rather than a server error; the gate has already said why.
 */
export async function adminForPage(): Promise<AdminContext | null> {
  try {
    return await requireAdmin();
  } catch (error) {
    if (error instanceof AdminRequiredError) return null;
    throw error;
  }
}

export type PageRead<T> = { ok: true; data: T } | { ok: false; error: string };

/**
 * A read an admin page shows, per request and never cached: a failure is logged (with the
 * request's correlation id, the feature and any fields given) and becomes the message the page
 * shows, naming that id, instead of an error page.
 *
 *   const loaded = await readForPage({ feature: 'ai', what: 'the AI retrofit logs' }, () => asAdmin(...));
 */
export async function readForPage<T>(
  about: { feature: string; what: string; fields?: Record<string, unknown> },
  read: () => Promise<T>,
): Promise<PageRead<T>> {
  try {
    return { ok: true, data: await read() };
  } catch (error) {
    const correlationId = await requestCorrelationId();
    logger.error(
      { err: error, feature: about.feature, ...about.fields, correlationId },
      `reading ${about.what} failed`,
    );
    return { ok: false, error: publicMessage(error, correlationId) };
  }
}
