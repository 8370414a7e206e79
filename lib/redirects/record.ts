import { sql } from 'drizzle-orm';
import type { Tx } from '@/lib/db/port';
import { redirects } from '@/lib/db/schema';

export type RedirectMove = { from: string; to: string };

/**
 * Records that `from` now lives at `to` (a slug or category change), keeping the table free of
 * chains and loops: whatever pointed at `from` now points at `to` (A→B plus B→C serves A→C),
 * and a redirect away from `to` is dropped, since `to` is a live page again.
 */
export async function recordRedirect(tx: Tx, from: string, to: string): Promise<void> {
  await recordRedirects(tx, [{ from, to }]);
}

/**
 * recordRedirect for many moves at once (a bulk category change moves thousands of pages), in
 * three statements whatever their number. Applied together they give what one at a time would,
 * as long as they are independent: each `from` moves once and no path is both a `from` and a
 * `to`. Moves that are not are applied one at a time, in order.
 */
export async function recordRedirects(tx: Tx, moves: readonly RedirectMove[]): Promise<void> {
  const real = moves.filter((move) => move.from !== move.to);
  if (real.length === 0) return;
  const froms = new Set(real.map((move) => move.from));
  if (real.length > 1 && (froms.size < real.length || real.some((move) => froms.has(move.to)))) {
    for (const move of real) await recordRedirects(tx, [move]);
    return;
  }
  // One JSON parameter, not two per move: a statement takes at most 65,535 parameters.
  const batch = sql`jsonb_to_recordset(${JSON.stringify(real)}::jsonb) as m("from" text, "to" text)`;
  await tx.delete(redirects).where(sql`${redirects.sourcePath} in (select m."to" from ${batch})`);
  await tx.execute(
    sql`update ${redirects} set destination_path = m."to" from ${batch} where ${redirects.destinationPath} = m."from"`,
  );
  await tx.execute(
    sql`insert into ${redirects} (source_path, destination_path) select m."from", m."to" from ${batch}
        on conflict (source_path) do update set destination_path = excluded.destination_path`,
  );
}

export async function listRedirects(tx: Tx): Promise<{ sourcePath: string; destinationPath: string }[]> {
  return tx.select({ sourcePath: redirects.sourcePath, destinationPath: redirects.destinationPath }).from(redirects);
}

/** A deleted page's inbound redirects would only lead to a 404: drop them with it. Returns how many it dropped. */
export async function dropRedirectsTo(tx: Tx, destination: string): Promise<number> {
  return dropRedirectsToAll(tx, [destination]);
}

/** dropRedirectsTo for many deleted pages, in one statement. Returns how many it dropped. */
export async function dropRedirectsToAll(tx: Tx, destinations: readonly string[]): Promise<number> {
  if (destinations.length === 0) return 0;
  const dropped = await tx
    .delete(redirects)
    .where(
      sql`${redirects.destinationPath} in (select jsonb_array_elements_text(${JSON.stringify(destinations)}::jsonb))`,
    )
    .returning({ id: redirects.id });
  return dropped.length;
}
