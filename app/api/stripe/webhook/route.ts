import { after } from 'next/server';
import { database } from '@/lib/db';
import { mailSettings } from '@/lib/mail';
import { deliverSoon } from '@/lib/messages/mail';
import { payments } from '@/lib/payments';
import { invalidateShop } from '@/lib/shop/invalidate';
import { handleStripeWebhook } from '@/lib/shop/webhook';

/** Stripe's webhook endpoint for the shop (lib/shop/webhook.ts); 404 while payments are not configured. */
export async function POST(request: Request): Promise<Response> {
  return handleStripeWebhook(request, {
    database,
    payments: () => payments(),
    // A payment, a release or a refund changes what the shop and the sold paintings' pages show;
    // an order just paid has its emails queued (lib/shop/payment-events.ts): they go once Stripe has its answer.
    onApplied: (applied) => {
      if (applied.outcome === 'applied') invalidateShop({ sold: applied.soldArtworks }, 'route');
      const mail = mailSettings();
      if (applied.outcome === 'applied' && applied.orderId && mail) after(async () => deliverSoon(await database(), mail));
    },
  });
}
