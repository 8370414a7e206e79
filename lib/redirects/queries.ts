import { eq } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { redirects } from '@/lib/db/schema';

/** Where a recorded old path now points, or null when nothing was recorded for it. */
export async function getRedirectDestination(tx: Tx, sourcePath: string): Promise<string | null> {
  const [row] = await tx
    .select({ destinationPath: redirects.destinationPath })
    .from(redirects)
    .where(eq(redirects.sourcePath, sourcePath))
    .limit(1);
  return row?.destinationPath ?? null;
}
