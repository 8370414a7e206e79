import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { DiscountCheck } from '@/lib/newsletter';
import type { BasketLine } from '@/lib/shop/basket';

vi.mock('server-only', () => ({}));
vi.mock('@/lib/shop/basket-actions', () => ({
  applyDiscount: async () => {},
  removeDiscount: async () => {},
  changeBasket: async () => {},
  checkout: async () => {},
}));

const { BasketView } = await import('./basket-view');

// The basket page's lines, totals and "Discount code" (docs/product.md, Basket) as the server
// renders them: with no code, a refused one, a working one and one that has stopped.

const lines: BasketLine[] = [
  {
    line: { kind: 'variant', variantId: '00000000-0000-4000-8000-000000000001', quantity: 2 },
    kind: 'print',
    title: 'Heron print, A4',
    unitPence: 3_500,
    quantity: 2,
    state: 'available',
  },
  {
    line: { kind: 'original', artworkId: '00000000-0000-4000-8000-000000000002' },
    kind: 'original',
    title: 'Herne Hill Rooftops (original painting)',
    unitPence: 45_000,
    quantity: 1,
    state: 'available',
  },
];
const offer = { percent: 20, kinds: ['print', 'card', 'coaster'] as const satisfies string[] };
const working: DiscountCheck = {
  ok: true,
  code: 'PRINTS-1A2B3C4D5E',
  email: 'r@example.com',
  ...offer,
  kinds: [...offer.kinds],
};
const stopped: DiscountCheck = { ok: false, reason: 'inactive', message: 'That code is no longer active.' };

const text = (html: string) => html.replace(/<[^>]+>/g, '');
const render = (discount: Parameters<typeof BasketView>[0]['discount']) =>
  renderToStaticMarkup(<BasketView lines={lines} notice={null} discount={discount} />);

describe('the basket’s discount', () => {
  it('offers a labelled "Discount code" field with Apply while the owner has the discount on; full prices', () => {
    const html = render({ held: null, offer: { ...offer, kinds: [...offer.kinds] }, outcome: null });
    expect(html).toMatch(/<label for="discount-code"[^>]*>Discount code<\/label>/);
    const input = /<input id="discount-code"[^>]*>/.exec(html)?.[0];
    expect(input).toContain('name="code"');
    expect(input).toContain('aria-describedby="discount-hint"');
    expect(text(html)).toContain(
      'Newsletter subscribers get 20% off prints, cards and coasters: enter the code from your welcome email.',
    );
    expect(html).toMatch(/<button type="submit"[^>]*>Apply<\/button>/);
    expect(text(html)).toContain('£35.00 each');
    expect(text(html)).toContain('Subtotal £520.00');
    expect(text(html)).not.toContain('Subscriber discount');
    expect(text(html)).toContain('chosen and added on the next step. You pay on Stripe’s secure page');
  });

  it('a refused code: its message beside the field, as an alert the field points to', () => {
    const html = render({ held: null, offer: { ...offer, kinds: [...offer.kinds] }, outcome: 'unknown' });
    expect(html).toMatch(/aria-invalid="true" aria-describedby="discount-hint discount-error"/);
    expect(html).toContain(
      '<p id="discount-error" role="alert" class="text-sm font-medium text-clay">We don&#x27;t recognise that code. Please check it and try again.</p>',
    );
  });

  it('a working code: each print struck through at its list price beside the discounted one, the discount’s total, delivery not discounted', () => {
    const html = render({ held: { code: 'PRINTS-1A2B3C4D5E', check: working }, offer: null, outcome: 'applied' });
    expect(text(html)).toContain('Was £35.00 now £28.00 each');
    expect(html).toContain('<s>£35.00</s>');
    // The original is not covered: its price alone.
    expect(text(html)).toContain('Herne Hill Rooftops (original painting)£450.00 each');
    expect(text(html)).toContain('Subscriber discount (20% off prints, cards and coasters) −£14.00Subtotal £506.00');
    expect(text(html)).toContain('Discount code applied. 20% off prints, cards and coasters.');
    expect(text(html)).toContain('(the discount is not taken off delivery)');
    expect(html).toMatch(/aria-label="Remove discount code"[^>]*>Remove code<\/button>/);
    expect(html).not.toMatch(/<button type="submit" disabled=""[^>]*>Checkout/);
  });

  it('a code that has stopped: says so, full prices, and checkout waits until it is removed', () => {
    const html = render({ held: { code: 'PRINTS-1A2B3C4D5E', check: stopped }, offer: null, outcome: null });
    expect(html).toMatch(/<p id="discount-error" role="alert"[^>]*>That code is no longer active\. Prices are shown/);
    expect(text(html)).toContain('£35.00 each');
    expect(text(html)).not.toContain('Subscriber discount (');
    expect(text(html)).toContain('Subtotal £520.00');
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Checkout<\/button>/);
    expect(text(html)).toContain('Remove the discount code to check out at full price.');
  });

  it('no field while the discount is off and the basket holds no code', () => {
    expect(render({ held: null, offer: null, outcome: null })).not.toContain('Discount code');
  });
});
