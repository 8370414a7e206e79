const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/**
 * An amount in pounds as typed: an optional £, whole pounds (commas only as thousands separators,
 * so a decimal comma like '1,50' is not read as £150) and up to two decimals.
 */
const AMOUNT = /^£?\s*(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;

/** The amount a price text states, exactly, as a plain decimal with two places ('1,200.5' → '1200.50'). */
function parseAmount(text: string): `${number}` | null {
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const pounds = match[1]!.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  return `${pounds}.${(match[2] ?? '').padEnd(2, '0')}` as `${number}`;
}

/**
 * A numeric price shows as pounds with two decimals (£450.00); any other text as written. A
 * number shows rounded to the penny, and not at all when it is no price (NaN, infinite, negative).
 */
export function formatPrice(price: string | number | null | undefined): string | null {
  if (price === null || price === undefined) return null;
  // abs: -0 passes the check but would show as -£0.00.
  if (typeof price === 'number') return Number.isFinite(price) && price >= 0 ? gbp.format(Math.abs(price)) : null;
  const text = price.trim();
  if (!text) return null;
  const amount = parseAmount(text);
  // The decimal string, not a Number: every digit typed is shown (a double keeps 15 to 17).
  return amount ? gbp.format(amount) : text;
}

/** The amount for structured data offers, when the price states one; never other text. */
export function priceAmount(price: string | null | undefined): string | null {
  const text = price?.trim();
  return text ? parseAmount(text) : null;
}
