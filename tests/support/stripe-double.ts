import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe the shop uses: Checkout Sessions (create, retrieve,
 * list, expire), their hosted payment page, and signed webhook events
 * (checkout.session.completed / expired, charge.refunded). No Stripe server can be reached from
 * the test machines; docs/stripe-double.md lists, endpoint by endpoint, what this double does and
 * where in Stripe's published API description (github.com/stripe/openapi, openapi/spec3.json)
 * and in the `stripe` package each behaviour was checked.
 *
 * Point the site at it with STRIPE_API_URL=double.url, STRIPE_SECRET_KEY=double.secretKey and
 * STRIPE_WEBHOOK_SECRET=double.webhookSecret; set `webhookUrl` to where events go.
 */

export type Session = Record<string, unknown> & {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  url: string | null;
  expires_at: number;
  created: number;
  amount_subtotal: number;
  amount_total: number;
  line_items: LineItem[];
  shipping_options: { shipping_amount: number; shipping_rate: string; display_name: string }[];
  payment_intent: string | null;
  success_url: string | null;
  cancel_url: string | null;
};

type LineItem = { name: string; description?: string; unit_amount: number; quantity: number; currency: string };

export type Buyer = {
  email: string;
  name: string;
  line1: string;
  city: string;
  postalCode: string;
  country: string;
  shippingChoice?: number;
};

/** A payment intent as the double keeps it: `processing` while a delayed method (Bacs, SEPA) settles. */
type PaymentIntent = {
  id: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  amount: number;
  currency: string;
  refunded: number;
};

type Refund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
};

/** One POST of an event to the webhook URL: the status it was answered with, and the answer's JSON (if any). */
export type Delivery = { eventId: string; type: string; status: number | 'unreachable'; answer?: unknown };

const API_VERSION = '2026-10-28.endive';
const MAX_LIST_LIMIT = 100;

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export type StripeDouble = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed (the site's webhook endpoint); unset, they are only recorded. */
  webhookUrl: string | undefined;
  sessions: Map<string, Session>;
  /** Every event made, oldest first (its body exactly as delivered). */
  events: { id: string; type: string; body: string }[];
  deliveries: Delivery[];
  /**
   * Pays an open session as a buyer would on the hosted page; answers where the page sends them.
   * `delayed`: a method that settles later (Bacs Direct Debit, SEPA): the session is complete with
   * `payment_status: unpaid` until `settle` says how it ended.
   */
  pay(id: string, buyer: Buyer, options?: { delayed?: boolean }): Promise<string>;
  /** A delayed payment settles: succeeded (paid, async_payment_succeeded) or failed (async_payment_failed). */
  settle(id: string, outcome: 'succeeded' | 'failed'): Promise<void>;
  /**
   * A session the site did not open, on the same account: a Payment Link's, whose address takes
   * `?client_reference_id=` from whoever opens it. No metadata of the site's.
   */
  openOutside(options: { amount: number; clientReferenceId?: string; currency?: string }): Session;
  /** Every refund made through the API, oldest first. */
  refunds: Refund[];
  /** Refunds a paid session's payment (all of it unless `amount`), as the dashboard does. */
  refund(paymentIntent: string, amount?: number): Promise<void>;
  /** Sends an event again, as the dashboard's "Resend" does. */
  redeliver(eventId: string): Promise<void>;
  /** Lets an open session's time run out: it expires, with its event, as at its expires_at. */
  runOut(id: string): Promise<void>;
  /** Makes list pages this short, to exercise paging. */
  pageSize: number;
  close(): Promise<void>;
};

