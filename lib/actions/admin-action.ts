import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { requireAdmin } from '@/lib/auth/require-admin';
import { AdminRequiredError, type ActionResult, type AdminContext } from '@/lib/auth/types';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '@/lib/db/health';
import { requestCorrelationId } from '@/lib/log/correlation';
import { logCallOutcome, type CallOutcome } from '@/lib/log/outcome';
import { publicMessage, UserFacingError } from '@/lib/http/user-facing-error';

/**
 * The one wrapper for admin server actions: parse the input with zod (the same schema the form
 * uses), require an admin, run, and return a typed result instead of throwing. Server actions
 * are public endpoints; the /admin layout does not protect them, this does.
 *
 *   'use server';
 *   export const deleteArtwork = adminAction(z.object({ id: z.uuid() }), async ({ id }, ctx) =>
 *     asUser(ctx.db, ctx.claims, (tx) => …));
 */
export function adminAction<S extends z.ZodType, T>(
  schema: S,
  handler: (input: z.output<S>, ctx: AdminContext) => Promise<T>,
  options: { name?: string } = {},
): (input: unknown) => Promise<ActionResult<T>> {
  const name = options.name ?? 'unnamed';
  return async (input: unknown): Promise<ActionResult<T>> => {
    const startedAt = performance.now();
    // Every call ends in one server log line with its outcome and the request's correlation id.
    const outcome = async (
      result: ActionResult<T>,
      how: CallOutcome,
      fields: { userId?: string; reason?: string; err?: unknown } = {},
    ): Promise<ActionResult<T>> => {
      logCallOutcome({
        kind: 'action',
        name,
        outcome: how,
        startedAt,
        correlationId: await requestCorrelationId(),
        ...fields,
      });
      return result;
    };
    // Authorize before parsing, so a stranger learns nothing about the input shape.
    let ctx: AdminContext;
    try {
      ctx = await requireAdmin();
    } catch (error) {
      unstable_rethrow(error);
      if (isDatabaseUnreachable(error))
        return outcome({ ok: false, error: DATABASE_UNREACHABLE }, 'failed', { err: error });
      if (error instanceof AdminRequiredError)
        return outcome({ ok: false, error: error.message }, 'denied', { reason: error.reason });
      return outcome(
        { ok: false, error: 'Could not verify your admin permissions. Please try again later.' },
        'failed',
        { err: error },
      );
    }
    const userId = ctx.user.id;
    const parsed = schema.safeParse(input instanceof FormData ? Object.fromEntries(input) : input);
    if (!parsed.success) {
      const invalid = validationFailure(parsed.error);
      return outcome(invalid, 'invalid', { userId, reason: invalid.error });
    }
    try {
      const data = await handler(parsed.data, ctx);
      return outcome({ ok: true, data }, 'ok', { userId });
    } catch (error) {
      // redirect() and notFound() are control flow, not failures.
      unstable_rethrow(error);
      const correlationId = await requestCorrelationId();
      if (error instanceof UserFacingError)
        return outcome({ ok: false, error: publicMessage(error, correlationId) }, 'refused', {
          userId,
          reason: error.message,
        });
      return outcome({ ok: false, error: publicMessage(error, correlationId) }, 'failed', { userId, err: error });
    }
  };
}

export function validationFailure(error: z.ZodError): {
  ok: false;
  error: string;
  fieldErrors: Record<string, string[]>;
} {
  const { formErrors, fieldErrors } = z.flattenError(error);
  const fields = Object.fromEntries(
    Object.entries(fieldErrors).filter(
      (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0,
    ),
  );
  const first = formErrors[0] ?? Object.values(fields)[0]?.[0] ?? 'Invalid input.';
  return { ok: false, error: first, fieldErrors: fields };
}
