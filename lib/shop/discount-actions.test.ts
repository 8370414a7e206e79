import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/port';
import type { Payments } from '@/lib/payments/port';
import { createStripePayments } from '@/lib/payments/stripe-adapter';
import { createTestDatabase } from '@/tests/support/db';
import { RequestDouble } from '@/tests/support/request-double';
import { startStripeDouble, type StripeDouble } from '@/tests/support/stripe-double';

// The basket's "Discount code" as the plain forms post it (docs/product.md, Basket): "Apply" keeps
// a working code in the signed discount cookie and says why it refuses one; "Remove code" drops
// it; "Checkout" takes the code along, and a code that stopped sends the visitor back. Only Next's
// request scope, redirect and cache are stood in for (as in ./basket-actions.test.ts).
const scope = vi.hoisted(() => {
  // One proxy in front, as a deployment behind one: each test's X-Forwarded-For is its visitor.
  Object.assign(process.env, { LOG_LEVEL: 'silent', TRUSTED_PROXY_HOPS: '1' });
  return {
    request: undefined as unknown as { cookieStore(): unknown; headers: Headers },
    db: undefined as Database | undefined,
    payments: undefined as Payments | undefined,
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
vi.mock('next/cache', () => ({ updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('@/lib/database', () => ({ database: async () => scope.db! }));
vi.mock('@/lib/payments', () => ({ payments: () => scope.payments ?? null }));

const { applyDiscount, checkout, removeDiscount } = await import('./basket-actions');
const { CART_COOKIE, DISCOUNT_COOKIE, decodeDiscount, encodeCart, encodeDiscount } = await import('./cart');
const { subkey } = await import('@/lib/auth/server-key');
const { asSystem } = await import('@/lib/db/roles');
const { products, productVariants, siteSettings, subscribers } = await import('@/lib/db/schema');

describe('the basket’s discount code', () => {
  let db: Database;
  let double: StripeDouble;
  let request: RequestDouble;
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    scope.db = db;
    double = await startStripeDouble();
    scope.payments = createStripePayments({
      secretKey: double.secretKey,
      webhookSecret: double.webhookSecret,
      apiUrl: double.url,
    });
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
  beforeEach(() => {
    request = new RequestDouble();
    // Each test its own address block, so the guessing bound of one does not reach another.
    request.headers.set('x-forwarded-for', `203.0.113.${++n}`);
    scope.request = request;
  });

  async function subscriber() {
    const code = `PRINTS-${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const email = `reader${++n}@example.com`;
    await asSystem(db, 'test-setup', (sys) =>
      sys
        .insert(subscribers)
        .values({ email, name: 'A reader', consent: 'yes', status: 'confirmed', discountCode: code }),
    );
    return { code, email };
  }
  /** Runs a form action; answers where it sent the visitor. */
  async function run(action: () => Promise<void>): Promise<string> {
    try {
      await action();
    } catch (error) {
      if (error instanceof Redirected) return error.to;
      throw error;
    }
    throw new Error('the action did not redirect');
  }
  const apply = (code: string) => {
    const form = new FormData();
    form.set('code', code);
    return run(() => applyDiscount(form));
  };
  const held = () => decodeDiscount(request.jar.get(DISCOUNT_COOKIE)?.value, subkey('shop-cart'));

  it('"Apply" keeps a working code however it was typed; a wrong or empty one says why and changes nothing', async () => {
    const { code } = await subscriber();
    expect(await apply('')).toBe('/shop/basket?code=empty');
    expect(await apply('PRINTS-NOBODY')).toBe('/shop/basket?code=unknown');
    expect(request.jar.has(DISCOUNT_COOKIE)).toBe(false);
    expect(await apply(` ${code.toLowerCase().replace('-', ' - ')} `)).toBe('/shop/basket?code=applied');
    expect(held()).toBe(code);
    // A wrong code tried afterwards leaves the one the basket holds.
    expect(await apply('PRINTS-NOBODY')).toBe('/shop/basket?code=unknown');
    expect(held()).toBe(code);
    expect(await run(() => removeDiscount())).toBe('/shop/basket?code=removed');
    expect(request.jar.has(DISCOUNT_COOKIE)).toBe(false);
  });

  it('after 10 wrong codes from one connection in an hour, "Apply" says to wait, even for a right code', async () => {
    const { code } = await subscriber();
    for (let i = 0; i < 10; i++) expect(await apply(`WRONG-${i}`)).toBe('/shop/basket?code=unknown');
    expect(await apply(code)).toBe('/shop/basket?code=tries');
    expect(request.jar.has(DISCOUNT_COOKIE)).toBe(false);
  });

  it('a code in the cookie that "Apply" did not sign is no code', async () => {
    const { code } = await subscriber();
    const other = Buffer.from(subkey('shop-cart').map((byte) => byte ^ 1));
    expect(decodeDiscount(encodeDiscount(code, other), subkey('shop-cart'))).toBeNull();
    expect(decodeDiscount(`${Buffer.from(code).toString('base64url')}.forged`, subkey('shop-cart'))).toBeNull();
    // Nor does the basket's own cookie pass as a code.
    expect(decodeDiscount(encodeCart([], subkey('shop-cart')), subkey('shop-cart'))).toBeNull();
  });

  it('"Checkout" takes the code to Stripe; a code that stopped since sends the visitor back to the basket, nothing opened', async () => {
    const { code, email } = await subscriber();
    const [product] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(products).values({ kind: 'print', title: 'Heron print' }).returning(),
    );
    const [variant] = await asSystem(db, 'test-setup', (sys) =>
      sys.insert(productVariants).values({ productId: product!.id, label: 'A4', pricePence: 3_500 }).returning(),
    );
    request
      .cookieStore()
      .set(CART_COOKIE, encodeCart([{ kind: 'variant', variantId: variant!.id, quantity: 1 }], subkey('shop-cart')));
    expect(await apply(code)).toBe('/shop/basket?code=applied');

    const to = await run(() => checkout());
    const session = [...double.sessions.values()].find((s) => s.url === to)!;
    expect(session.customer_email).toBe(email);
    expect(session.line_items[0]).toMatchObject({
      unit_amount: 2_800,
      description: '20% subscriber discount (was £35.00)',
    });

    await asSystem(db, 'test-setup', (sys) =>
      sys.update(subscribers).set({ status: 'unsubscribed' }).where(eq(subscribers.email, email)),
    );
    const sessions = double.sessions.size;
    expect(await run(() => checkout())).toBe('/shop/basket?problem=discount');
    expect(double.sessions.size).toBe(sessions);
  });
});
