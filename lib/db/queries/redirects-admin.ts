import { eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { redirects } from '../schema';

/**
 * Records that `from` now lives at `to` (a slug or category change), keeping the table free of
 * chains and loops: whatever pointed at `from` now points at `to` (A→B plus B→C serves A→C),
 * and a redirect away from `to` is dropped, since `to` is a live page again.
 */
export async function recordRedirect(tx: Tx, from: string, to: string): Promise<void> {
  if (from === to) return;
  await tx.delete(redirects).where(eq(redirects.sourcePath, to));
  await tx.update(redirects).set({ destinationPath: to }).where(eq(redirects.destinationPath, from));
  await tx
    .insert(redirects)
    .values({ sourcePath: from, destinationPath: to })
    .onConflictDoUpdate({ target: redirects.sourcePath, set: { destinationPath: to } });
}

export async function listRedirects(tx: Tx): Promise<{ sourcePath: string; destinationPath: string }[]> {
  return tx.select({ sourcePath: redirects.sourcePath, destinationPath: redirects.destinationPath }).from(redirects);
}

/** A deleted page's inbound redirects would only lead to a 404: drop them with it. */
export async function dropRedirectsTo(tx: Tx, destination: string): Promise<void> {
  await tx.delete(redirects).where(eq(redirects.destinationPath, destination));
}