export type StripeDoubleOptions = {
  webhookUrl?: string;
  /** A fixed port (a browser suite's server is told the double's address before it starts); any free one by default. */
  port?: number;
  /** Fixed keys, for the same reason; fresh random ones by default. */
  secretKey?: string;
  webhookSecret?: string;
};

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const secretKey = options.secretKey ?? `sk_test_double${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_double${crypto.randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, Session>();
  const intents = new Map<string, PaymentIntent>();
  const refunds: Refund[] = [];
  const refundKeys = new Map<string, { fingerprint: string; refund: Refund }>();
  const idempotency = new Map<string, { fingerprint: string; id: string }>();
  const events: StripeDouble['events'] = [];
  const deliveries: Delivery[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;

  async function emit(type: string, object: unknown) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(event, null, 2);
    events.push({ id: event.id, type, body });
    await deliver(events.at(-1)!);
  }

  async function deliver(event: { id: string; type: string; body: string }) {
    if (!double.webhookUrl) return;
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: event.body,
      secret: webhookSecret,
      timestamp: now(),
    });
    try {
      const response = await fetch(double.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: event.body,
      });
      const answer: unknown = await response.json().catch(() => undefined);
      deliveries.push({ eventId: event.id, type: event.type, status: response.status, answer });
    } catch {
      deliveries.push({ eventId: event.id, type: event.type, status: 'unreachable' });
    }
  }

  /** Stripe expires an open session once its expires_at has passed; this double does so whenever it is next asked. */
  async function expireDue() {
    for (const session of sessions.values()) {
      if (session.status === 'open' && session.expires_at <= now()) await expire(session);
    }
  }

  async function expire(session: Session) {
    session.status = 'expired';
    session.url = null;
    await emit('checkout.session.expired', publicSession(session));
  }

  function createSession(params: Params, key: string | undefined, base: string): Session {
    if (params.mode !== 'payment')
      throw new StripeError(400, 'invalid_request_error', 'The double supports mode=payment only.', 'mode');
    const items = arrayOf(params.line_items);
    if (items.length === 0)
      throw new StripeError(400, 'invalid_request_error', 'line_items is required in payment mode.', 'line_items');
    if (items.length > 100)
      throw new StripeError(
        400,
        'invalid_request_error',
        'A Checkout Session can have at most 100 line items.',
        'line_items',
      );
    const lineItems = items.map((item, i): LineItem => {
      const priceData = item.price_data as Params | undefined;
      const product = priceData?.product_data as Params | undefined;
      if (!priceData?.currency)
        throw new StripeError(
          400,
          'invalid_request_error',
          'Missing required param: line_items[0][price_data][currency].',
          `line_items[${i}][price_data][currency]`,
        );
      if (!product?.name)
        throw new StripeError(
          400,
          'invalid_request_error',
          `Missing required param: line_items[${i}][price_data][product_data][name].`,
          `line_items[${i}][price_data][product_data][name]`,
        );
      return {
        name: String(product.name),
        description: product.description ? String(product.description) : undefined,
        unit_amount: nonNegativeInteger(priceData.unit_amount, `line_items[${i}][price_data][unit_amount]`),
        quantity: positiveInteger(item.quantity, `line_items[${i}][quantity]`),
        currency: String(priceData.currency),
      };
    });
    const created = now();
    const expiresAt = params.expires_at === undefined ? created + 24 * 3600 : Number(params.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    const reference = params.client_reference_id === undefined ? null : String(params.client_reference_id);
    if (reference !== null && reference.length > 200)
      throw new StripeError(
        400,
        'invalid_request_error',
        'client_reference_id must be at most 200 characters.',
        'client_reference_id',
      );
    const shippingParams = arrayOf(params.shipping_options);
    if (shippingParams.length > 5)
      throw new StripeError(
        400,
        'invalid_request_error',
        'You may only specify up to 5 shipping options.',
        'shipping_options',
      );
    const shippingOptions = shippingParams.map((option, i) => {
      const rate = option.shipping_rate_data as Params | undefined;
      const fixed = rate?.fixed_amount as Params | undefined;
      if (!rate?.display_name)
        throw new StripeError(
          400,
          'invalid_request_error',
          `Missing required param: shipping_options[${i}][shipping_rate_data][display_name].`,
          `shipping_options[${i}][shipping_rate_data][display_name]`,
        );
      if (fixed?.amount === undefined || !fixed.currency)
        throw new StripeError(
          400,
          'invalid_request_error',
          `Missing required param: shipping_options[${i}][shipping_rate_data][fixed_amount].`,
          `shipping_options[${i}][shipping_rate_data][fixed_amount]`,
        );
      return {
        shipping_amount: nonNegativeInteger(
          fixed.amount,
          `shipping_options[${i}][shipping_rate_data][fixed_amount][amount]`,
        ),
        shipping_rate: newId('shr'),
        display_name: String(rate.display_name),
      };
    });
    const collection = params.shipping_address_collection as Params | undefined;
    if (collection && arrayOf(collection.allowed_countries as unknown).length === 0) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'Missing required param: shipping_address_collection[allowed_countries].',
        'shipping_address_collection[allowed_countries]',
      );
    }
    const subtotal = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
    const id = newId('cs');
    const session: Session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/c/pay/${id}`,
      created,
      expires_at: expiresAt,
      livemode: false,
      currency: lineItems[0]!.currency,
      amount_subtotal: subtotal,
      amount_total: subtotal,
      client_reference_id: reference,
      customer_email: params.customer_email ? String(params.customer_email) : null,
      customer_details: null,
      collected_information: null,
      shipping_address_collection: collection
        ? { allowed_countries: arrayOf(collection.allowed_countries as unknown).map(String) }
        : null,
      shipping_cost: null,
      shipping_options: shippingOptions,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: params.success_url ? String(params.success_url) : null,
      cancel_url: params.cancel_url ? String(params.cancel_url) : null,
      locale: params.locale ? String(params.locale) : null,
      ui_mode: 'hosted_page',
      payment_method_types: ['card'],
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      line_items: lineItems,
    };
    sessions.set(id, session);
    if (key) idempotency.set(key, { fingerprint: JSON.stringify(params), id });
    return session;
  }

  function listSessions(query: URLSearchParams, path: string) {
    const status = query.get('status');
    const gte = query.get('created[gte]');
    const limit = Math.min(Number(query.get('limit') ?? 10), MAX_LIST_LIMIT, double.pageSize);
    const after = query.get('starting_after');
    // Newest first, as Stripe lists (the Map holds them in the order they were made).
    let all = [...sessions.values()]
      .filter((s) => (!status || s.status === status) && (!gte || s.created >= Number(gte)))
      .reverse();
    if (after) all = all.slice(all.findIndex((s) => s.id === after) + 1);
    return { object: 'list', data: all.slice(0, limit).map(publicSession), has_more: all.length > limit, url: path };
  }

  async function pay(id: string, buyer: Buyer, options: { delayed?: boolean } = {}): Promise<string> {
    await expireDue();
    const session = sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    if (session.status !== 'open') throw new Error(`session ${id} is ${session.status}`);
    const allowed = (session.shipping_address_collection as { allowed_countries: string[] } | null)?.allowed_countries;
    if (allowed && !allowed.includes(buyer.country)) throw new Error(`Checkout does not ship to ${buyer.country}`);
    const shipping = session.shipping_options[buyer.shippingChoice ?? 0];
    const address = {
      city: buyer.city,
      country: buyer.country,
      line1: buyer.line1,
      line2: null,
      postal_code: buyer.postalCode,
      state: null,
    };
    const amountTotal = session.amount_subtotal + (shipping?.shipping_amount ?? 0);
    const intent: PaymentIntent = {
      id: newId('pi'),
      status: options.delayed ? 'processing' : 'succeeded',
      amount: amountTotal,
      currency: String(session.currency),
      refunded: 0,
    };
    intents.set(intent.id, intent);
    Object.assign(session, {
      status: 'complete',
      payment_status: options.delayed ? 'unpaid' : 'paid',
      url: null,
      payment_intent: intent.id,
      // A session made with customer_email never asks for one (the spec's description of the
      // parameter): that address is the buyer's, whatever the buyer would have typed.
      customer_details: {
        email: (session.customer_email as string | null) ?? buyer.email,
        name: buyer.name,
        address,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      collected_information: {
        business_name: null,
        individual_name: null,
        shipping_details: { name: buyer.name, address },
      },
      shipping_cost: shipping
        ? {
            amount_subtotal: shipping.shipping_amount,
            amount_tax: 0,
            amount_total: shipping.shipping_amount,
            shipping_rate: shipping.shipping_rate,
          }
        : null,
      amount_total: amountTotal,
    });
    await emit('checkout.session.completed', publicSession(session));
    return (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
  }

  async function settle(id: string, outcome: 'succeeded' | 'failed') {
    const session = sessions.get(id);
    const intent = session?.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (!session || !intent || intent.status !== 'processing') throw new Error(`session ${id} has no payment settling`);
    intent.status = outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method';
    if (outcome === 'succeeded') session.payment_status = 'paid';
    await emit(
      outcome === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
      publicSession(session),
    );
  }

  function openOutside({
    amount,
    clientReferenceId,
    currency = 'gbp',
  }: {
    amount: number;
    clientReferenceId?: string;
    currency?: string;
  }): Session {
    const params: Params = {
      mode: 'payment',
      line_items: {
        0: {
          quantity: '1',
          price_data: { currency, unit_amount: String(amount), product_data: { name: 'Payment link item' } },
        },
      },
    };
    if (clientReferenceId !== undefined) params.client_reference_id = clientReferenceId;
    params.success_url = `${double.url}/c/done`;
    const session = createSession(params, undefined, double.url);
    session.payment_link = newId('plink');
    return session;
  }

  /** POST /v1/refunds: all of what is left of a payment unless `amount`; its charge.refunded event. */
  async function createRefund(params: Params, key: string | undefined): Promise<Refund> {
    if (key) {
      const seen = refundKeys.get(key);
      if (seen) {
        if (seen.fingerprint !== JSON.stringify(params))
          throw new StripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        return seen.refund;
      }
    }
    const intentId = params.payment_intent === undefined ? undefined : String(params.payment_intent);
    if (!intentId)
      throw new StripeError(
        400,
        'invalid_request_error',
        'One of `charge` or `payment_intent` is required.',
        'payment_intent',
      );
    const intent = intents.get(intentId);
    if (!intent)
      throw new StripeError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${intentId}'`,
        'payment_intent',
        'resource_missing',
      );
    if (intent.status !== 'succeeded')
      throw new StripeError(
        400,
        'invalid_request_error',
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    const left = intent.amount - intent.refunded;
    if (left <= 0)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Charge for ${intentId} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    const amount = params.amount === undefined ? left : positiveInteger(params.amount, 'amount');
    if (amount > left)
      throw new StripeError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
        'amount',
        'amount_too_large',
      );
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      charge: `ch_of_${intentId}`,
      status: 'succeeded',
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      created: now(),
    };
    refunds.push(refund);
    if (key) refundKeys.set(key, { fingerprint: JSON.stringify(params), refund });
    await chargeRefunded(intent, amount);
    return refund;
  }

  async function chargeRefunded(intent: PaymentIntent, amount: number) {
    intent.refunded += amount;
    const session = [...sessions.values()].find((s) => s.payment_intent === intent.id);
    if (session) session.refunded = intent.refunded;
    const charge = {
      id: `ch_of_${intent.id}`,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: intent.refunded,
      captured: true,
      created: now(),
      currency: intent.currency,
      livemode: false,
      metadata: session?.metadata ?? {},
      paid: true,
      payment_intent: intent.id,
      refunded: intent.refunded >= intent.amount,
      status: 'succeeded',
    };
    await emit('charge.refunded', charge);
  }

  async function refund(paymentIntent: string, amount?: number) {
    const intent = intents.get(paymentIntent);
    if (!intent || intent.status !== 'succeeded') throw new Error(`no payment ${paymentIntent} to refund`);
    await chargeRefunded(intent, Math.min(intent.amount - intent.refunded, amount ?? intent.amount));
  }

  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      const known =
        error instanceof StripeError
          ? error
          : new StripeError(500, 'api_error', error instanceof Error ? error.message : String(error));
      response.writeHead(known.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(
        JSON.stringify({
          error: {
            type: known.type,
            message: known.message,
            ...(known.param ? { param: known.param } : {}),
            ...(known.code ? { code: known.code } : {}),
          },
        }),
      );
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', double.url);
    const body = await readBody(request);
    await expireDue();
    const json = (status: number, value: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        'stripe-version': String(request.headers['stripe-version'] ?? API_VERSION),
      });
      response.end(JSON.stringify(value));
    };

    // Where a Payment Link's buyer lands after paying.
    if (url.pathname === '/c/done') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><html lang="en"><title>Paid</title><main><h1>Payment complete</h1></main></html>');
      return;
    }
    // The hosted payment page: no API key, as on checkout.stripe.com.
    const page = /^\/c\/pay\/([\w]+)$/.exec(url.pathname);
    if (page) {
      const session = sessions.get(page[1]!);
      if (request.method === 'POST' && session) {
        const form = new URLSearchParams(body);
        const to = await pay(
          session.id,
          {
            email: form.get('email') ?? '',
            name: form.get('name') ?? '',
            line1: form.get('line1') ?? '',
            city: form.get('city') ?? '',
            postalCode: form.get('postalCode') ?? '',
            country: form.get('country') ?? '',
            shippingChoice: Number(form.get('shipping') ?? 0),
          },
          { delayed: form.get('method') === 'bacs_debit' },
        );
        response.writeHead(303, { location: to });
        response.end();
        return;
      }
      response.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(hostedPage(session));
      return;
    }

    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      throw new StripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    // The double's own controls, not Stripe's API (docs/stripe-double.md): what a browser suite
    // does from outside, as the dashboard's "Resend" and the passing of time would.
    if (url.pathname === '/_double/events' && request.method === 'GET')
      return json(
        200,
        events.map(({ id, type }) => ({ id, type })),
      );
    if (url.pathname === '/_double/outside' && request.method === 'POST') {
      const form = parseForm(body);
      return json(
        200,
        publicSession(
          openOutside({
            amount: Number(form.amount),
            clientReferenceId: form.client_reference_id === undefined ? undefined : String(form.client_reference_id),
          }),
        ),
      );
    }
    const control = /^\/_double\/(events|sessions)\/([\w]+)\/(resend|run-out|settle-succeeded|settle-failed)$/.exec(
      url.pathname,
    );
    if (control && request.method === 'POST') {
      if (control[1] === 'events' && control[3] === 'resend') await double.redeliver(control[2]!);
      else if (control[1] === 'sessions' && control[3] === 'run-out') await double.runOut(control[2]!);
      else if (control[1] === 'sessions' && control[3] === 'settle-succeeded')
        await double.settle(control[2]!, 'succeeded');
      else if (control[1] === 'sessions' && control[3] === 'settle-failed') await double.settle(control[2]!, 'failed');
      else
        throw new StripeError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${url.pathname}).`,
        );
      return json(200, { ok: true, deliveries: deliveries.slice(-1) });
    }
    const params = parseForm(request.method === 'GET' ? url.search.slice(1) : body);
    if (url.pathname === '/v1/checkout/sessions' && request.method === 'POST') {
      const key = request.headers['idempotency-key'] as string | undefined;
      const seen = key ? idempotency.get(key) : undefined;
      if (seen) {
        if (seen.fingerprint !== JSON.stringify(params))
          throw new StripeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          );
        return json(200, publicSession(sessions.get(seen.id)!));
      }
      return json(200, publicSession(createSession(params, key, double.url)));
    }
    if (url.pathname === '/v1/checkout/sessions' && request.method === 'GET')
      return json(200, listSessions(url.searchParams, url.pathname));
    if (url.pathname === '/v1/refunds' && request.method === 'POST')
      return json(200, await createRefund(params, request.headers['idempotency-key'] as string | undefined));
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    if (one) {
      const session = sessions.get(decodeURIComponent(one[1]!));
      if (!session)
        throw new StripeError(
          404,
          'invalid_request_error',
          `No such checkout.session: '${decodeURIComponent(one[1]!)}'`,
          'session',
          'resource_missing',
        );
      if (!one[2] && request.method === 'GET') {
        const expand = Object.values((params.expand as Record<string, string> | undefined) ?? {});
        const intent =
          expand.includes('payment_intent') && session.payment_intent ? intents.get(session.payment_intent) : undefined;
        return json(200, {
          ...publicSession(session),
          ...(intent
            ? {
                payment_intent: {
                  id: intent.id,
                  object: 'payment_intent',
                  status: intent.status,
                  amount: intent.amount,
                  currency: intent.currency,
                },
              }
            : {}),
        });
      }
      if (one[2] && request.method === 'POST') {
        if (session.status !== 'open')
          throw new StripeError(
            400,
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            undefined,
            'checkout_session_not_open',
          );
        await expire(session);
        return json(200, publicSession(session));
      }
    }
    throw new StripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${url.pathname}).`,
    );
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const double: StripeDouble = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    sessions,
    events,
    deliveries,
    pay,
    settle,
    openOutside,
    refunds,
    refund,
    async redeliver(eventId) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      await deliver(event);
    },
    async runOut(id) {
      const session = sessions.get(id);
      if (session?.status !== 'open') throw new Error(`session ${id} is not open`);
      session.expires_at = now();
      await expireDue();
    },
    pageSize: MAX_LIST_LIMIT,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}

