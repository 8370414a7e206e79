import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import {
  artworks,
  orders,
  originalHolds,
  productKinds,
  products,
  productVariants,
  siteSettings,
} from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { seedArtworks } from '@/lib/seed/artworks-data';
import { seedRow } from '@/lib/seed/seed';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { startStripeDouble, type StripeDouble } from '@/tests/support/stripe-double';
import { newVisitor } from '@/tests/support/visitors';
import { openCheckout, type ShopDeps } from './checkout';
import { cancelCheckout, readBuyerOrder, settleOnReturn } from './order-status';
import { gatheredEffects } from './settle';
import {
  readArtworkOffer,
  readShopCatalogue,
  SHOP_FILTERS,
  shopPage,
  type ShopItem,
  type ShopOriginal,
  type ShopPage,
  type ShopProduct,
} from './storefront';

// What the public shop shows (lib/shop/storefront.ts) and the buyer's way back from Stripe
// (lib/shop/order-status.ts), on both databases, paying through the Stripe double.

const buyer = {
  email: 'grace@example.com',
  name: 'Grace Hopper',
  line1: '2 Gipsy Hill',
  city: 'London',
  postalCode: 'SE19 1QL',
  country: 'GB',
};

describe.each(drivers)('the storefront on %s', (driver) => {
  let db: Database;
  let double: StripeDouble;
  let payments: Payments;
  let deps: ShopDeps;
  const settle = () => ({ db, payments, effects: gatheredEffects() });
  const secretOf = async (orderId: string) =>
    (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ secret: orders.returnSecret }).from(orders).where(eq(orders.id, orderId)),
      )
    )[0]!.secret;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    double = await startStripeDouble({ webhookUrl: undefined });
    payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
    deps = { db, payments, siteUrl: 'http://127.0.0.1:3000' };
  });
  afterAll(async () => {
    await double?.close();
    await db?.close();
  });

  const setShopOpen = (open: boolean) =>
    asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: open })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: open } }),
    );
  async function painting(values: Partial<typeof artworks.$inferInsert> = {}) {
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: `Painting ${++n}`,
          slug: `painting-${n}`,
          category: 'Landscapes',
          price: '£450',
          imageAlt: 'A watercolour',
          ...values,
        })
        .returning(),
    );
    return row!;
  }
  async function product(
    kind: 'print' | 'card' | 'coaster' | 'gift',
    variants: { label: string; pricePence: number; stock?: number | null; archived?: boolean }[],
    values: { artworkId?: string; archived?: boolean } = {},
  ) {
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(products)
        .values({ kind, title: `${kind} ${++n}`, ...values })
        .returning(),
    );
    const made = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(productVariants)
        .values(variants.map((variant, position) => ({ productId: row!.id, position, ...variant })))
        .returning(),
    );
    return { ...row!, variants: made };
  }

  it('shows nothing while the shop is closed: no listing, no offer on any artwork page', async () => {
    await setShopOpen(false);
    const art = await painting();
    await product('print', [{ label: 'A4', pricePence: 3_500 }], { artworkId: art.id });
    expect(await readShopCatalogue(db)).toBeNull();
    expect(await readArtworkOffer(db, art.id)).toBeNull();
  });

  it('lists the originals that can be bought at their price, and the products with their live variants only', async () => {
    await setShopOpen(true);
    const forSale = await painting({ price: '£1,200.50' });
    const draft = await painting({ status: 'draft' });
    const notForSale = await painting({ isForSale: false });
    const onRequest = await painting({ price: 'On request' });
    const archivedArt = await painting({ isArchived: true });
    const print = await product(
      'print',
      [
        { label: 'A3', pricePence: 5_500, stock: 2 },
        { label: 'A4', pricePence: 3_500, stock: null },
        { label: 'A2', pricePence: 9_000, archived: true },
      ],
      { artworkId: forSale.id },
    );
    const archived = await product('card', [{ label: 'Single', pricePence: 400 }], { archived: true });
    const noVariants = await product('gift', [{ label: 'Tote', pricePence: 1_800, archived: true }]);
    const catalogue = (await readShopCatalogue(db))!;
    const ids = catalogue.originals.map((art) => art.id);
    expect(ids).toContain(forSale.id);
    for (const hidden of [draft, notForSale, onRequest, archivedArt]) expect(ids).not.toContain(hidden.id);
    expect(catalogue.originals.find((art) => art.id === forSale.id)).toMatchObject({
      pence: 120_050,
      state: 'available',
    });
    const listed = catalogue.products.find((item) => item.id === print.id)!;
    // In the owner's order (position), without the archived size.
    expect(listed.variants.map((variant) => [variant.label, variant.pence, variant.stock])).toEqual([
      ['A3', 5_500, 2],
      ['A4', 3_500, null],
    ]);
    expect(listed.artwork).toMatchObject({ title: forSale.title, slug: forSale.slug });
    const productIds = catalogue.products.map((item) => item.id);
    expect(productIds).not.toContain(archived.id);
    expect(productIds).not.toContain(noVariants.id);
    expect(await readArtworkOffer(db, forSale.id)).toMatchObject({
      original: 'available',
      products: [{ id: print.id }],
    });
    // Not for sale: no "Buy this original", but what is made from it is still offered.
    const prints = await product('print', [{ label: 'A4', pricePence: 3_000 }], { artworkId: notForSale.id });
    expect(await readArtworkOffer(db, notForSale.id)).toMatchObject({ original: null, products: [{ id: prints.id }] });
    expect(await readArtworkOffer(db, draft.id)).toBeNull();
  });

  it('an original in an open checkout is reserved; once paid and the buyer is back, sold everywhere, and the thank-you page reads it paid', async () => {
    await setShopOpen(true);
    const art = await painting();
    const { orderId } = await openCheckout(deps, [{ kind: 'original', artworkId: art.id }], newVisitor());
    expect((await readShopCatalogue(db))!.originals.find((item) => item.id === art.id)?.state).toBe('reserved');
    expect((await readArtworkOffer(db, art.id))!.original).toBe('reserved');
    const [order] = await asSystem(db, 'test-setup', (sys) => sys.select().from(orders).where(eq(orders.id, orderId)));
    expect((await readBuyerOrder(db, order!.checkoutId!))!.status).toBe('pending');
    // Without the checkout's secret the thank-you page shows no email; with it, the buyer's.

    // Back from paying, before any webhook: the return settles it.
    await double.pay(order!.checkoutId!, buyer);
    expect(await settleOnReturn(settle(), order!.checkoutId!)).toMatchObject({
      outcome: 'applied',
      soldArtworks: [art.id],
    });
    expect(await settleOnReturn(settle(), order!.checkoutId!)).toMatchObject({ outcome: 'duplicate' });
    expect((await readShopCatalogue(db))!.originals.map((item) => item.id)).not.toContain(art.id);
    expect((await readArtworkOffer(db, art.id))!.original).toBe('sold');
    const [after] = await asSystem(db, 'test-setup', (sys) =>
      sys.select({ availability: artworks.availability }).from(artworks).where(eq(artworks.id, art.id)),
    );
    expect(after!.availability).toBe('Sold');
    expect(await readBuyerOrder(db, order!.checkoutId!)).toMatchObject({ status: 'paid', email: null });
    expect(await readBuyerOrder(db, order!.checkoutId!, order!.returnSecret)).toMatchObject({
      status: 'paid',
      email: buyer.email,
      subtotalPence: 45_000,
      lines: [{ title: `${art.title} (original painting)`, unitPence: 45_000, quantity: 1 }],
    });
    expect(await settleOnReturn(settle(), 'cs_test_unknown')).toBeNull();
  });

  it('a buyer who cancels on the payment page gets the original and the stock back at once, and can check out again', async () => {
    await setShopOpen(true);
    const art = await painting();
    const print = await product('print', [{ label: 'A4', pricePence: 3_500, stock: 3 }]);
    const cart = [
      { kind: 'original' as const, artworkId: art.id },
      { kind: 'variant' as const, variantId: print.variants[0]!.id, quantity: 2 },
    ];
    const first = await openCheckout(deps, cart, newVisitor());
    // Without the checkout's secret (someone who only knows the order's id): nothing changes.
    expect(await cancelCheckout(settle(), first.orderId, 'x'.repeat(32))).toMatchObject({ outcome: 'unchanged' });
    expect((await readArtworkOffer(db, art.id))!.original).toBe('reserved');
    expect(await cancelCheckout(settle(), first.orderId, await secretOf(first.orderId))).toMatchObject({
      outcome: 'released',
    });
    const [checkoutId] = (
      await asSystem(db, 'test-setup', (sys) =>
        sys.select({ id: orders.checkoutId }).from(orders).where(eq(orders.id, first.orderId)),
      )
    ).map((row) => row.id);
    expect(double.sessions.get(checkoutId!)!.status).toBe('expired');
    expect(
      await asSystem(db, 'test-setup', (sys) =>
        sys.select().from(originalHolds).where(eq(originalHolds.artworkId, art.id)),
      ),
    ).toEqual([]);
    expect((await readArtworkOffer(db, art.id))!.original).toBe('available');
    // Cancelled twice (the back button): nothing more happens.
    expect(await cancelCheckout(settle(), first.orderId, await secretOf(first.orderId))).toMatchObject({
      outcome: 'unchanged',
    });
    const second = await openCheckout(deps, cart, newVisitor());
    const [stock] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, print.variants[0]!.id)),
    );
    expect(stock!.stock).toBe(1);
    // Paid after all (in another tab) before the cancel link was followed: recorded as paid, not released.
    const [secondOrder] = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(orders).where(eq(orders.id, second.orderId)),
    );
    await double.pay(secondOrder!.checkoutId!, buyer);
    expect(await cancelCheckout(settle(), second.orderId, secondOrder!.returnSecret)).toMatchObject({
      outcome: 'paid',
      soldArtworks: [art.id],
    });
  });
});

