import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { requireAdmin } from '@/lib/auth/require-admin';
import { AdminRequiredError, type ActionResult, type AdminContext } from '@/lib/auth/types';
import { logger } from '@/lib/log/logger';

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
      logger.error({ err: error, feature: 'admin-action', action: options.name, userId: ctx.user.id }, 'admin action failed');
      return { ok: false, error: errorMessage(error) };
    }
  };
}

export function validationFailure(error: z.ZodError): { ok: false; error: string; fieldErrors: Record<string, string[]> } {
  const { formErrors, fieldErrors } = z.flattenError(error);
  const fields = Object.fromEntries(Object.entries(fieldErrors).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].length > 0));
  const first = formErrors[0] ?? Object.values(fields)[0]?.[0] ?? 'Invalid input.';
  return { ok: false, error: first, fieldErrors: fields };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}
