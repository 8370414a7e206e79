import { expect, type Page } from '@playwright/test';

/** Every JSON-LD node on the page, with @graph arrays flattened. Fails if any block is not valid JSON. */
export async function jsonLdNodes(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.length).toBeGreaterThan(0);
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    const list = Array.isArray(data) ? data : [data];
    return list.flatMap((node) => (Array.isArray(node['@graph']) ? (node['@graph'] as Record<string, unknown>[]) : [node]));
  });
}

/** Opens the mobile menu when the navigation is collapsed (phone widths). */
export async function showMainNav(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * Records every request that is not a GET (a form that "sends nothing" must make none), except
 * the page's own telemetry beacon (web vitals, sent whenever the browser gets round to it),
 * which carries nothing a visitor typed.
 */
export function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname !== '/api/telemetry') writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

/** The visible toast (sonner keeps one on screen at a time). */
export function toast(page: Page) {
  return page.locator('[data-sonner-toast][data-visible="true"]');
}
