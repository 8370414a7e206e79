import { env } from '@/lib/env';
import type { Payments } from './port';
import { createStripePayments } from './stripe-adapter';

/**
 * The shop's payment provider, from the environment (lib/env.ts): Stripe Checkout when
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; null otherwise, and the shop cannot be
 * opened.
 */
export function payments(config = env()): Payments | null {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const key = `${config.STRIPE_SECRET_KEY}|${config.STRIPE_WEBHOOK_SECRET}|${config.STRIPE_API_URL ?? ''}`;
  if (cached?.key !== key)
    cached = {
      key,
      payments: createStripePayments({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiUrl: config.STRIPE_API_URL,
      }),
    };
  return cached.payments;
}

let cached: { key: string; payments: Payments } | undefined;
