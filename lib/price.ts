const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 });

/** A numeric price shows as pounds with two decimals (£450.00); any other text as written. */
export function formatPrice(price: string | number | null | undefined): string | null {
  if (price === null || price === undefined) return null;
  const text = String(price).trim();
  if (!text) return null;
  const numeric = text.replace(/^£\s*/, '').replace(/,/g, '');
  if (/^\d+(\.\d{1,2})?$/.test(numeric)) return gbp.format(Number(numeric));
  return text;
}

/** The amount for structured data offers, when the price is a number. */
export function priceAmount(price: string | null | undefined): string | null {
  const formatted = formatPrice(price);
  if (!formatted || !formatted.startsWith('£')) return null;
  return formatted.slice(1).replace(/,/g, '');
}
