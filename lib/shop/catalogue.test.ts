import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { artworks, products, productVariants, shippingRates, siteSettings } from '@/lib/db/schema';
import type { Payments } from '@/lib/payments/port';
import { createTestDatabase, drivers } from '@/tests/support/db';
import { penceToPounds, poundsToPence } from './money';
import {
  artworkChoices,
  catalogueMessages,
  createProduct,
  listProducts,
  paymentsStatus,
  paymentsStatusText,
  productSchema,
  readProduct,
  readShippingRates,
  readShopOpen,
  saveVariant,
  setProductArchived,
  setVariantArchived,
  shippingRows,
  shippingSchema,
  stripeWebhookEvents,
  stripeWebhookUrl,
  updateProduct,
  variantSchema,
  writeShippingRates,
  writeShopOpen,
  type ShippingRate,
  type VariantInput,
} from './catalogue';

// What the owner keeps on /admin/shop (docs/product.md, Shop & Payments), on both
// databases: products and variants, the rules their fields follow, the delivery table saved
// whole, and the switch that cannot open the shop without payments.

describe('prices typed in pounds', () => {
  it('reads pounds as pence', () => {
    expect(poundsToPence('35.00')).toBe(3_500);
    expect(poundsToPence('35')).toBe(3_500);
    expect(poundsToPence('35.5')).toBe(3_550);
    expect(poundsToPence('£1,200.05')).toBe(120_005);
    expect(poundsToPence('0')).toBe(0);
    for (const bad of ['-1', '3.999', 'abc', '', '1,50', '35.']) expect(poundsToPence(bad), bad).toBeNull();
    expect(penceToPounds(3_500)).toBe('35.00');
    expect(penceToPounds(5)).toBe('0.05');
  });

  const variant = (fields: Partial<Record<keyof VariantInput, string>>) =>
    variantSchema.safeParse({ label: 'A4', price: '35.00', stock: '', weightClass: 'small', ...fields });

  it('takes a price above 0 with at most two decimals, and says so per field otherwise', () => {
    expect(variant({ price: ' 35.00 ' }).data?.price).toBe(3_500);
    for (const bad of ['0', '0.00', '-1', '3.999', 'abc', '']) {
      const result = variant({ price: bad });
      expect(result.success, bad).toBe(false);
      expect(
        result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
        bad,
      ).toEqual([['price', catalogueMessages.price]]);
    }
    expect(variant({ price: '100000.01' }).error?.issues[0]?.message).toBe(catalogueMessages.priceHigh);
  });

  it('takes stock as a whole number of 0 or more, or empty for made to order (null)', () => {
    expect(variant({ stock: '' }).data?.stock).toBeNull();
    expect(variant({ stock: '  ' }).data?.stock).toBeNull();
    expect(variant({ stock: '0' }).data?.stock).toBe(0);
    expect(variant({ stock: '12' }).data?.stock).toBe(12);
    for (const bad of ['-1', '1.5', 'many'])
      expect(variant({ stock: bad }).error?.issues[0]?.message, bad).toBe(catalogueMessages.stock);
  });

  it('needs a label, trims the SKU (empty: none) and knows the weight classes', () => {
    expect(variant({ label: ' ' }).error?.issues[0]?.message).toBe(catalogueMessages.label);
    expect(variant({ sku: '  ' }).data?.sku).toBeNull();
    expect(variant({ sku: ' EM-A4 ' }).data?.sku).toBe('EM-A4');
    expect(variant({ weightClass: 'heavy' }).error?.issues[0]?.message).toBe(catalogueMessages.weight);
  });

  it('needs a product kind and title; no painting is an empty choice', () => {
    expect(productSchema.safeParse({ kind: 'poster', title: 'x' }).error?.issues[0]?.message).toBe(
      catalogueMessages.kind,
    );
    expect(productSchema.safeParse({ kind: 'print', title: '  ' }).error?.issues[0]?.message).toBe(
      catalogueMessages.title,
    );
    expect(productSchema.parse({ kind: 'card', title: ' Cards ', artworkId: '' })).toEqual({
      kind: 'card',
      title: 'Cards',
      description: '',
      artworkId: null,
    });
    expect(productSchema.safeParse({ kind: 'card', title: 'Cards', artworkId: 'nope' }).error?.issues[0]?.message).toBe(
      catalogueMessages.artwork,
    );
  });

  it('reads the delivery table: 0 is free delivery, a bad rate names its field', () => {
    const form = {
      'uk.letter': '2.50',
      'uk.small': '6',
      'uk.large': '15.00',
      'europe.letter': '6',
      'europe.small': '15',
      'europe.large': '35',
      'world.letter': '0',
      'world.small': '25',
      'world.large': '60',
    };
    const rows = shippingRows(shippingSchema.parse(form));
    expect(rows).toHaveLength(9);
    expect(rows).toContainEqual({ zone: 'uk', weightClass: 'letter', amountPence: 250 });
    expect(rows).toContainEqual({ zone: 'world', weightClass: 'letter', amountPence: 0 });
    const bad = shippingSchema.safeParse({ ...form, 'europe.large': '3.999' });
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['europe.large', catalogueMessages.rate],
    ]);
    expect(shippingSchema.safeParse({ ...form, 'uk.small': '-1' }).success).toBe(false);
  });
});

