'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { sessionCookieOptions } from '@/lib/auth';
import { clientInfo } from '@/lib/auth/client-info';
import { subkey } from '@/lib/auth/server-key';
import { invalidateShop } from '@/lib/cache/invalidate';
import { database } from '@/lib/database';
import { env } from '@/lib/env';
import { logger } from '@/lib/log/logger';
import { tryDiscountCode } from '@/lib/newsletter';
import { payments } from '@/lib/payments';
import { canAddToBasket } from './basket';
import {
  addToCart,
  CART_COOKIE,
  decodeCart,
  decodeDiscount,
  DISCOUNT_COOKIE,
  encodeCart,
  encodeDiscount,
  MAX_QUANTITY,
} from './cart';
import { DiscountCodeRefusal, openCheckout, ShopRefusal, shopMessages, type CartLine } from './checkout';
import { readShopOpen } from './catalogue';

/**
 * The visitor's basket actions: plain forms on the shop's pages (they work before the page's
 * scripts have loaded). They change only the signed basket cookie, except checkout, which opens a
 * Stripe Checkout for what the basket holds at the database's prices and sends the buyer there.
 * Public by design (lib/actions/guard-inventory.test.ts): what they accept is ids and quantities,
 * bounded by the cart's schema; prices, stock and states are always read from the database.
 */
const BASKET_MAX_AGE = 30 * 24 * 60 * 60;
const cartKey = () => subkey('shop-cart');

async function readCart(): Promise<CartLine[]> {
  return decodeCart((await cookies()).get(CART_COOKIE)?.value, cartKey());
}

async function writeCart(lines: CartLine[]): Promise<void> {
  const jar = await cookies();
  if (lines.length === 0) jar.delete(CART_COOKIE);
  else jar.set(CART_COOKIE, encodeCart(lines, cartKey()), sessionCookieOptions(BASKET_MAX_AGE));
}

async function readDiscount(): Promise<string | null> {
  return decodeDiscount((await cookies()).get(DISCOUNT_COOKIE)?.value, cartKey());
}

async function writeDiscount(code: string | null): Promise<void> {
  const jar = await cookies();
  if (code === null) jar.delete(DISCOUNT_COOKIE);
  else jar.set(DISCOUNT_COOKIE, encodeDiscount(code, cartKey()), sessionCookieOptions(BASKET_MAX_AGE));
}

const fields = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));

const addSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('original'), artworkId: z.uuid() }),
  z.object({
    kind: z.literal('variant'),
    variantId: z.uuid(),
    quantity: z.coerce.number().int().min(1).max(MAX_QUANTITY).default(1),
  }),
]);

/**
 * "Buy this original" / "Add to basket": into the basket, then to the basket page. What is no
 * longer for sale is refused against the database, whatever id was posted, and the basket is left
 * as it was.
 */
export async function addToBasket(form: FormData): Promise<void> {
  const parsed = addSchema.safeParse(fields(form));
  if (!parsed.success) redirect('/shop/basket?problem=item');
  const db = await database();
  if (!(await readShopOpen(db))) redirect('/shop');
  if (!(await canAddToBasket(db, parsed.data))) redirect('/shop/basket?problem=gone');
  await writeCart(addToCart(await readCart(), parsed.data));
  redirect('/shop/basket?added=1');
}

const changeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('original'), artworkId: z.uuid(), quantity: z.literal('0') }),
  z.object({
    kind: z.literal('variant'),
    variantId: z.uuid(),
    quantity: z.coerce.number().int().min(0).max(MAX_QUANTITY),
  }),
]);

/** A line's new quantity (0 removes it; an original can only be removed). */
export async function changeBasket(form: FormData): Promise<void> {
  const parsed = changeSchema.safeParse(fields(form));
  if (!parsed.success) redirect('/shop/basket?problem=quantity');
  const change = parsed.data;
  const lines = (await readCart()).flatMap((line): CartLine[] => {
    if (change.kind === 'original')
      return line.kind === 'original' && line.artworkId === change.artworkId ? [] : [line];
    if (line.kind !== 'variant' || line.variantId !== change.variantId) return [line];
    return change.quantity === 0 ? [] : [{ ...line, quantity: change.quantity }];
  });
  await writeCart(lines);
  redirect('/shop/basket');
}

/**
 * "Apply" by the basket's "Discount code": a subscriber's code, tried with the guessing bound
 * (lib/newsletter/discount.ts), into the basket's signed discount cookie. A code that does not
 * work changes nothing; the basket page says why by the field.
 */
export async function applyDiscount(form: FormData): Promise<void> {
  const typed = form.get('code');
  const db = await database();
  if (!(await readShopOpen(db))) redirect('/shop');
  const check = await tryDiscountCode(
    db,
    typeof typed === 'string' ? typed.slice(0, 200) : '',
    (await clientInfo()).ip,
  );
  if (!check.ok) redirect(`/shop/basket?code=${check.reason}`);
  await writeDiscount(check.code);
  redirect('/shop/basket?code=applied');
}

/** "Remove code": the basket back to full prices. */
export async function removeDiscount(): Promise<void> {
  await writeDiscount(null);
  redirect('/shop/basket?code=removed');
}

/** What the basket page says after a checkout that could not start (the line states say the rest). */
export type CheckoutProblem = 'closed' | 'empty' | 'payment' | 'open' | 'hourly' | 'changed' | 'discount';

function problemOf(error: ShopRefusal): CheckoutProblem {
  if (error instanceof DiscountCodeRefusal) return 'discount';
  if (error.message === shopMessages.closed) return 'closed';
  if (error.message === shopMessages.empty) return 'empty';
  if (error.message === shopMessages.paymentDown) return 'payment';
  if (error.message === shopMessages.open) return 'open';
  if (error.message === shopMessages.hourly) return 'hourly';
  return 'changed';
}

/** "Checkout": a Stripe Checkout for the basket as the database prices it, then off to pay. */
export async function checkout(): Promise<void> {
  const provider = payments();
  if (!provider) redirect('/shop/basket?problem=closed');
  let url: string;
  try {
    ({ url } = await openCheckout(
      { db: await database(), payments: provider, siteUrl: env().SITE_URL },
      await readCart(),
      (await clientInfo()).ip,
      await readDiscount(),
    ));
  } catch (error) {
    if (!(error instanceof ShopRefusal)) throw error;
    if (error.message === shopMessages.paymentDown)
      logger.error({ feature: 'shop', err: error.cause }, 'a checkout could not be opened at the payment provider');
    redirect(`/shop/basket?problem=${problemOf(error)}`);
  }
  // An original is now reserved: its page and the shop say so.
  invalidateShop();
  redirect(url);
}
