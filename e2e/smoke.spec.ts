import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';

test('home page renders and is accessible', { tag: '@phone' }, async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('gallery renders the seeded artworks from the database', { tag: '@phone' }, async ({ page }) => {
  const response = await page.goto('/gallery');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' }).first()).toBeVisible();
  // A full first page: the 20 published seed paintings fill two pages of 12.
  expect(await page.getByRole('link', { name: 'View Details' }).count()).toBe(12);
  await expectNoA11yViolations(page);
});
