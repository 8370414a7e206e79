import { startStripeDouble } from './stripe-double';

/**
 * The Stripe double as a process of its own, for the browser suites and for trying the shop by
 * hand (docs/stripe-double.md): `npx tsx tests/support/stripe-double-server.ts`, with
 * STRIPE_DOUBLE_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET (the same the site is given) and
 * STRIPE_DOUBLE_WEBHOOK_URL (the site's /api/stripe/webhook).
 */
async function main() {
  const port = Number(process.env.STRIPE_DOUBLE_PORT ?? 12111);
  const double = await startStripeDouble({
    port,
    secretKey: process.env.STRIPE_SECRET_KEY,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
    webhookUrl: process.env.STRIPE_DOUBLE_WEBHOOK_URL,
  });
  console.log(`stripe double listening on ${double.url}`);
  const stop = () => void double.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
