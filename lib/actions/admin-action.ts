import 'server-only';
import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { requireAdmin } from '@/lib/auth/require-admin';
import { AdminRequiredError, type ActionResult, type AdminContext } from '@/lib/auth/types';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '@/lib/db/health';
import { logger } from '@/lib/log/logger';
import { publicMessage } from './user-facing-error';

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
  return async (input: unknown): Promise<ActionResult<T>> => {
    // Authorize before parsing, so a stranger learns nothing about the input shape.
    let ctx: AdminContext;
    try {
      ctx = await requireAdmin();
    } catch (error) {
      unstable_rethrow(error);
      if (isDatabaseUnreachable(error)) return { ok: false, error: DATABASE_UNREACHABLE };
      if (error instanceof AdminRequiredError) return { ok: false, error: error.message };
      logger.error({ err: error, feature: 'admin-action', action: options.name }, 'admin check threw');
      return { ok: false, error: 'Could not verify your admin permissions. Please try again later.' };
    }
    const parsed = schema.safeParse(input instanceof FormData ? Object.fromEntries(input) : input);
    if (!parsed.success) return validationFailure(parsed.error);
    try {
      return { ok: true, data: await handler(parsed.data, ctx) };
    } catch (error) {
      // redirect() and notFound() are control flow, not failures.
      unstable_rethrow(error);
      const correlationId = await correlationIdOfRequest();
      logger.error({ err: error, feature: 'admin-action', action: options.name, userId: ctx.user.id, correlationId }, 'admin action failed');
      return { ok: false, error: errorMessage(error, correlationId) };
    }
  };
}

export function validationFailure(error: z.ZodError): { ok: false; error: string; fieldErrors: Record<string, string[]> } {
  const { formErrors, fieldErrors } = z.flattenError(error);
  const fields = Object.fromEntries(Object.entries(fieldErrors).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0));
  const first = formErrors[0] ?? Object.values(fields)[0]?.[0] ?? 'Invalid input.';
  return { ok: false, error: first, fieldErrors: fields };
}

/**
 * What the admin is told about a failure: a UserFacingError's own message, otherwise a friendly
 * one with the correlation id; the details went to the server log (they may carry SQL).
 */
export function errorMessage(error: unknown, correlationId?: string | null): string {
  return publicMessage(error, correlationId);
}

/** The id proxy.ts gave this request (x-correlation-id), which the server log lines carry. */
export async function correlationIdOfRequest(): Promise<string | null> {
  try {
    return (await headers()).get('x-correlation-id');
  } catch {
    return null;
  }
}
