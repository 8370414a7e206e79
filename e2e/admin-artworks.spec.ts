import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, makeJpeg, test, waitForToastsToClose } from './admin-helpers';
import { admin, expectNoA11yViolations, signedIn } from './fixtures';

test.use({ storageState: signedIn.admin });

async function mediaUrlsOn(page: Page): Promise<string[]> {
  const urls = await page.locator('img').evaluateAll((imgs) =>
    imgs.flatMap((img) => {
      const el = img as HTMLImageElement;
      const fromSrcset = (el.getAttribute('srcset') ?? '').split(',').map((part) => part.trim().split(/\s+/)[0] ?? '');
      return [el.getAttribute('src') ?? '', ...fromSrcset];
    }),
  );
  return [...new Set(urls.filter((url) => url.startsWith('/media/')))];
}

test('the dashboard greets the admin and links every section', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveTitle('Dashboard - Admin');
  await expect(page.getByRole('main').getByText(admin.email)).toBeVisible();
  await expect(page.getByRole('link', { name: /Manage Artworks/ })).toHaveAttribute('href', '/admin/artworks/manage');
  await expect(page.getByRole('link', { name: /Bulk Manage/ })).toHaveAttribute('href', '/admin/artworks/bulk-manage');
  await expect(page.getByRole('link', { name: /Manage Shop Items/ })).toHaveAttribute('href', '/admin/artworks/manage');
  await expect(page.getByRole('link', { name: /Blog Management/ })).toHaveAttribute('href', '/admin/blog/manage');
  await expect(page.getByText('Coming soon')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Bulk Upload' })).toHaveAttribute('href', '/admin/artworks/bulk-upload');
  await expect(page.getByRole('link', { name: 'Add Single Artwork' })).toHaveAttribute('href', '/admin/artworks/add');
  await expect(page.getByRole('link', { name: /Sitemap Manager/ })).toHaveAttribute('href', '/admin/tools/sitemap');
  await expect(page.getByRole('link', { name: /AI SEO Retrofit/ })).toHaveAttribute(
    'href',
    '/admin/tools/seo-retrofit',
  );
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the old tool addresses answer 308 to /admin/tools', async ({ request }) => {
  const sitemap = await request.get('/admin/sitemap-manager', { maxRedirects: 0 });
  expect(sitemap.status()).toBe(308);
  expect(sitemap.headers().location).toBe('/admin/tools/sitemap');
  const retrofit = await request.get('/admin/seo-retrofit', { maxRedirects: 0 });
  expect(retrofit.status()).toBe(308);
  expect(retrofit.headers().location).toBe('/admin/tools/seo-retrofit');
  // The batch preset survives the old address.
  const preset = await request.get('/admin/seo-retrofit?batch=3', { maxRedirects: 0 });
  expect(preset.headers().location).toBe('/admin/tools/seo-retrofit?batch=3');
});

