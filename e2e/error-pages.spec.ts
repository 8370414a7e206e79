import { GALLERY_PAGE_SIZE } from '@/lib/artworks/queries';
import { expect, test } from './faults';
import { expectToast } from './site-helpers';

/**
 * The error screens (docs/product.md, Not found and error pages), reached through a database
 * fault (e2e/faults.ts). Each fault mentions a request no other test makes (a page number, a
 * query of this run's own), so the page is rendered on demand while the fault is on, and nothing
 * else sees it.
 */
const unique = () => `${Date.now() % 100_000}${Math.floor(Math.random() * 900 + 100)}`;

test("a failed gallery read shows 'Oops!', the message and the Error Loading Artworks toast; nothing is cached", async ({
  page,
  faults,
}) => {
  // A page number far past the end, rendered on demand; the read validates pages up to 100,000.
  const pageNumber = 10_000 + Math.floor(Math.random() * 90_000);
  const path = `/gallery/all/page/${pageNumber}`;
  // The gallery's list read skips to this page: its OFFSET is a number no other query sends.
  await faults.on('gallery-read', {
    action: 'fail',
    sql: 'offset',
    mentions: String((pageNumber - 1) * GALLERY_PAGE_SIZE),
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(500);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('Failed to load artworks. Please try again later.').visible().first()).toBeVisible();
  await expectToast(page, 'Error Loading Artworks');
  await expectToast(page, 'Failed to load artworks. Please try again later.');

  // The failure was not kept: with the fault off, the same address is an ordinary page past the end.
  await faults.off('gallery-read');
  expect((await page.goto(path))?.status()).toBe(404);
});

test("an uncaught rendering error shows 'Unexpected Application Error!' with ways out", async ({ page, faults }) => {
  const query = `faultprobe${unique()}`;
  await faults.on('search-read', { action: 'fail', sql: 'websearch_to_tsquery', mentions: query });
  await page.goto(`/search?q=${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');

  await faults.off('search-read');
  await page.reload();
  await expect(page.getByRole('status')).toContainText('No results for');
});
