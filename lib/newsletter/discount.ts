import crypto from 'node:crypto';
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import { subkey } from '@/lib/auth/server-key';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { discountTries, subscribers } from '@/lib/db/schema';
import { addressBlock } from '@/lib/http/address-block';
import { onSystem, readDiscountSettings, type DbOrTx, type DiscountKind } from './discount-settings';

/**
 * Subscribers' discount codes (docs/product.md, The subscriber discount): a code works while its
 * subscriber is confirmed and the owner has the discount on. The basket tries a code a visitor
 * types (`tryDiscountCode`, which bounds guessing); the basket page and checkout check the code the
 * basket already holds again (`checkDiscountCode`), since either may have stopped since.
 */

/** The discount_code column's longest: anything longer is no one's code. */
export const MAX_CODE_LENGTH = 32;
/** Wrong codes one visitor (an address block) may try in TRY_WINDOW_MS. */
export const MAX_WRONG_TRIES = 10;
export const TRY_WINDOW_MS = 60 * 60_000;

export const discountMessages = {
  empty: 'Please enter a discount code.',
  unknown: "We don't recognise that code. Please check it and try again.",
  inactive: 'That code is no longer active.',
  tries: 'Too many tries. Please try again in an hour.',
} as const;
export type DiscountRefusal = keyof typeof discountMessages;

export type DiscountCheck =
  | { ok: true; code: string; email: string; percent: number; kinds: DiscountKind[] }
  | { ok: false; reason: DiscountRefusal; message: string };

const refused = (reason: DiscountRefusal): DiscountCheck => ({ ok: false, reason, message: discountMessages[reason] });

/** A code as typed, as it is stored: no spaces anywhere (a code read aloud or copied with them), upper case. */
export function normaliseCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether `input` is a working code now, and whose: the subscriber's email and the discount's
 * percentage and kinds as the owner has them. Inside a checkout's transaction, pass its `tx`, so
 * the code is judged with what the checkout records.
 */
export async function checkDiscountCode(dbOrTx: DbOrTx, input: string): Promise<DiscountCheck> {
  const code = normaliseCode(input);
  if (!code) return refused('empty');
  if (code.length > MAX_CODE_LENGTH) return refused('unknown');
  const [subscriber] = await onSystem(dbOrTx, (sys) =>
    sys
      .select({ email: subscribers.email, status: subscribers.status })
      .from(subscribers)
      .where(eq(subscribers.discountCode, code))
      .limit(1),
  );
  if (!subscriber) return refused('unknown');
  const settings = await readDiscountSettings(dbOrTx);
  if (subscriber.status !== 'confirmed' || !settings.on || settings.kinds.length === 0) return refused('inactive');
  return { ok: true, code, email: subscriber.email, percent: settings.percent, kinds: settings.kinds };
}

/** A visitor's block as the tries record it: a keyed hash, the same for every address of the block. */
export function discountVisitor(address: string, key: Buffer = subkey('discount-visitor')): string {
  return crypto.createHmac('sha256', key).update(addressBlock(address)).digest('base64url').slice(0, 32);
}

/**
 * A code typed at the basket by the visitor at `address`: checked as checkDiscountCode does,
 * unless the visitor's block has tried MAX_WRONG_TRIES wrong codes in the last hour. Each code
 * refused (unknown or no longer active) counts as a wrong try; an empty field does not. A lock per
 * block makes concurrent tries count one after another, so a burst cannot slip past the bound.
 */
export async function tryDiscountCode(
  db: Database,
  input: string,
  address: string,
  now = new Date(),
): Promise<DiscountCheck> {
  if (!normaliseCode(input)) return refused('empty');
  const block = discountVisitor(address);
  const since = new Date(now.getTime() - TRY_WINDOW_MS);
  return asSystem(db, 'newsletter', (sys) =>
    sys.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`discount:${block}`}, 0))`);
      // Tries older than the window count for no one: the table keeps only the last hour.
      await tx.delete(discountTries).where(lte(discountTries.triedAt, since));
      const [tried] = await tx
        .select({ n: count() })
        .from(discountTries)
        .where(and(eq(discountTries.visitorBlock, block), gt(discountTries.triedAt, since)));
      if ((tried?.n ?? 0) >= MAX_WRONG_TRIES) return refused('tries');
      const check = await checkDiscountCode(tx, input);
      if (!check.ok) await tx.insert(discountTries).values({ visitorBlock: block, triedAt: now });
      return check;
    }),
  );
}
