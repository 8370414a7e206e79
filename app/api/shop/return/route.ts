import { after, NextResponse } from 'next/server';
import { z } from 'zod';
import { database } from '@/lib/db';
import { env } from '@/lib/env';
import { mailSettings } from '@/lib/mail';
import { deliverSoon } from '@/lib/messages/mail';
import { logger } from '@/lib/log/logger';
import { payments } from '@/lib/payments';
import { CART_COOKIE } from '@/lib/shop/cart';
import { invalidateShop } from '@/lib/shop/invalidate';
import { cancelCheckout, checkoutIdSchema, settleOnReturn } from '@/lib/shop/order-status';

/** An order just recorded paid has its emails queued with it: they go once the buyer has their answer. */
function sendOrderEmails() {
  const mail = mailSettings();
  if (mail) after(async () => deliverSoon(await database(), mail));
}

const redirectTo = (path: string) => {
  const response = NextResponse.redirect(new URL(path, env().SITE_URL), 303);
  response.headers.set('cache-control', 'no-store');
  return response;
};

/**
 * Where Stripe sends the buyer back (under /api: a redirect, not a page, so on Vercel it is served
 * by the route handlers' function rather than weighing on the public pages'). Paid (`?checkout=`, the success URL): the basket is emptied,
 * the order settled if the webhook has not done it yet, and the buyer sent on to the thank-you
 * page, which reads the order as it now stands. Not paid (`?cancelled=`, the cancel URL): the
 * checkout is closed and what it held released, and the buyer is back at the basket as it was.
 */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const provider = payments();
  const cancelled = z.uuid().safeParse(params.get('cancelled'));
  if (cancelled.success) {
    let paidCheckout: string | null = null;
    if (provider) {
      try {
        const result = await cancelCheckout(await database(), provider, cancelled.data);
        if (result.outcome !== 'unchanged') invalidateShop({ sold: result.soldArtworks }, 'route');
        if (result.outcome === 'paid') {
          paidCheckout = result.checkoutId;
          sendOrderEmails();
        }
      } catch (error) {
        // The checkout closes on its own within its half hour; the job releases it then.
        logger.warn({ feature: 'shop', err: error }, 'could not close a cancelled checkout; it is released when it expires');
      }
    }
    if (!paidCheckout) return redirectTo('/shop/basket?cancelled=1');
    const paid = redirectTo(`/shop/thank-you?checkout=${encodeURIComponent(paidCheckout)}`);
    paid.cookies.delete(CART_COOKIE);
    return paid;
  }
  const checkoutId = checkoutIdSchema.safeParse(params.get('checkout'));
  if (!checkoutId.success) return redirectTo('/shop');
  if (provider) {
    try {
      const applied = await settleOnReturn(await database(), provider, checkoutId.data);
      if (applied?.outcome === 'applied') {
        invalidateShop({ sold: applied.soldArtworks }, 'route');
        sendOrderEmails();
      }
    } catch (error) {
      // The webhook or the catch-up job settles it; the thank-you page says it is being confirmed.
      logger.warn({ feature: 'shop', err: error }, 'could not settle a returning checkout; the webhook or the job will');
    }
  }
  const response = redirectTo(`/shop/thank-you?checkout=${encodeURIComponent(checkoutId.data)}`);
  response.cookies.delete(CART_COOKIE);
  return response;
}
