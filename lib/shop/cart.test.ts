import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addToCart, decodeCart, encodeCart, MAX_CART_LINES, MAX_QUANTITY } from './cart';
import type { CartLine } from './checkout';

const key = crypto.randomBytes(32);
const print = crypto.randomUUID();
const painting = crypto.randomUUID();
const lines: CartLine[] = [
  { kind: 'original', artworkId: painting },
  { kind: 'variant', variantId: print, quantity: 2 },
];

describe('the basket cookie', () => {
  it('reads back exactly what was written', () => {
    expect(decodeCart(encodeCart(lines, key), key)).toEqual(lines);
    expect(decodeCart(undefined, key)).toEqual([]);
  });

  it('a cookie changed in the browser reads as an empty basket: another quantity, another item, a price smuggled in, another key', () => {
    const value = encodeCart(lines, key);
    const [payload, signature] = value.split('.') as [string, string];
    const rewrite = (change: (cart: Record<string, unknown>[]) => unknown) => {
      const cart = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>[];
      return `${Buffer.from(JSON.stringify(change(cart))).toString('base64url')}.${signature}`;
    };
    expect(
      decodeCart(
        rewrite((cart) => [cart[0], { ...cart[1], quantity: 9 }]),
        key,
      ),
    ).toEqual([]);
    expect(
      decodeCart(
        rewrite((cart) => [{ ...cart[0], artworkId: crypto.randomUUID() }, cart[1]]),
        key,
      ),
    ).toEqual([]);
    expect(
      decodeCart(
        rewrite((cart) => cart.map((line) => ({ ...line, unitPence: 1 }))),
        key,
      ),
    ).toEqual([]);
    expect(decodeCart(value, crypto.randomBytes(32))).toEqual([]);
    expect(decodeCart(`${payload}.${signature}.extra`, key)).toEqual([]);
    expect(decodeCart(`${payload}`, key)).toEqual([]);
    expect(decodeCart('not a cookie', key)).toEqual([]);
  });

  it('even signed, only well-formed lines are read: no quantity over the limit, no unknown kind', () => {
    const sign = (payload: unknown) => {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${crypto.createHmac('sha256', key).update(`shop-basket\n${body}`).digest('base64url')}`;
    };
    expect(decodeCart(sign(lines), key)).toEqual(lines);
    expect(decodeCart(sign([{ kind: 'variant', variantId: print, quantity: MAX_QUANTITY + 1 }]), key)).toEqual([]);
    expect(decodeCart(sign([{ kind: 'gift-card', amount: 100 }]), key)).toEqual([]);
    expect(decodeCart(sign([{ kind: 'variant', variantId: 'not-an-id', quantity: 1 }]), key)).toEqual([]);
  });

  it('adds an original once, and a variant up to the limit', () => {
    const once = addToCart(addToCart([], { kind: 'original', artworkId: painting }), {
      kind: 'original',
      artworkId: painting,
    });
    expect(once).toEqual([{ kind: 'original', artworkId: painting }]);
    let cart: CartLine[] = [];
    for (let i = 0; i < 4; i++) cart = addToCart(cart, { kind: 'variant', variantId: print, quantity: 3 });
    expect(cart).toEqual([{ kind: 'variant', variantId: print, quantity: MAX_QUANTITY }]);
    let full: CartLine[] = [];
    for (let i = 0; i < MAX_CART_LINES + 3; i++)
      full = addToCart(full, { kind: 'original', artworkId: crypto.randomUUID() });
    expect(full).toHaveLength(MAX_CART_LINES);
  });
});
