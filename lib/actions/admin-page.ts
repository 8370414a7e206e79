import 'server-only';
import { requireAdmin } from '@/lib/auth/require-admin';
import { AdminRequiredError, type AdminContext } from '@/lib/auth/types';

/**
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
