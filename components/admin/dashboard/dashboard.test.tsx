import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh() {}, push() {}, replace() {} }) }));
vi.mock('@/components/auth/sign-out-button', () => ({
  SignOutButton: ({ children }: { children: React.ReactNode }) => <button type="button">{children}</button>,
}));

const { Dashboard } = await import('./dashboard');

// The dashboard's "n to ship" (docs/product.md, Orders): a link to the orders while there is one
// to ship, nothing otherwise; Orders among the advanced tools either way.

describe('the dashboard and the shop’s orders', () => {
  it('shows "2 to ship" linking to /admin/orders while there are orders to ship', () => {
    const html = renderToStaticMarkup(<Dashboard email="owner@elenamarsh.example" toShip={2} />);
    expect(html).toMatch(/<a [^>]*href="\/admin\/orders"[^>]*>(<svg[^]*?<\/svg>)?2 to ship<\/a>/);
  });

  it('says nothing of shipping while there is nothing to ship, or the count could not be read', () => {
    for (const toShip of [0, null, undefined])
      expect(renderToStaticMarkup(<Dashboard email={null} toShip={toShip} />)).not.toContain('to ship');
  });

  it('lists Orders among the advanced tools', () => {
    const html = renderToStaticMarkup(<Dashboard email={null} />);
    expect(html).toMatch(
      /href="\/admin\/orders"[^]*?>Orders<\/span><span[^>]*>Paid orders, shipping and refunds; CSV export.<\/span>/,
    );
  });
});

describe('the dashboard and the newsletter', () => {
  it('has a Newsletter card linking to /admin/newsletter', () => {
    const html = renderToStaticMarkup(<Dashboard email={null} />);
    expect(html).toMatch(/href="\/admin\/newsletter"[^]*?Newsletter<\/[^]*?Write letters to your subscribers/);
  });
});