test('the add form shows each validation message where product.md puts it', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/admin/artworks/add');
  await expect(page).toHaveTitle('Add Artwork - Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Artwork' })).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue('Landscapes');

  await page.getByRole('button', { name: 'Add Artwork' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await expect(page.getByText('Slug is required and cannot be empty.')).toBeVisible();
  await expect(
    page.getByText('Please provide descriptive alt text for accessibility.').visible().first(),
  ).toBeVisible();
  await expect(page.getByText('Alt Text Required')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveAttribute('aria-invalid', 'true');

  // The slug follows the title while the slug field is empty.
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Evening Tide, Rye!');
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue('evening-tide-rye');
  await expect(page.getByText('Title is required.')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Alt text', exact: true }).fill('a'.repeat(126));
  await expect(page.getByText('Alt text is too long (126/125 chars).')).toBeVisible();
  await expect(page.getByText('126/125', { exact: true })).toBeVisible();

  await page.getByLabel('Meta description', { exact: true }).fill('Too short.');
  await expect(page.getByText('Meta description length is 10. Recommended: 150-160 chars.')).toBeVisible();

  await waitForToastsToClose(page);
  await page.getByRole('button', { name: 'Add Artwork' }).click();
  await expect(page.getByText('Validation Error')).toBeVisible();
  await waitForToastsToClose(page);
  await expectNoA11yViolations(page);
});

test(
  'an artwork is added, found at once, renamed with a redirect, and deleted with its images',
  { tag: '@writes' },
  async ({ page, request, created }, testInfo) => {
    test.setTimeout(120_000);
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    const title = `E2E Heron ${stamp}`;
    const slug = `e2e-heron-${stamp}`.toLowerCase();
    const jpeg = await makeJpeg(slug);
    created.track(title);

    await page.goto('/admin/artworks/add');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(slug);
    await page.getByLabel('Category').selectOption('Seascapes');
    await page.getByLabel('Description (short hook)').fill('A heron waits in the shallows at first light.');
    await page.getByLabel(/Image file/).setInputFiles(jpeg);
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await page
      .getByRole('textbox', { name: 'Alt text', exact: true })
      .fill('Watercolour of a grey heron standing in pale blue shallows');
    await page.getByLabel('Price', { exact: true }).fill('450');
    await page.getByLabel('Keywords').fill('heron, , watercolour ,seascape');
    await page.getByRole('button', { name: 'Add Artwork' }).click();

    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/);
    // Queued behind the upload's toast, which stays 5 s on screen.
    await expect(page.getByText('Success! Artwork added/updated successfully.')).toBeVisible({ timeout: 15_000 });
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Seascapes' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '£450.00' })).toBeVisible();
    const thumb = await row.locator('img').getAttribute('src');
    expect(thumb).toMatch(/^\/media\/seascapes\//);
    // The add form opens empty again: Next keeps a page the owner left (hidden), not a sent form.
    await page.getByRole('link', { name: 'Add New Artwork' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Artwork' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('');
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('');
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toHaveCount(0);

    // Published at once: the gallery and the artwork's own page show it.
    await page.goto('/gallery');
    await expect(page.getByText(title).visible().first()).toBeVisible();
    const oldPath = `/gallery/seascapes/${slug}`;
    const first = await page.goto(oldPath);
    expect(first?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const media = new Set([thumb!, ...(await mediaUrlsOn(page))]);

    // Rename the slug: the old address answers 308 to the new one.
    await page.goto('/admin/artworks/manage');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Artwork' })).toBeVisible();
    await expect(page).toHaveTitle('Edit Artwork - Admin');
    await expect(page.getByLabel('Keywords')).toHaveValue('heron, watercolour, seascape');
    await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(`${slug}-renamed`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/);
    await expect(page.getByText('Success! Artwork added/updated successfully.')).toBeVisible();
    const newPath = `/gallery/seascapes/${slug}-renamed`;
    const moved = await request.get(oldPath, { maxRedirects: 0 });
    expect(moved.status()).toBe(308);
    // headers() joins repeated headers; the first Location is the one a browser follows.
    const location = moved.headersArray().find((header) => header.name.toLowerCase() === 'location')?.value ?? '';
    expect(new URL(location, 'http://x').pathname).toBe(newPath);
    expect((await request.get(newPath)).status()).toBe(200);

    // Delete from the edit form, after a confirmation that says what is lost.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Artwork' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('cannot be undone');
    await expect(dialog).toContainText('permanently deleted');
    await dialog.getByRole('button', { name: 'Delete artwork' }).click();
    await expect(page.getByText('Artwork Deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);

    expect((await request.get(newPath)).status()).toBe(404);
    expect(media.size).toBeGreaterThan(0);
    for (const url of media) expect((await request.get(url)).status(), url).toBe(404);
    await fs.rm(jpeg, { force: true });
  },
);

test('opening the edit form of a missing artwork returns to the list with an error', async ({ page }) => {
  await page.goto('/admin/artworks/edit/00000000-0000-4000-8000-000000000000');
  await expect(page.locator('[data-sonner-toast]').getByText('Error fetching artwork')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/artworks\/manage$/);
});
