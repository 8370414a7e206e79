import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import type { MailSettings } from '@/lib/mail';
import type { Payments } from '@/lib/payments/port';
import { createTestDatabase, testAccount } from '@/tests/support/db';
import { startSmtp, type SmtpDouble } from '@/tests/support/smtp';
import {
  startStripeDouble,
  startWebhookReceiver,
  type StripeDouble,
  type WebhookReceiver,
} from '@/tests/support/stripe-double';
import { newVisitor } from '@/tests/support/visitors';

// POST /api/stripe/webhook (app/api/stripe/webhook/route.ts) as Stripe calls it, for an order's
// emails (docs/product.md, Orders): the paid event is answered first, then its two emails go out,
// once; the same event again sends nothing. The database handle, the provider, the mail settings
// and Next's after() and revalidateTag are stood in for.
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return {
    db: undefined as Database | undefined,
    payments: null as Payments | null,
    mail: null as MailSettings | null,
    after: [] as (() => unknown)[],
    expired: [] as string[],
  };
});
// What the route invalidates (outside Next there is no cache to expire): recorded.
vi.mock('next/cache', () => ({ revalidateTag: (tag: string) => void scope.expired.push(tag), updateTag: () => {} }));
vi.mock('server-only', () => ({}));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => {},
  after: (work: () => unknown) => scope.after.push(work),
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('@/lib/payments', () => ({ payments: () => scope.payments }));
vi.mock('@/lib/mail', () => ({ mailSettings: () => scope.mail }));

const { POST } = await import('@/app/api/stripe/webhook/route');
const { asSystem } = await import('@/lib/db/roles');
const { mailOutbox, orders, products, productVariants, siteSettings } = await import('@/lib/db/schema');
const { createSmtpMailer } = await import('@/lib/mail/smtp-adapter');
const { createStripePayments } = await import('@/lib/payments/stripe-adapter');
const { openCheckout } = await import('./checkout');

describe('the webhook route sends a paid order’s emails after answering Stripe', () => {
  let db: Database;
  let double: StripeDouble;
  let hook: WebhookReceiver;
  let smtp: SmtpDouble;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    smtp = await startSmtp();
    hook = await startWebhookReceiver();
    double = await startStripeDouble({ webhookUrl: hook.url });
    scope.payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    scope.mail = {
      mailer: createSmtpMailer(smtp.url),
      from: 'site@elenamarsh.example',
      siteUrl: 'https://elenamarsh.example',
    };
    await testAccount(db, 'owner@elenamarsh.example', { admin: true });
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: true } }),
    );
  });
  afterAll(async () => {
    await double?.close();
    await hook?.close();
    await smtp?.close();
    await db?.close();
  });

  const post = (delivery: { body: string; signature: string | null }) =>
    POST(
      new Request('http://127.0.0.1/api/stripe/webhook', {
        method: 'POST',
        body: delivery.body,
        headers: { 'stripe-signature': delivery.signature ?? '' },
      }),
    );

  it('answers 200, then emails the owner and the buyer once; a redelivery sends nothing more', async () => {
    const [product] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(products).values({ kind: 'card', title: 'Heron card' }).returning(),
    );
    const [variant] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(productVariants)
        .values({ productId: product!.id, label: 'Single', pricePence: 450, stock: 10 })
        .returning(),
    );
    const { orderId } = await openCheckout(
      { db, payments: scope.payments!, siteUrl: 'http://127.0.0.1:3000' },
      [{ kind: 'variant', variantId: variant!.id, quantity: 2 }],
      newVisitor(),
    );
    const [order] = await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, orderId)));
    await double.pay(order!.checkoutId!, {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      line1: '1 Crescent Road',
      city: 'London',
      postalCode: 'SE19 1AA',
      country: 'GB',
    });
    const delivery = hook.received.at(-1)!;

    const response = await post(delivery);
    expect([response.status, await response.json()]).toEqual([200, { received: true, outcome: 'applied' }]);
    // What the shop shows changed (a card's stock): its pages are expired; no original was sold, so no artwork page.
    expect(scope.expired).toEqual(['shop']);
    // Answered before anything was sent: the emails are queued, and delivery waits for after().
    expect(smtp.received).toHaveLength(0);
    expect(scope.after).toHaveLength(1);
    await scope.after[0]!();
    expect(smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([
      'ada@example.com',
      'owner@elenamarsh.example',
    ]);

    scope.after.length = 0;
    const again = await post(delivery);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(scope.expired).toEqual(['shop']);
    expect(scope.after).toHaveLength(0);
    const rows = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(mailOutbox).where(eq(mailOutbox.messageId, orderId)),
    );
    expect(rows.map((row) => [row.kind, row.sentAt !== null]).sort()).toEqual([
      ['order-buyer', true],
      ['order-owner', true],
    ]);
    expect(smtp.received).toHaveLength(2);
  });
});