/** The session as the API answers it: line items only when expanded (the site never asks). */
function publicSession(session: Session): Record<string, unknown> {
  const { line_items: _items, refunded: _refunded, ...rest } = session;
  void _items;
  void _refunded;
  return {
    ...rest,
    shipping_options: session.shipping_options.map(({ shipping_amount, shipping_rate }) => ({
      shipping_amount,
      shipping_rate,
    })),
  };
}

function hostedPage(session: Session | undefined): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  if (!session) return '<!doctype html><title>Not found</title><h1>Something went wrong</h1>';
  if (session.status !== 'open')
    return `<!doctype html><title>Checkout</title><h1>This Checkout Session is no longer active</h1><a href="${escape(session.cancel_url ?? '/')}">Back</a>`;
  const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;
  const countries = (session.shipping_address_collection as { allowed_countries: string[] } | null)
    ?.allowed_countries ?? ['GB'];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (Stripe test double)</title></head><body>
<main><h1>Pay ${money(session.amount_subtotal)}</h1>
<ul>${session.line_items.map((item) => `<li>${escape(item.name)} × ${item.quantity}: ${money(item.unit_amount * item.quantity)}</li>`).join('')}</ul>
<form method="post">
${session.customer_email ? `<p>Email <output>${escape(String(session.customer_email))}</output></p>` : '<label>Email <input name="email" type="email" required></label>'}
<label>Full name <input name="name" required></label>
<label>Address <input name="line1" required></label>
<label>City <input name="city" required></label>
<label>Postcode <input name="postalCode" required></label>
<label>Country <select name="country">${countries.map((c) => `<option>${escape(c)}</option>`).join('')}</select></label>
<fieldset><legend>Payment method</legend><label><input type="radio" name="method" value="card" checked> Card</label><label><input type="radio" name="method" value="bacs_debit"> Bacs Direct Debit (settles in a few days)</label></fieldset>
<fieldset><legend>Shipping</legend>${session.shipping_options.map((option, i) => `<label><input type="radio" name="shipping" value="${i}"${i === 0 ? ' checked' : ''}> ${escape(option.display_name)} ${money(option.shipping_amount)}</label>`).join('')}</fieldset>
<button type="submit">Pay</button>
</form>
<a href="${escape(session.cancel_url ?? '/')}">Back</a></main></body></html>`;
}

type Params = Record<string, unknown>;

/**
 * Stripe's form encoding (the `stripe` package's stringifyRequestData): nested objects as
 * `a[b][c]=v`, arrays with their indices (`line_items[0][quantity]=1`).
 */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

/** An object with keys 0, 1, … (as parseForm makes of an indexed array), in order. */
function arrayOf(value: unknown): Params[] {
  if (!value || typeof value !== 'object') return [];
  return Object.keys(value)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => (value as Record<string, Params>)[k]!);
}

function nonNegativeInteger(value: unknown, param: string): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0)
    throw new StripeError(400, 'invalid_request_error', `Invalid integer: ${String(value)}`, param);
  return n;
}

function positiveInteger(value: unknown, param: string): number {
  const n = nonNegativeInteger(value, param);
  if (n < 1) throw new StripeError(400, 'invalid_request_error', 'Quantity must be at least 1.', param);
  return n;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export type WebhookReceiver = {
  url: string;
  received: { body: string; signature: string | null }[];
  close(): Promise<void>;
};

/** An endpoint that keeps each webhook request as it arrives (raw body, Stripe-Signature), for tests with no site. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  const server = http.createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ body, signature: (request.headers['stripe-signature'] as string | undefined) ?? null });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
