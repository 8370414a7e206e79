import crypto from 'node:crypto';
import { z } from 'zod';
import type { CartLine } from './checkout';

/**
 * The basket, kept in the visitor's browser as a cookie the server signs (no account, nothing
 * stored until checkout): which originals and which variants, how many. Never a price: prices,
 * stock and availability are read from the database each time the basket is shown or checked
 * out (lib/shop/checkout.ts). A cookie changed in the browser fails its signature and reads as
 * an empty basket.
 */
export const CART_COOKIE = 'shop-basket';
export const MAX_CART_LINES = 20;
export const MAX_QUANTITY = 10;

const lineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('original'), artworkId: z.uuid() }),
  z.object({ kind: z.literal('variant'), variantId: z.uuid(), quantity: z.number().int().min(1).max(MAX_QUANTITY) }),
]);
const cartSchema = z.array(lineSchema).max(MAX_CART_LINES);

const signatureOf = (payload: string, key: Buffer) =>
  crypto.createHmac('sha256', key).update(`shop-basket\n${payload}`).digest('base64url');

/** The cookie's value for these lines: the lines as base64url JSON, a dot, their signature. */
export function encodeCart(lines: CartLine[], key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(cartSchema.parse(lines))).toString('base64url');
  return `${payload}.${signatureOf(payload, key)}`;
}

/** The lines a cookie holds; an empty basket for no cookie, a bad signature or anything malformed. */
export function decodeCart(value: string | undefined, key: Buffer): CartLine[] {
  if (!value) return [];
  const [payload, signature, ...rest] = value.split('.');
  if (!payload || !signature || rest.length > 0) return [];
  const expected = Buffer.from(signatureOf(payload, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return [];
  try {
    const parsed = cartSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The basket with one more of something: an original once at most, a variant up to MAX_QUANTITY. */
export function addToCart(lines: CartLine[], add: CartLine): CartLine[] {
  if (add.kind === 'original')
    return lines.some((line) => line.kind === 'original' && line.artworkId === add.artworkId)
      ? lines
      : [...lines, add].slice(0, MAX_CART_LINES);
  const existing = lines.find((line) => line.kind === 'variant' && line.variantId === add.variantId);
  if (!existing) return [...lines, { ...add, quantity: Math.min(add.quantity, MAX_QUANTITY) }].slice(0, MAX_CART_LINES);
  return lines.map((line) =>
    line === existing && line.kind === 'variant'
      ? { ...line, quantity: Math.min(line.quantity + add.quantity, MAX_QUANTITY) }
      : line,
  );
}

/**
 * The subscriber's discount code the basket holds, in a cookie of its own signed the same way
 * (with another label, so neither cookie's value passes as the other's). Only a code the basket's
 * "Apply" accepted is ever signed: one typed into the cookie by hand fails its signature. The code
 * is checked again whenever the basket is shown or checked out.
 */
export const DISCOUNT_COOKIE = 'shop-discount';
const MAX_CODE = 32;

const codeSignatureOf = (payload: string, key: Buffer) =>
  crypto.createHmac('sha256', key).update(`shop-discount\n${payload}`).digest('base64url');

/** The cookie's value for a code: the code as base64url, a dot, its signature. */
export function encodeDiscount(code: string, key: Buffer): string {
  if (code.length === 0 || code.length > MAX_CODE) throw new Error('not a discount code');
  const payload = Buffer.from(code, 'utf8').toString('base64url');
  return `${payload}.${codeSignatureOf(payload, key)}`;
}

/** The code a cookie holds; null for no cookie, a bad signature or anything malformed. */
export function decodeDiscount(value: string | undefined, key: Buffer): string | null {
  if (!value) return null;
  const [payload, signature, ...rest] = value.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(codeSignatureOf(payload, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const code = Buffer.from(payload, 'base64url').toString('utf8');
  return code.length > 0 && code.length <= MAX_CODE ? code : null;
}
