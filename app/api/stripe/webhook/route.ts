import { database } from '@/lib/db';
import { payments } from '@/lib/payments';
import { invalidateShop } from '@/lib/shop/invalidate';
import { handleStripeWebhook } from '@/lib/shop/webhook';

/** Stripe's webhook endpoint for the shop (lib/shop/webhook.ts); 404 while payments are not configured. */
export async function POST(request: Request): Promise<Response> {
  return handleStripeWebhook(request, {
    database,
    payments: () => payments(),
    // A payment, a release or a refund changes what the shop and the sold paintings' pages show.
    onApplied: (applied) => {
      if (applied.outcome === 'applied') invalidateShop({ sold: applied.soldArtworks }, 'route');
    },
  });
}
