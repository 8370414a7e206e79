import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { OrderRow } from '@/lib/shop/orders';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh() {}, push() {} }) }));
vi.mock('@/lib/shop/order-actions', () => ({ markOrderShipped: async () => ({ ok: true, data: { emailed: true } }) }));
vi.mock('server-only', () => ({}));

const { OrdersTable, OrderTabs } = await import('./orders-view');
const { OrderDetail } = await import('./order-detail');

// What /admin/orders and an order's page draw (docs/product.md, Orders): headers, links, amounts
// as prices are shown, and the Mark as shipped form only while the order is to ship.

const order: OrderRow = {
  id: '0f8e5a2c-1111-4222-8333-444455556666',
  createdAt: new Date('2026-11-20T10:00:00Z'),
  paidAt: new Date('2026-11-20T10:05:00Z'),
  status: 'paid',
  name: 'Ada <Lovelace>',
  email: 'ada@example.com',
  shippingAddress: {
    name: 'Ada Lovelace',
    line1: '1 Crescent Road',
    line2: null,
    city: 'London',
    postalCode: 'SE19 1AA',
    state: null,
    country: 'GB',
  },
  subtotalPence: 12_900,
  shippingPence: 1_500,
  totalPence: 14_400,
  refundedPence: 500,
  shippedAt: null,
  carrier: null,
  tracking: null,
  refundReason: null,
  discountCode: null,
  discountPence: 0,
  lines: [
    {
      title: 'Herne Hill Rooftops (original painting)',
      unitPence: 12_000,
      quantity: 1,
      original: true,
      listUnitPence: null,
    },
    { title: 'Heron card, Single', unitPence: 450, quantity: 2, original: false, listUnitPence: null },
  ],
};

describe('the orders screens', () => {
  it('the list: column headers, the order linked, its items, total and status; a part refund said', () => {
    const html = renderToStaticMarkup(<OrdersTable view="to-ship" orders={[order]} />);
    expect([...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((match) => match[1])).toEqual([
      'Date',
      'Buyer',
      'Items',
      'Total',
      'Status',
    ]);
    expect(html).toContain(`href="/admin/orders/${order.id}"`);
    expect(html).toContain('Ada &lt;Lovelace&gt;');
    expect(html).toContain('<li>2 × Heron card, Single</li>');
    expect(html).toContain('£144.00');
    expect(html).toContain('To ship');
    expect(html).toContain('£5.00 refunded');
  });

  it('an empty view says so; the tabs mark the current one and carry their counts', () => {
    expect(renderToStaticMarkup(<OrdersTable view="to-ship" orders={[]} />)).toContain(
      'Nothing to ship. Paid orders wait here until you mark them as shipped.',
    );
    const tabs = renderToStaticMarkup(
      <OrderTabs current="shipped" counts={{ 'to-ship': 2, shipped: 1, refunded: 0, all: 3 }} />,
    );
    expect(tabs).toMatch(/<a aria-current="page"[^>]*href="\/admin\/orders\?view=shipped">Shipped<span[^>]*>1<\/span>/);
    expect(tabs).toMatch(/<a class="[^"]*" href="\/admin\/orders">To ship<span[^>]*>2<\/span>/);
  });

  it('an order to ship: its lines, address and the Mark as shipped form with labelled fields; a shipped one shows its shipment instead', () => {
    const html = renderToStaticMarkup(<OrderDetail order={order} mailConfigured />);
    expect(html).toContain('Order 0F8E5A2C');
    expect(html).toContain('1 Crescent Road');
    expect(html).toContain('United Kingdom');
    // Each field named by its label, the carrier required.
    const field = (label: string) => {
      const id = new RegExp(`<label for="([^"]+)"[^>]*>${label.replace(/[()]/g, '\\$&')}</label>`).exec(html)?.[1];
      return id ? new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] : undefined;
    };
    expect(field('Carrier')).toMatch(/required="".*name="carrier"/);
    expect(field('Tracking number (optional)')).toMatch(/name="tracking"/);
    expect(field('Tracking number (optional)')).not.toContain('required');
    expect(html).toMatch(/<h3 [^>]*>Mark as shipped<\/h3>/);
    expect(html).toContain('The buyer is emailed that it has shipped');
    expect(renderToStaticMarkup(<OrderDetail order={order} mailConfigured={false} />)).toContain(
      'the email to the buyer waits until it is',
    );
    const shipped = renderToStaticMarkup(
      <OrderDetail
        order={{
          ...order,
          status: 'shipped',
          shippedAt: new Date('2026-11-21T09:00:00Z'),
          carrier: 'Royal Mail',
          tracking: 'RM1',
        }}
        mailConfigured
      />,
    );
    expect(shipped).not.toContain('Mark as shipped');
    expect(shipped).toContain('with Royal Mail, tracking number RM1.');
  });

  it('an order with the subscriber discount: each discounted line with its price before struck through, and the discount by its code', () => {
    const html = renderToStaticMarkup(
      <OrderDetail
        order={{
          ...order,
          subtotalPence: 12_720,
          discountCode: 'PRINTS-1A2B3C4D5E',
          discountPence: 180,
          lines: [
            order.lines[0]!,
            { title: 'Heron card, Single', unitPence: 360, quantity: 2, original: false, listUnitPence: 450 },
          ],
        }}
        mailConfigured
      />,
    );
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain('Heron card, Single2Was £4.50 now £3.60Was £9.00 now £7.20');
    expect(text).toContain('Subscriber discount (PRINTS-1A2B3C4D5E)\u2212£1.80');
    expect(text).toContain('Subtotal£127.20');
    // The original was not discounted: its price stands alone.
    expect(text).toContain('Herne Hill Rooftops (original painting)1£120.00£120.00');
  });
});
