import type { Database } from '@/lib/db/port';
import { readCapped } from '@/lib/http/read-capped';
import { logger } from '@/lib/log/logger';
import { WebhookRejectedError, type Payments } from '@/lib/payments/port';
import type { Applied } from './payment-events';
import { settleOrder, type ShopEffects } from './settle';

/** Stripe's events are a few kilobytes; anything near this is not one. */
export const WEBHOOK_BODY_CAP = 256 * 1024;

const NO_STORE = { 'cache-control': 'no-store' };

export type WebhookDeps = {
  database: () => Promise<Database>;
  /** The configured provider, or null (lib/payments/index.ts). */
  payments: () => Payments | null;
  /** What follows a change: the pages' tags, the emails (lib/shop/route-effects.ts). */
  effects: ShopEffects;
};

/**
 * POST /api/stripe/webhook: one event from Stripe. Its signature is checked over the raw body
 * before anything is read from it; a request Stripe did not sign (or signed too long ago) is 400
 * and changes nothing. A verified event is applied once (lib/shop/settle.ts) and
 * answered 200, a repeat too; a failure is 500, and Stripe sends the event again later.
 */
export async function handleStripeWebhook(request: Request, deps: WebhookDeps): Promise<Response> {
  const payments = deps.payments();
  if (!payments) return Response.json({ error: 'Payments are not configured.' }, { status: 404, headers: NO_STORE });
  const read = await readCapped(request.body, WEBHOOK_BODY_CAP, { idleMs: 10_000, totalMs: 20_000 });
  if (!read.ok)
    return Response.json(
      { error: read.reason === 'too-large' ? 'Body too large.' : 'Body too slow.' },
      { status: read.reason === 'too-large' ? 413 : 408, headers: NO_STORE },
    );
  const raw = new TextDecoder().decode(read.body);
  let event;
  try {
    event = await payments.readWebhook(raw, request.headers.get('stripe-signature'));
  } catch (error) {
    if (!(error instanceof WebhookRejectedError)) throw error;
    logger.warn({ feature: 'shop', reason: error.message }, 'payment webhook refused');
    return Response.json({ error: error.message }, { status: 400, headers: NO_STORE });
  }
  const applied: Applied = await settleOrder({ db: await deps.database(), payments, effects: deps.effects }, { event });
  logger.info(
    { feature: 'shop', event: event.id, kind: event.kind, outcome: applied.outcome, orderId: applied.orderId },
    'payment webhook',
  );
  return Response.json({ received: true, outcome: applied.outcome }, { headers: NO_STORE });
}
