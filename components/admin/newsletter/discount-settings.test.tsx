import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh() {} }) }));
vi.mock('@/lib/newsletter/discount-actions', () => ({ saveDiscountSettings: async () => ({ ok: true, data: {} }) }));

const { DiscountSettingsForm } = await import('./discount-settings');

// The discount settings' form (docs/product.md, The subscriber discount) as the server renders it:
// each control labelled, and the owner's settings as its starting values.

describe('the discount settings form', () => {
  it('labels the switch, the percentage and each kind, starting from the settings saved', () => {
    const html = renderToStaticMarkup(
      <DiscountSettingsForm settings={{ on: true, percent: 25, kinds: ['print', 'original'] }} />,
    );
    const control = (label: string) => {
      const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
      return id ? new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] : undefined;
    };
    expect(control('Give subscribers a discount')).toMatch(/type="checkbox".*checked=""/);
    expect(control('Percentage off')).toMatch(/value="25"/);
    expect(control('Percentage off')).toMatch(/min="1" max="90"/);
    expect(html).toContain('<legend class="mb-1 text-sm font-medium text-ink">What it applies to</legend>');
    expect(control('Prints')).toContain('checked=""');
    expect(control('Originals')).toContain('checked=""');
    for (const label of ['Cards', 'Coasters', 'Gifts']) {
      expect(control(label)).toBeDefined();
      expect(control(label)).not.toContain('checked');
    }
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Save<\/button>/);
  });
});