describe('payments status, from the key alone', () => {
  it('says test or live mode from the secret key, or not set up', () => {
    const hook = 'whsec_abc';
    expect(paymentsStatusText(paymentsStatus({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: hook }))).toBe(
      'Payments: connected (test mode)',
    );
    expect(paymentsStatusText(paymentsStatus({ STRIPE_SECRET_KEY: 'rk_test_123', STRIPE_WEBHOOK_SECRET: hook }))).toBe(
      'Payments: connected (test mode)',
    );
    expect(paymentsStatusText(paymentsStatus({ STRIPE_SECRET_KEY: 'sk_live_123', STRIPE_WEBHOOK_SECRET: hook }))).toBe(
      'Payments: connected (live mode)',
    );
    expect(paymentsStatusText(paymentsStatus({ STRIPE_SECRET_KEY: 'rk_live_123', STRIPE_WEBHOOK_SECRET: hook }))).toBe(
      'Payments: connected (live mode)',
    );
    expect(paymentsStatusText(paymentsStatus({}))).toBe('Payments: not set up');
    expect(paymentsStatusText(paymentsStatus({ STRIPE_SECRET_KEY: 'sk_test_123' }))).toBe('Payments: not set up');
  });

  it('names the webhook endpoint on the site and the events docs/operations.md asks for', () => {
    expect(stripeWebhookUrl('https://elenamarsh.art')).toBe('https://elenamarsh.art/api/stripe/webhook');
    expect(stripeWebhookUrl('http://localhost:3000/')).toBe('http://localhost:3000/api/stripe/webhook');
    const payments = fs.readFileSync('docs/operations.md', 'utf8').split('## Payments')[1]!.split('\n## ')[0]!;
    const documented = [...payments.matchAll(/`((?:checkout\.session|charge)\.[a-z_.]+)`/g)].map((m) => m[1]);
    expect([...stripeWebhookEvents].sort()).toEqual([...new Set(documented)].sort());
  });
});