describe('a page of the shop (shopPage)', () => {
  const original = (i: number) => ({ id: `o${i}` }) as unknown as ShopOriginal;
  const product = (i: number, kind: ShopProduct['kind']) => ({ id: `p${i}`, kind }) as unknown as ShopProduct;
  const catalogue = {
    originals: Array.from({ length: 20 }, (_, i) => original(i)),
    products: [product(0, 'print'), product(1, 'card'), product(2, 'coaster'), product(3, 'gift'), product(4, 'print')],
  };
  const ids = (page: ShopPage | null) =>
    page && page.items.map((item) => (item.kind === 'original' ? item.original.id : item.product.id));

  it('twelve to a page, unfiltered a shop window: an original, a print, a card, a gift in turn, each section in its order; no page past the end', () => {
    expect(ids(shopPage(catalogue, null, 1))).toEqual([
      'o0',
      'p0',
      'p1',
      'p2',
      'o1',
      'p4',
      'p3',
      'o2',
      'o3',
      'o4',
      'o5',
      'o6',
    ]);
    expect(ids(shopPage(catalogue, null, 2))).toEqual(Array.from({ length: 12 }, (_, i) => `o${i + 7}`));
    expect(ids(shopPage(catalogue, null, 3))).toEqual(['o19']);
    expect(shopPage(catalogue, null, 3)!.pageCount).toBe(3);
    expect(shopPage(catalogue, null, 4)).toBeNull();
    expect(shopPage(catalogue, null, 0)).toBeNull();
  });

  it('filters by kind: originals alone, prints, cards, gifts (coasters and gifts); an empty filter still has its first page', () => {
    expect(ids(shopPage(catalogue, 'originals', 2))).toEqual(Array.from({ length: 8 }, (_, i) => `o${i + 12}`));
    expect(ids(shopPage(catalogue, 'prints', 1))).toEqual(['p0', 'p4']);
    expect(ids(shopPage(catalogue, 'cards', 1))).toEqual(['p1']);
    expect(ids(shopPage(catalogue, 'gifts', 1))).toEqual(['p2', 'p3']);
    expect(shopPage({ originals: [], products: [] }, 'prints', 1)).toMatchObject({ items: [], pageCount: 1 });
    expect(shopPage(catalogue, 'prints', 2)).toBeNull();
  });

  it('every kind of product is in exactly one filter, so the shop window leaves none out', () => {
    for (const kind of productKinds)
      expect(
        Object.values(SHOP_FILTERS).filter((filter) => (filter.kinds as readonly string[]).includes(kind)),
      ).toHaveLength(1);
  });
});

