import type { ActionResult } from '@/lib/auth/types';
import { toast } from '@/lib/toast';

/**
 * Runs a server action from a button and shows why it failed, refused or thrown (the site could
 * not be reached), under `failureTitle`. The caller says what success means.
 */
export async function runAction<T>(
  action: () => Promise<ActionResult<T>>,
  failureTitle: string,
): Promise<ActionResult<T>> {
  try {
    const result = await action();
    if (!result.ok) toast.error(failureTitle, { description: result.error });
    return result;
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'Something went wrong';
    toast.error(failureTitle, { description: message });
    return { ok: false, error: message };
  }
}
