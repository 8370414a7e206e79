import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAvailable } from '@/lib/artworks/format';
import { artworkJsonLd } from '@/lib/artworks/structured-data';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, products, productVariants, siteSettings } from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { newVisitor } from '@/tests/support/visitors';
import { startStripeDouble, type StripeDouble } from '@/tests/support/stripe-double';
import { canAddToBasket, readBasket } from './basket';
import { listOriginalsNotOffered } from './catalogue';
import { openCheckout, shopMessages, type ShopDeps } from './checkout';
import { readArtworkOffer, readShopCatalogue } from './storefront';

// One rule for "for sale" (lib/shop/offer-rule.ts) as every reader applies it, on both
// databases: the shop's list, the artwork page's offer and JSON-LD, the basket, adding to it, and
// checkout; and /admin/shop's list of paintings priced out of the shop.

describe.each(drivers)('what is for sale, on %s', (driver) => {
  let db: Database;
  let double: StripeDouble;
  let deps: ShopDeps;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    double = await startStripeDouble({ webhookUrl: undefined });
    const payments: Payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    deps = { db, payments, siteUrl: 'http://127.0.0.1:3000' };
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

  async function painting(values: Partial<typeof artworks.$inferInsert> = {}) {
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: `For sale ${++n}`,
          slug: `for-sale-${n}`,
          category: 'Landscapes',
          price: '£450',
          availability: 'Available',
          imageAlt: 'A watercolour',
          ...values,
        })
        .returning(),
    );
    return row!;
  }
  async function variant(
    values: { stock?: number | null; archived?: boolean } = {},
    product: { archived?: boolean; artworkId?: string } = {},
  ) {
    const [made] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(products)
        .values({ kind: 'print', title: `Print ${++n}`, ...product })
        .returning(),
    );
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(productVariants)
        .values({ productId: made!.id, label: 'A4', pricePence: 3_500, ...values })
        .returning(),
    );
    return { ...row!, productId: made!.id };
  }
  /** The artwork page's JSON-LD Offer: its availability, or null when it has none. */
  const jsonLdOffer = (row: typeof artworks.$inferSelect) =>
    (artworkJsonLd('https://example.com', row)['@graph'][0] as { offers?: { availability: string } }).offers
      ?.availability ?? null;
  const listed = async () => (await readShopCatalogue(db))!.originals.map((art) => art.id);
  const original = (artworkId: string) => ({ kind: 'original' as const, artworkId });

  it('an original whose Availability says Sold, Reserved, Unavailable or Not for sale: not in the shop, no Buy button, not added, refused at checkout, no longer for sale in the basket', async () => {
    const offered = await painting();
    expect(await listed()).toContain(offered.id);
    expect((await readArtworkOffer(db, offered.id))!.original).toBe('available');
    expect(await canAddToBasket(db, original(offered.id))).toBe(true);
    expect(jsonLdOffer(offered)).toBe('https://schema.org/InStock');
    for (const availability of ['Sold', 'Reserved', 'Unavailable', 'Not for sale']) {
      // As after an exhibition: the owner writes it on a painting the shop offered, For sale still ticked.
      const art = await painting();
      await asSystem(db, 'test-setup', (sys) =>
        sys.update(artworks).set({ availability }).where(eq(artworks.id, art.id)),
      );
      const row = { ...art, availability };
      expect(await listed(), availability).not.toContain(art.id);
      expect((await readArtworkOffer(db, art.id))!.original, availability).toBeNull();
      expect(isAvailable(row), availability).toBe(false);
      expect(jsonLdOffer(row), availability).toBe('https://schema.org/SoldOut');
      expect(await canAddToBasket(db, original(art.id)), availability).toBe(false);
      expect((await readBasket(db, [original(art.id)]))[0]!.state, availability).toBe('unavailable');
      await expect(openCheckout(deps, [original(art.id)], newVisitor()), availability).rejects.toThrow(
        availability === 'Sold' ? shopMessages.sold(art.title) : shopMessages.unavailable(art.title),
      );
    }
  });

  it('an archived or unpublished painting is never added nor checked out, even by a posted id; nor is an id that is no painting', async () => {
    for (const values of [{ isArchived: true }, { status: 'draft' as const }]) {
      const art = await painting(values);
      expect(await listed()).not.toContain(art.id);
      expect(await readArtworkOffer(db, art.id)).toBeNull();
      expect(await canAddToBasket(db, original(art.id))).toBe(false);
      expect((await readBasket(db, [original(art.id)]))[0]!.state).toBe('unavailable');
      await expect(openCheckout(deps, [original(art.id)], newVisitor())).rejects.toThrow(
        shopMessages.unavailable(art.title),
      );
    }
    expect(await canAddToBasket(db, original(crypto.randomUUID()))).toBe(false);
    expect(await canAddToBasket(db, { kind: 'variant', variantId: crypto.randomUUID(), quantity: 1 })).toBe(false);
  });

  it('a variant is added unless it or its product is archived or it has sold out; a print of a painting taken down stays on sale', async () => {
    const line = (v: { id: string }) => ({ kind: 'variant' as const, variantId: v.id, quantity: 1 });
    expect(await canAddToBasket(db, line(await variant()))).toBe(true);
    expect(await canAddToBasket(db, line(await variant({ stock: 1 })))).toBe(true);
    expect(await canAddToBasket(db, line(await variant({ archived: true })))).toBe(false);
    expect(await canAddToBasket(db, line(await variant({}, { archived: true })))).toBe(false);
    expect(await canAddToBasket(db, line(await variant({ stock: 0 })))).toBe(false);
    const archivedArt = await painting({ isArchived: true });
    const ofArchived = await variant({}, { artworkId: archivedArt.id });
    expect(await canAddToBasket(db, line(ofArchived))).toBe(true);
    const shown = (await readShopCatalogue(db))!.products.find((product) => product.id === ofArchived.productId);
    expect(shown).toMatchObject({ artwork: null });
  });

  it('a painting priced in another currency, or at no amount, is not offered, and /admin/shop lists it with the reason', async () => {
    const usd = await painting({ price: 'US$500' });
    const dollars = await painting({ price: '$500' });
    const eur = await painting({ price: '400 EUR' });
    const poa = await painting({ price: 'POA' });
    const dollarField = await painting({ price: '500', currency: 'USD' });
    const pounds = await painting({ price: '450' });
    const soldInDollars = await painting({ price: '$500', availability: 'Sold' });
    const notForSale = await painting({ price: 'USD 500', isForSale: false });
    const draft = await painting({ price: 'USD 500', status: 'draft' });
    for (const art of [usd, dollars, eur, poa, dollarField]) {
      expect(await listed()).not.toContain(art.id);
      expect((await readArtworkOffer(db, art.id))!.original).toBeNull();
      expect(isAvailable(art)).toBe(false);
      // No Offer in GBP for a price in another currency, or for no amount.
      expect(jsonLdOffer(art)).toBeNull();
      expect(await canAddToBasket(db, original(art.id))).toBe(false);
      await expect(openCheckout(deps, [original(art.id)], newVisitor())).rejects.toThrow(
        shopMessages.unavailable(art.title),
      );
    }
    expect(await listed()).toContain(pounds.id);
    const problems = new Map((await listOriginalsNotOffered(db)).map((art) => [art.id, art.problem]));
    expect(problems.get(usd.id)).toBe('not offered: priced in USD');
    expect(problems.get(dollars.id)).toBe('not offered: priced in USD');
    expect(problems.get(eur.id)).toBe('not offered: priced in EUR');
    expect(problems.get(poa.id)).toBe('not offered: no price in GBP');
    expect(problems.get(dollarField.id)).toBe('not offered: priced in USD');
    // Offered, or left out on purpose: not the owner's price to fix.
    for (const art of [pounds, soldInDollars, notForSale, draft]) expect(problems.has(art.id)).toBe(false);
  });
});
