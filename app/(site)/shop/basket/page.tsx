import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { PageHeader } from '@/components/site/page-header';
import { BASKET_NOTICES, BasketView, type BasketNotice } from '@/components/site/shop/basket-view';
import { subkey } from '@/lib/auth/server-key';
import { database } from '@/lib/database';
import { readBasket } from '@/lib/shop/basket';
import { CART_COOKIE, decodeCart } from '@/lib/shop/cart';
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
  const lines = await readBasket(db, decodeCart(jar.get(CART_COOKIE)?.value, subkey('shop-cart')));
  return (
    <>
      <PageHeader eyebrow="Shop" title="Your Basket" />
      <BasketView lines={lines} notice={noticeOf(params)} />
    </>
  );
}
