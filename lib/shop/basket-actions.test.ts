import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';

// addToBasket as the server action anyone can post to: the ids it is sent are checked against the
// database, so a stale page or a hand-made post cannot put what is no longer for sale in the
// basket. Only Next's request scope and redirect are stood in for (as in lib/bulk-upload/actions.test.ts).
const scope = vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
  return {
    request: undefined as unknown as { cookieStore(): unknown; headers: Headers },
    db: undefined as Database | undefined,
  };
});
class Redirected extends Error {
  constructor(readonly to: string) {
    super(`redirect to ${to}`);
  }
}
vi.mock('server-only', () => ({}));
vi.mock('next/headers', () => ({
  cookies: async () => scope.request.cookieStore(),
  headers: async () => scope.request.headers,
}));
vi.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Redirected(to);
  },
}));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));

const { addToBasket } = await import('./basket-actions');
const { CART_COOKIE, decodeCart } = await import('./cart');
const { subkey } = await import('@/lib/auth/server-key');
const { asSystem } = await import('@/lib/db/roles');
const { artworks, products, productVariants, siteSettings } = await import('@/lib/db/schema');

describe('addToBasket', () => {
  let db: Database;
  let request: RequestDouble;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(siteSettings)
        .values({ id: true, shopOpen: true })
        .onConflictDoUpdate({ target: siteSettings.id, set: { shopOpen: true } }),
    );
  });
  afterAll(() => db?.close());
  beforeEach(() => {
    request = new RequestDouble();
    scope.request = request;
  });

  async function painting(values: Partial<typeof artworks.$inferInsert> = {}) {
    const [row] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(artworks)
        .values({
          title: `Posted ${++n}`,
          slug: `posted-${n}`,
          category: 'Landscapes',
          price: '£450',
          imageAlt: 'A watercolour',
          ...values,
        })
        .returning(),
    );
    return row!;
  }
  /** Posts the form; answers where the action sent the visitor. */
  async function post(fields: Record<string, string>): Promise<string> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    try {
      await addToBasket(form);
    } catch (error) {
      if (error instanceof Redirected) return error.to;
      throw error;
    }
    throw new Error('addToBasket did not redirect');
  }
  const basket = () => decodeCart(request.jar.get(CART_COOKIE)?.value, subkey('shop-cart'));

  it('adds an original for sale, then refuses one sold at an exhibition, archived or unpublished, leaving the basket as it was', async () => {
    const offered = await painting();
    expect(await post({ kind: 'original', artworkId: offered.id })).toBe('/shop/basket?added=1');
    expect(basket()).toEqual([{ kind: 'original', artworkId: offered.id }]);
    const sold = await painting();
    await asSystem(db, 'test-setup', (sys) =>
      sys.update(artworks).set({ availability: 'Sold' }).where(eq(artworks.id, sold.id)),
    );
    for (const refused of [
      sold,
      await painting({ isArchived: true }),
      await painting({ status: 'draft' }),
      await painting({ price: '$500' }),
    ]) {
      expect(await post({ kind: 'original', artworkId: refused.id })).toBe('/shop/basket?problem=gone');
      expect(basket()).toEqual([{ kind: 'original', artworkId: offered.id }]);
    }
    expect(await post({ kind: 'original', artworkId: crypto.randomUUID() })).toBe('/shop/basket?problem=gone');
    expect(await post({ kind: 'original', artworkId: 'not an id' })).toBe('/shop/basket?problem=item');
    expect(basket()).toEqual([{ kind: 'original', artworkId: offered.id }]);
  });

  it('refuses an archived variant or a variant of an archived product, and adds a live one', async () => {
    const [live, archivedProduct] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(products)
        .values([
          { kind: 'card', title: 'Card' },
          { kind: 'card', title: 'Old card', archived: true },
        ])
        .returning(),
    );
    const [ok, archived, ofArchived] = await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(productVariants)
        .values([
          { productId: live!.id, label: 'Single', pricePence: 400 },
          { productId: live!.id, label: 'Pack', pricePence: 1_200, archived: true },
          { productId: archivedProduct!.id, label: 'Single', pricePence: 400 },
        ])
        .returning(),
    );
    for (const variant of [archived!, ofArchived!])
      expect(await post({ kind: 'variant', variantId: variant.id, quantity: '1' })).toBe('/shop/basket?problem=gone');
    expect(request.jar.has(CART_COOKIE)).toBe(false);
    expect(await post({ kind: 'variant', variantId: ok!.id, quantity: '2' })).toBe('/shop/basket?added=1');
    expect(basket()).toEqual([{ kind: 'variant', variantId: ok!.id, quantity: 2 }]);
  });
});
