import Stripe from 'stripe';
import { WebhookRejectedError, type Checkout, type CheckoutRequest, type PaymentEvent, type Payments } from './port';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (STRIPE_API_URL: stripe-mock, or a test double); unset, api.stripe.com. */
  apiUrl?: string;
};

/**
 * The payments port on Stripe Checkout, through Stripe's own Node library (`stripe`): hosted
 * checkout pages, their sessions, and webhooks whose Stripe-Signature it checks with the
 * endpoint's signing secret. docs/stripe-double.md lists, call by call, what the site sends and
 * reads, as Stripe's published API description states it.
 */
export function createStripePayments(settings: StripeSettings): Payments {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port) || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    // Every create carries its own idempotency key: a retry by the library is safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'watercolour-site' },
  });

  return {
    async createCheckout(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.reference,
          metadata: { reference: request.reference },
          payment_intent_data: { metadata: { reference: request.reference } },
          line_items: request.items.map((item) => ({
            quantity: item.quantity,
            price_data: {
              currency: 'gbp',
              unit_amount: item.unitAmount,
              product_data: {
                name: item.name,
                ...(item.description ? { description: item.description } : {}),
                ...(item.imageUrl ? { images: [item.imageUrl] } : {}),
              },
            },
          })),
          shipping_address_collection: {
            allowed_countries:
              request.countries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
          },
          shipping_options: request.shipping.map((choice) => ({
            shipping_rate_data: {
              type: 'fixed_amount',
              display_name: choice.name,
              fixed_amount: { amount: choice.amount, currency: 'gbp' },
              ...(choice.days
                ? {
                    delivery_estimate: {
                      minimum: { unit: 'business_day', value: choice.days.min },
                      maximum: { unit: 'business_day', value: choice.days.max },
                    },
                  }
                : {}),
            },
          })),
          success_url: request.successUrl.replace('{CHECKOUT_ID}', '{CHECKOUT_SESSION_ID}'),
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          locale: 'en-GB',
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toCheckout(session);
    },

    async getCheckout(id) {
      // The payment intent's own status tells a delayed payment still settling from one that failed.
      return toCheckout(await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] }));
    },

    async refund({ paymentId, reason, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentId, metadata: { reason: reason.slice(0, 500) } },
        { idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },

    async expireCheckout(id) {
      const current = await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] });
      if (current.status !== 'open') return toCheckout(current);
      try {
        return toCheckout(await stripe.checkout.sessions.expire(id));
      } catch (error) {
        // Paid or expired in the meantime: Stripe refuses, and the session says which.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return toCheckout(await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] }));
        throw error;
      }
    },

    async openCheckouts(since) {
      const found: Checkout[] = [];
      for await (const session of stripe.checkout.sessions.list({
        status: 'open',
        created: { gte: Math.floor(since.getTime() / 1000) },
        limit: 100,
      })) {
        found.push(toCheckout(session));
      }
      // Stripe lists newest first; `created` is in whole seconds, so reverse before a stable sort.
      return found.reverse().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async readWebhook(rawBody, signature) {
      if (!signature) throw new WebhookRejectedError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookRejectedError(error.message.split('\n')[0]!.trim());
        throw error;
      }
      return toEvent(event);
    },
  };
}

function toEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
      // Paid, or (a delayed method) complete with payment_status unpaid until one of the two below.
      return { id: event.id, kind: 'checkout-completed', checkout: toCheckout(event.data.object) };
    case 'checkout.session.async_payment_succeeded':
      return { id: event.id, kind: 'checkout-async-succeeded', checkout: toCheckout(event.data.object) };
    case 'checkout.session.async_payment_failed':
      return {
        id: event.id,
        kind: 'checkout-async-failed',
        checkout: { ...toCheckout(event.data.object), paymentFailed: true },
      };
    case 'checkout.session.expired':
      return { id: event.id, kind: 'checkout-expired', checkout: toCheckout(event.data.object) };
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      if (!paymentId) return { id: event.id, kind: 'other', type: event.type };
      return {
        id: event.id,
        kind: 'refunded',
        paymentId,
        amountRefunded: charge.amount_refunded,
        fully: charge.refunded,
      };
    }
    default:
      return { id: event.id, kind: 'other', type: event.type };
  }
}

const checkoutStatuses = ['open', 'complete', 'expired'] as const;

function toCheckout(session: Stripe.Checkout.Session): Checkout {
  const shipping = session.collected_information?.shipping_details ?? null;
  const address = shipping?.address ?? null;
  return {
    id: session.id,
    url: session.url ?? null,
    status: checkoutStatuses.find((status) => status === session.status) ?? 'open',
    paid: session.payment_status === 'paid',
    paymentFailed:
      session.status === 'complete' &&
      session.payment_status === 'unpaid' &&
      typeof session.payment_intent === 'object' &&
      ['requires_payment_method', 'canceled'].includes(session.payment_intent?.status ?? ''),
    reference: session.metadata?.reference ?? null,
    clientReference: session.client_reference_id ?? null,
    amountTotal: session.amount_total ?? null,
    shippingAmount: session.shipping_cost?.amount_total ?? null,
    currency: session.currency ?? null,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    customerName: session.customer_details?.name ?? null,
    shippingAddress: shipping
      ? {
          name: shipping.name,
          line1: address?.line1 ?? null,
          line2: address?.line2 ?? null,
          city: address?.city ?? null,
          postalCode: address?.postal_code ?? null,
          state: address?.state ?? null,
          country: address?.country ?? null,
        }
      : null,
    paymentId:
      typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    expiresAt: new Date(session.expires_at * 1000),
    createdAt: new Date(session.created * 1000),
  };
}
