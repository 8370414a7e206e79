import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiFaq } from '@/lib/content/ai-profile';
import { termsSections } from '@/lib/content/legal';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, siteSettings } from '@/lib/db/schema';
import type { CheckoutRequest, Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase } from '@/tests/support/db';
import { newVisitor } from '@/tests/support/visitors';
import { startStripeDouble, type StripeDouble } from '@/tests/support/stripe-double';
import { openCheckout } from './checkout';
import { businessDays, ZONE_DAYS, ZONE_NAMES } from './delivery';

// One source for delivery times (lib/shop/delivery.ts): the days Stripe's page shows for each
// zone are the ones the terms page promises.

describe('delivery times', () => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;
  /** What openCheckout asked the payment provider for. */
  const requested: CheckoutRequest[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    double = await startStripeDouble({ webhookUrl: undefined });
    const stripe = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    payments = { ...stripe, createCheckout: (request) => (requested.push(request), stripe.createCheckout(request)) };
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: true } }),
    );
  });
  afterAll(async () => {
    await double?.close();
    await db?.close();
  });

  it('the terms page states the constant’s figures: the UK 3-5 business days, international (Europe and the rest of the world) 7-21', () => {
    const delivery = termsSections.find((section) => section.heading === 'Delivery')!.paragraphs.join(' ');
    expect(delivery).toContain(`UK delivery takes ${businessDays(ZONE_DAYS.uk)} from dispatch.`);
    expect(delivery).toContain(`International delivery takes ${businessDays(ZONE_DAYS.europe)}`);
    expect(ZONE_DAYS.world).toEqual(ZONE_DAYS.europe);
    // The documented figures: the Terms row of docs/product.md's Limits and constants.
    expect(businessDays(ZONE_DAYS.uk)).toBe('3-5 business days');
    expect(businessDays(ZONE_DAYS.world)).toBe('7-21 business days');
    expect(aiFaq.find((entry) => entry.question === 'Where does she deliver?')!.answer).toContain(
      `UK delivery takes ${businessDays(ZONE_DAYS.uk)} and international delivery ${businessDays(ZONE_DAYS.world)}`,
    );
  });

  it('Stripe is told each zone’s days from the same constant', async () => {
    const [art] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({ title: 'Parcel', slug: 'parcel', category: 'Landscapes', price: '£450', imageAlt: 'A watercolour' })
        .returning(),
    );
    await openCheckout(
      { db, payments, siteUrl: 'http://127.0.0.1:3000' },
      [{ kind: 'original', artworkId: art!.id }],
      newVisitor(),
    );
    expect(requested.at(-1)!.shipping.map(({ name, days }) => ({ name, days }))).toEqual([
      { name: ZONE_NAMES.uk, days: ZONE_DAYS.uk },
      { name: ZONE_NAMES.europe, days: ZONE_DAYS.europe },
      { name: ZONE_NAMES.world, days: ZONE_DAYS.world },
    ]);
  });
});