describe.each(drivers)('the shop catalogue on %s', (driver) => {
  let db: Database;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.close();
  });

  const variant = (fields: Partial<VariantInput> = {}): VariantInput => ({
    label: 'A4 on cotton rag',
    sku: null,
    price: 3_500,
    stock: null,
    weightClass: 'small',
    ...fields,
  });
  const allVariants = () => asSystem(db, 'test-setup', (sys) => sys.select().from(productVariants));
  const allProducts = () => asSystem(db, 'test-setup', (sys) => sys.select().from(products));

  it('creates a product made from a painting, with its variants in the order added', async () => {
    const [painting] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: 'Morning Tide',
          slug: `morning-tide-${++n}`,
          category: 'Landscapes',
          imageAlt: 'A watercolour',
        })
        .returning(),
    );
    const { id } = await createProduct(db, {
      kind: 'print',
      title: 'Morning Tide print',
      description: 'Giclée on cotton rag.',
      artworkId: painting!.id,
    });
    await saveVariant(db, id, null, variant({ label: 'A4 on cotton rag', sku: `MT-A4-${n}`, price: 3_500, stock: 10 }));
    await saveVariant(
      db,
      id,
      null,
      variant({ label: 'A3 on cotton rag', sku: `MT-A3-${n}`, price: 5_500, weightClass: 'large' }),
    );

    const product = await readProduct(db, id);
    expect(product).toMatchObject({
      kind: 'print',
      title: 'Morning Tide print',
      artworkTitle: 'Morning Tide',
      archived: false,
    });
    expect(product!.variants.map((v) => [v.label, v.pricePence, v.stock, v.weightClass, v.position])).toEqual([
      ['A4 on cotton rag', 3_500, 10, 'small', 0],
      ['A3 on cotton rag', 5_500, null, 'large', 1],
    ]);
    expect((await listProducts(db)).find((p) => p.id === id)?.variants).toHaveLength(2);
    expect(await artworkChoices(db)).toContainEqual({ id: painting!.id, title: 'Morning Tide' });
  });

  it('edits a product and a variant, and refuses a painting that does not exist', async () => {
    const { id } = await createProduct(db, { kind: 'card', title: `Card ${++n}`, description: '', artworkId: null });
    const { id: variantId } = await saveVariant(
      db,
      id,
      null,
      variant({ label: 'Single card', price: 350, stock: 40, weightClass: 'letter' }),
    );
    await updateProduct(db, id, { kind: 'gift', title: 'Gift set', description: 'Three cards.', artworkId: null });
    await saveVariant(
      db,
      id,
      variantId,
      variant({ label: 'Pack of three', price: 950, stock: null, weightClass: 'letter' }),
    );
    const product = await readProduct(db, id);
    expect(product).toMatchObject({ kind: 'gift', title: 'Gift set', description: 'Three cards.' });
    expect(product!.variants.map((v) => [v.label, v.pricePence, v.stock])).toEqual([['Pack of three', 950, null]]);

    await expect(
      updateProduct(db, id, { kind: 'gift', title: 'Other', description: '', artworkId: crypto.randomUUID() }),
    ).rejects.toThrow(catalogueMessages.artwork);
    expect((await readProduct(db, id))!.title).toBe('Gift set');
    await expect(
      updateProduct(db, crypto.randomUUID(), { kind: 'gift', title: 'Other', description: '', artworkId: null }),
    ).rejects.toThrow(catalogueMessages.productGone);
    // A variant is only changed through its own product.
    const other = await createProduct(db, { kind: 'card', title: `Card ${++n}`, description: '', artworkId: null });
    await expect(saveVariant(db, other.id, variantId, variant({ label: 'Stolen' }))).rejects.toThrow(
      catalogueMessages.variantGone,
    );
    expect((await readProduct(db, id))!.variants[0]!.label).toBe('Pack of three');
  });

  it('archives and unarchives products and variants, deleting nothing', async () => {
    const { id } = await createProduct(db, {
      kind: 'coaster',
      title: `Coaster ${++n}`,
      description: '',
      artworkId: null,
    });
    const { id: variantId } = await saveVariant(db, id, null, variant({ label: 'Single', price: 800 }));
    await setVariantArchived(db, id, variantId, true);
    await setProductArchived(db, id, true);
    let product = await readProduct(db, id);
    expect(product!.archived).toBe(true);
    expect(product!.variants[0]!.archived).toBe(true);
    // Archived products come after those on sale.
    expect((await listProducts(db)).at(-1)!.id).toBe(id);
    await setVariantArchived(db, id, variantId, false);
    await setProductArchived(db, id, false);
    product = await readProduct(db, id);
    expect([product!.archived, product!.variants[0]!.archived]).toEqual([false, false]);
    await expect(setVariantArchived(db, id, crypto.randomUUID(), true)).rejects.toThrow(catalogueMessages.variantGone);
    await expect(setProductArchived(db, crypto.randomUUID(), true)).rejects.toThrow(catalogueMessages.productGone);
  });

  it('refuses a SKU another variant has, naming it, and changes nothing', async () => {
    const sku = `EM-SKU-${++n}`;
    const first = await createProduct(db, {
      kind: 'print',
      title: 'Harbour Lights print',
      description: '',
      artworkId: null,
    });
    const { id: taken } = await saveVariant(db, first.id, null, variant({ label: 'A4 unframed', sku, price: 3_000 }));
    const second = await createProduct(db, {
      kind: 'print',
      title: `Other print ${n}`,
      description: '',
      artworkId: null,
    });
    const { id: mine } = await saveVariant(
      db,
      second.id,
      null,
      variant({ label: 'A3', sku: `${sku}-A3`, price: 4_000 }),
    );
    const before = { variants: await allVariants(), products: await allProducts() };

    const message = 'That SKU is already used by Harbour Lights print, A4 unframed.';
    await expect(saveVariant(db, second.id, null, variant({ label: 'A5', sku, price: 2_000 }))).rejects.toThrow(
      message,
    );
    await expect(saveVariant(db, second.id, mine, variant({ label: 'A3 renamed', sku, price: 9_900 }))).rejects.toThrow(
      message,
    );
    expect({ variants: await allVariants(), products: await allProducts() }).toEqual(before);
    // Its own SKU is no clash; the variant keeps it when saved again.
    await saveVariant(db, first.id, taken, variant({ label: 'A4 unframed', sku, price: 3_200 }));
    expect((await readProduct(db, first.id))!.variants[0]).toMatchObject({ sku, pricePence: 3_200 });
  });

  it('saves the delivery table whole, or not at all', async () => {
    const before = await readShippingRates(db);
    expect(before).toHaveLength(9);
    const raised: ShippingRate[] = before.map((rate) => ({ ...rate, amountPence: rate.amountPence + 100 }));
    // The last row breaks the table's own limit: the eight before it must not stay saved.
    const broken = raised.map((rate, i) => (i === raised.length - 1 ? { ...rate, amountPence: 5_000_000 } : rate));
    await expect(writeShippingRates(db, broken)).rejects.toThrow();
    expect(sortRates(await readShippingRates(db))).toEqual(sortRates(before));

    await writeShippingRates(db, raised);
    expect(sortRates(await readShippingRates(db))).toEqual(sortRates(raised));
    const uk = await asSystem(db, 'test-setup', (sys) =>
      sys.select().from(shippingRates).where(eq(shippingRates.zone, 'uk')),
    );
    expect(uk).toHaveLength(3);
  });

  it('cannot open the shop without payments (nothing changes); closing is always allowed', async () => {
    const stripe = {} as Payments;
    expect(await readShopOpen(db)).toBe(false);
    await expect(writeShopOpen(db, true, null)).rejects.toThrow(catalogueMessages.shopNeedsPayments);
    expect(await readShopOpen(db)).toBe(false);

    await writeShopOpen(db, true, stripe);
    expect(await readShopOpen(db)).toBe(true);
    // Payments gone (the keys removed): the owner can still close it, and cannot open it again.
    await writeShopOpen(db, false, null);
    expect(await readShopOpen(db)).toBe(false);
    await expect(writeShopOpen(db, true, null)).rejects.toThrow(catalogueMessages.shopNeedsPayments);
    const [settings] = await asSystem(db, 'test-setup', (sys) => sys.select().from(siteSettings));
    expect(settings!.shopOpen).toBe(false);
  });
});

function sortRates(rates: ShippingRate[]) {
  return [...rates].sort((a, b) => `${a.zone}.${a.weightClass}`.localeCompare(`${b.zone}.${b.weightClass}`));
}
