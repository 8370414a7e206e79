import { database } from '@/lib/database';
import { payments } from '@/lib/payments';
import { routeEffects } from '@/lib/shop/route-effects';
import { handleStripeWebhook } from '@/lib/shop/webhook';

/** Stripe's webhook endpoint for the shop (lib/shop/webhook.ts); 404 while payments are not configured. */
export async function POST(request: Request): Promise<Response> {
  return handleStripeWebhook(request, { database, payments: () => payments(), effects: routeEffects() });
}
