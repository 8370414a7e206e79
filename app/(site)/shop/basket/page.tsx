import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { PageHeader } from '@/components/site/page-header';
import { BASKET_NOTICES, BasketView, type BasketNotice } from '@/components/site/shop/basket-view';
import { DISCOUNT_OUTCOMES, type BasketDiscount, type DiscountOutcome } from '@/components/site/shop/discount-field';
import { subkey } from '@/lib/auth/server-key';
import { database } from '@/lib/database';
import type { Database } from '@/lib/db/port';
import { checkDiscountCode, readDiscountSettings } from '@/lib/newsletter';
import { readBasket } from '@/lib/shop/basket';
import { CART_COOKIE, decodeCart, decodeDiscount, DISCOUNT_COOKIE } from '@/lib/shop/cart';
import { readShopOpen } from '@/lib/shop/catalogue';

export const metadata: Metadata = { title: 'Your Basket', robots: { index: false, follow: true } };
// Each visitor's own: rendered per request from the signed basket cookie (lib/shop/cart.ts).
export const instant = false;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function noticeOf(params: Record<string, string | string[] | undefined>): BasketNotice | null {
  const problem = params.problem;
  if (typeof problem === 'string' && Object.hasOwn(BASKET_NOTICES, problem)) return problem as BasketNotice;
  if (params.cancelled === '1') return 'cancelled';
  if (params.added === '1') return 'added';
  return null;
}

/** The basket's discount: the code it holds checked now (it may have stopped), the owner's offer, the last outcome. */
async function discountOf(
  db: Database,
  cookie: string | undefined,
  outcome: string | string[] | undefined,
): Promise<BasketDiscount> {
  const code = decodeDiscount(cookie, subkey('shop-cart'));
  const [check, settings] = await Promise.all([code ? checkDiscountCode(db, code) : null, readDiscountSettings(db)]);
  return {
    held: code && check ? { code, check } : null,
    offer: settings.on && settings.kinds.length > 0 ? settings : null,
    outcome: DISCOUNT_OUTCOMES.find((known) => known === outcome) ?? (null as DiscountOutcome | null),
  };
}

export default async function BasketPage({ searchParams }: Props) {
  await connection();
  const db = await database();
  const [params, jar, open] = await Promise.all([searchParams, cookies(), readShopOpen(db)]);
  if (!open) {
    return (
      <>
        <PageHeader eyebrow="Shop" title="Your Basket" />
        <p role="status" className="mx-auto max-w-3xl px-4 py-12 text-center text-lg text-ink-soft sm:px-6">
          The shop is closed at the moment.
        </p>
      </>
    );
  }
  const [lines, discount] = await Promise.all([
    readBasket(db, decodeCart(jar.get(CART_COOKIE)?.value, subkey('shop-cart'))),
    discountOf(db, jar.get(DISCOUNT_COOKIE)?.value, params.code),
  ]);
  return (
    <>
      <PageHeader eyebrow="Shop" title="Your Basket" />
      <BasketView lines={lines} notice={noticeOf(params)} discount={discount} />
    </>
  );
}
