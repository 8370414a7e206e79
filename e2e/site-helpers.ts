import { expect, type Locator, type Page } from '@playwright/test';

/** Every JSON-LD node on the page, with @graph arrays flattened. Fails if any block is not valid JSON. */
export async function jsonLdNodes(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks.length).toBeGreaterThan(0);
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    const list = Array.isArray(data) ? data : [data];
    return list.flatMap((node) =>
      Array.isArray(node['@graph']) ? (node['@graph'] as Record<string, unknown>[]) : [node],
    );
  });
}

/** Opens the mobile menu when the navigation is collapsed (phone widths). */
export async function showMainNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  // From md (768 px) up the links are a row; below, a panel behind the menu button.
  if ((page.viewportSize()?.width ?? 1280) >= 768) return nav;
  const toggle = nav.getByRole('button', { name: /^(Open|Close) menu$/ });
  // A click before the island has hydrated does nothing: click until the menu says it is open.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass();
  return nav;
}

/**
 * Records every request that is not a GET (a form that "sends nothing" must make none), except
 * the page's own telemetry beacon (web vitals, sent whenever the browser gets round to it),
 * which carries nothing a visitor typed.
 */
export function recordWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname !== '/api/telemetry')
      writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

/** The visible toast (sonner keeps one on screen at a time). */
export function toast(page: Page) {
  return page.locator('[data-sonner-toast][data-visible="true"]');
}

/**
 * The toasts that say `text`, the one on screen or one queued behind it: lib/toast.ts shows one at
 * a time and gives each its full 5 s, so a toast raised behind two others appears 10 s later.
 * Asserting the queued toast is there, not waiting for it to reach the front, never races the queue.
 */
export function toastsSaying(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** A toast says `text`: on screen, or queued to be. */
export async function expectToast(page: Page, text: string | RegExp, options?: { timeout?: number }) {
  await expect(toastsSaying(page, text)).not.toHaveCount(0, options);
}

/**
 * React has hydrated the element (its event props are attached): a click now runs the page's
 * handler, not the browser's default (a form clicked before then posts natively).
 */
export async function hydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps'))))
    .toBe(true);
}