describe('the first page of /shop with the demo’s paintings', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await asSystem(db, 'test-setup', async (sys) => {
      await sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: true } });
      await sys.insert(artworks).values(seedArtworks.map(seedRow));
      // A shop's first products: a few prints, a card, a coaster and a gift.
      for (const [kind, count] of [
        ['print', 3],
        ['card', 1],
        ['coaster', 1],
        ['gift', 1],
      ] as const) {
        for (let i = 0; i < count; i++) {
          const [product] = await sys
            .insert(products)
            .values({ kind, title: `${kind} ${i}` })
            .returning();
          await sys.insert(productVariants).values({ productId: product!.id, label: 'One size', pricePence: 1_200 });
        }
      }
    });
  });
  afterAll(() => db?.close());

  const key = (item: ShopItem) =>
    item.kind === 'original' ? `original ${item.original.id}` : `product ${item.product.id}`;

  it('mixes originals with prints, cards and gifts, and every item is on exactly one page', async () => {
    const catalogue = (await readShopCatalogue(db))!;
    // More originals for sale than a page holds: listed first, they would fill it.
    expect(catalogue.originals.length).toBeGreaterThan(12);
    const first = shopPage(catalogue, null, 1)!;
    const kinds = new Set(first.items.map((item) => (item.kind === 'original' ? 'original' : item.product.kind)));
    expect([...kinds].sort()).toEqual(['card', 'coaster', 'gift', 'original', 'print']);
    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) seen.push(...shopPage(catalogue, null, page)!.items.map(key));
    expect(shopPage(catalogue, null, first.pageCount + 1)).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(
      [
        ...catalogue.originals.map((original) => key({ kind: 'original', original })),
        ...catalogue.products.map((product) => key({ kind: 'product', product })),
      ].sort(),
    );
  });
});
