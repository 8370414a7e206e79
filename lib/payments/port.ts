/**
 * The payments port: what the shop asks of a payment provider, and what it hears back. Stripe
 * Checkout implements it (lib/payments/stripe-adapter.ts); lib/payments/index.ts builds it from
 * the environment. Amounts are in minor units (pence); the shop sells in GBP.
 *
 * The buyer pays on the provider's hosted page, so no card data reaches the site. Prices,
 * stock and shipping are the shop's own (from the database): the provider is only told them.
 */

/** One line of a checkout, as the buyer sees it on the hosted page. */
export type CheckoutItem = {
  name: string;
  description?: string;
  /** Absolute URL of a picture of it. */
  imageUrl?: string;
  /** Price of one, in pence. */
  unitAmount: number;
  quantity: number;
};

/** A delivery choice the buyer picks on the hosted page (at most 5). */
export type ShippingChoice = {
  name: string;
  /** In pence. */
  amount: number;
  /** Working days. */
  days?: { min: number; max: number };
};

export type CheckoutRequest = {
  /** The shop's own reference (its order's id): sent back with the checkout and its events. */
  reference: string;
  items: CheckoutItem[];
  shipping: ShippingChoice[];
  /** Where the shop delivers: ISO 3166-1 alpha-2 codes. */
  countries: string[];
  /** Where the buyer lands after paying; `{CHECKOUT_ID}` in it becomes the checkout's id. */
  successUrl: string;
  /** Where "back" on the hosted page leads. */
  cancelUrl: string;
  /** When the checkout closes unpaid: 30 minutes to 24 hours from now (CHECKOUT_EXPIRY limits). */
  expiresAt: Date;
  /** The same key for the same attempt: a retried request creates one checkout, not two. */
  idempotencyKey: string;
  /**
   * The buyer's email, when the shop already knows it (a subscriber's discount code): the hosted
   * page shows it filled in instead of asking, and the checkout's email is this one.
   */
  customerEmail?: string;
};

export type PostalAddress = {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  state: string | null;
  country: string | null;
};

/** A checkout as the provider knows it now. */
export type Checkout = {
  id: string;
  /** The hosted page, while the checkout is open. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  /** A complete checkout whose delayed payment (a bank debit) failed: nothing will be paid. */
  paymentFailed: boolean;
  /** The shop's reference, from the metadata only the shop's own requests set (never client_reference_id, which a Payment Link's address carries). */
  reference: string | null;
  /** `client_reference_id`: whatever opened the checkout said, never trusted; a payment naming one of the shop's orders through it is a stray. */
  clientReference: string | null;
  /** In pence, shipping included; null until known. */
  amountTotal: number | null;
  shippingAmount: number | null;
  currency: string | null;
  email: string | null;
  customerName: string | null;
  shippingAddress: PostalAddress | null;
  /** The provider's payment, which later refunds name. */
  paymentId: string | null;
  expiresAt: Date;
  createdAt: Date;
};

/** What a webhook tells the shop, once its signature is checked. */
export type PaymentEvent =
  /**
   * completed: the buyer finished the checkout (paid, or with a delayed method still to settle);
   * async-succeeded / async-failed: that delayed payment settled; expired: closed unpaid.
   */
  | {
      id: string;
      kind: 'checkout-completed' | 'checkout-async-succeeded' | 'checkout-async-failed' | 'checkout-expired';
      checkout: Checkout;
    }
  | { id: string; kind: 'refunded'; paymentId: string; amountRefunded: number; fully: boolean }
  /** Any other event the endpoint receives: acknowledged, nothing to do. */
  | { id: string; kind: 'other'; type: string };

export type Payments = {
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  getCheckout(id: string): Promise<Checkout>;
  /** Closes an open checkout at once; one already complete or expired is answered as it is. */
  expireCheckout(id: string): Promise<Checkout>;
  /** Gives a payment back in full, once per idempotency key (a retry makes no second refund). */
  refund(request: RefundRequest): Promise<{ id: string; status: string }>;
  /** Every checkout still open that was created since `since`, oldest first. */
  openCheckouts(since: Date): Promise<Checkout[]>;
  /**
   * The event of a webhook request, from its raw body and signature header. Throws
   * WebhookRejectedError when the signature is missing, wrong or too old.
   */
  readWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent>;
};

export type RefundRequest = {
  paymentId: string;
  /** Kept with the refund at the provider, for the owner's dashboard. */
  reason: string;
  idempotencyKey: string;
};

/** A webhook request the provider did not sign (or signed too long ago): answered 400, changes nothing. */
export class WebhookRejectedError extends Error {
  constructor(reason: string) {
    super(`Webhook refused: ${reason}`);
    this.name = 'WebhookRejectedError';
  }
}

/** The provider's limits on a checkout's expiry, from now. */
export const CHECKOUT_EXPIRY = { minMs: 30 * 60_000, maxMs: 24 * 60 * 60_000 } as const;
