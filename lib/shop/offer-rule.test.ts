import { describe, expect, it } from 'vitest';
import { artworkCurrency, originalOffer, priceCurrency, priceProblem, type OfferFacts } from './offer-rule';

// The one rule for whether a painting's original is offered (lib/shop/offer-rule.ts); the shop,
// the basket, checkout and the JSON-LD read it (lib/shop/for-sale.test.ts proves they do).

const art: OfferFacts = {
  status: 'published',
  isArchived: false,
  isForSale: true,
  availability: 'Available',
  price: '£450',
  currency: 'GBP',
};

describe('the offer rule', () => {
  it('offers a published painting for sale at a price in pounds, in pence', () => {
    expect(originalOffer(art)).toEqual({ offered: true, pence: 45_000 });
    expect(originalOffer({ ...art, price: '1,200.50', availability: null })).toEqual({ offered: true, pence: 120_050 });
    expect(originalOffer({ ...art, availability: 'Available on request' })).toMatchObject({ offered: true });
  });

  it('does not offer a draft, archived or not-for-sale painting', () => {
    expect(originalOffer({ ...art, status: 'draft' })).toEqual({ offered: false, reason: 'unpublished' });
    expect(originalOffer({ ...art, isArchived: true })).toEqual({ offered: false, reason: 'archived' });
    expect(originalOffer({ ...art, isForSale: false })).toEqual({ offered: false, reason: 'not-for-sale' });
  });

  it('does not offer what the Availability line says is gone, whatever the For sale box says', () => {
    for (const availability of ['Sold', 'sold at the RWS exhibition', 'SOLD OUT'])
      expect(originalOffer({ ...art, availability })).toEqual({ offered: false, reason: 'sold' });
    for (const availability of [
      'Reserved',
      'Unavailable',
      'Not for sale',
      'not  for sale',
      'Not available at the moment',
    ])
      expect(originalOffer({ ...art, availability })).toEqual({ offered: false, reason: 'withdrawn' });
  });

  it('does not offer a painting priced in another currency, and names the currency', () => {
    for (const [price, currency] of [
      ['$500', 'USD'],
      ['US$500', 'USD'],
      ['USD 500', 'USD'],
      ['500 usd', 'USD'],
      ['€400', 'EUR'],
      ['400 EUR', 'EUR'],
      ['400€', 'EUR'],
      ['CA$650', 'CAD'],
      ['A$700', 'AUD'],
      ['¥80,000', 'JPY'],
      ['CHF 450', 'CHF'],
    ] as const) {
      expect(priceCurrency(price), price).toBe(currency);
      expect(originalOffer({ ...art, price }), price).toEqual({ offered: false, reason: 'currency', currency });
    }
  });

  it('reads the Currency field when the price text names none: a bare 500 in USD is dollars', () => {
    expect(originalOffer({ ...art, price: '500', currency: 'USD' })).toEqual({
      offered: false,
      reason: 'currency',
      currency: 'USD',
    });
    expect(originalOffer({ ...art, price: '£500', currency: 'eur' })).toEqual({
      offered: false,
      reason: 'currency',
      currency: 'EUR',
    });
    expect(originalOffer({ ...art, price: '500', currency: null })).toEqual({ offered: true, pence: 50_000 });
    expect(artworkCurrency({ price: '$500', currency: 'GBP' })).toBe('USD');
    expect(artworkCurrency({ price: '450', currency: 'GBP' })).toBe('GBP');
  });

  it('does not offer a price that is no amount in pounds; a word of three letters is not a currency', () => {
    for (const price of ['POA', 'On request', 'Ask me', '£0', '0', '', null, 'GBP 450'])
      expect(originalOffer({ ...art, price }), String(price)).toEqual({ offered: false, reason: 'no-price' });
    expect(priceCurrency('All offers considered')).toBeNull();
    expect(priceCurrency('£450')).toBe('GBP');
    expect(priceCurrency('450')).toBeNull();
  });

  it('says on /admin/shop why a painting for sale is left out for its price, and nothing for what is left out on purpose', () => {
    expect(priceProblem(originalOffer({ ...art, price: 'USD 500' }))).toBe('not offered: priced in USD');
    expect(priceProblem(originalOffer({ ...art, price: 'POA' }))).toBe('not offered: no price in GBP');
    expect(priceProblem(originalOffer(art))).toBeNull();
    expect(priceProblem(originalOffer({ ...art, availability: 'Sold', price: '$500' }))).toBeNull();
  });
});
