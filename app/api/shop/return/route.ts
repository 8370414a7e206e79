import { NextResponse } from 'next/server';
import { z } from 'zod';
import { database } from '@/lib/database';
import { env } from '@/lib/env';
import { logger } from '@/lib/log/logger';
import { payments } from '@/lib/payments';
import { CART_COOKIE } from '@/lib/shop/cart';
import { cancelCheckout, checkoutIdSchema, returnKeySchema, settleOnReturn } from '@/lib/shop/order-status';
import { routeEffects } from '@/lib/shop/route-effects';

const redirectTo = (path: string) => {
  const response = NextResponse.redirect(new URL(path, env().SITE_URL), 303);
  response.headers.set('cache-control', 'no-store');
  return response;
};

const thankYou = (checkoutId: string, key: string | null) => {
  const response = redirectTo(
    `/shop/thank-you?checkout=${encodeURIComponent(checkoutId)}${key ? `&key=${encodeURIComponent(key)}` : ''}`,
  );
  response.cookies.delete(CART_COOKIE);
  return response;
};

/**
 * Where Stripe sends the buyer back (under /api: a redirect, not a page, so on Vercel it is served
 * by the route handlers' function rather than weighing on the public pages'). Both addresses carry
 * the checkout's secret (`key`). Paid (`?checkout=`, the success URL): the basket is emptied, the
 * order settled if the webhook has not done it yet (lib/shop/settle.ts), and the buyer sent on to
 * the thank-you page, which reads the order as it now stands. Not paid (`?cancelled=`, the cancel
 * URL): the checkout is closed and what it held released, and the buyer is back at the basket as
 * it was; a checkout that is complete after all (the back button after paying) is not released.
 */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const provider = payments();
  const key = returnKeySchema.safeParse(params.get('key'));
  const cancelled = z.uuid().safeParse(params.get('cancelled'));
  if (cancelled.success) {
    if (provider && key.success) {
      try {
        const result = await cancelCheckout(
          { db: await database(), payments: provider, effects: routeEffects() },
          cancelled.data,
          key.data,
        );
        if ((result.outcome === 'paid' || result.outcome === 'processing') && result.checkoutId)
          return thankYou(result.checkoutId, key.data);
      } catch (error) {
        // The checkout closes on its own within its half hour; the job releases it then.
        logger.warn(
          { feature: 'shop', err: error },
          'could not close a cancelled checkout; it is released when it expires',
        );
      }
    }
    return redirectTo('/shop/basket?cancelled=1');
  }
  const checkoutId = checkoutIdSchema.safeParse(params.get('checkout'));
  if (!checkoutId.success) return redirectTo('/shop');
  if (provider) {
    try {
      await settleOnReturn({ db: await database(), payments: provider, effects: routeEffects() }, checkoutId.data);
    } catch (error) {
      // The webhook or the catch-up job settles it; the thank-you page says it is being confirmed.
      logger.warn(
        { feature: 'shop', err: error },
        'could not settle a returning checkout; the webhook or the job will',
      );
    }
  }
  return thankYou(checkoutId.data, key.success ? key.data : null);
}
