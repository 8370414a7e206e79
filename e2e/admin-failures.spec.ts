import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, makeJpeg, test } from './admin-helpers';
import { signedIn } from './fixtures';
import { expectToast } from './site-helpers';
import { blogPosts } from '../lib/seed/blog-posts';

/**
 * The add and edit forms when something fails (docs/product.md, Saving an artwork; Error messages).
 * The failures are made the way the browser would meet them: a refused file, the upload route
 * answering 500, the server action's request never arriving. Nothing here changes the catalogue.
 */
test.use({ storageState: signedIn.admin });

/** A server action is a POST to the page's own address with a Next-Action header. */
async function dropServerActions(page: Page, pathname: string): Promise<string[]> {
  const dropped: string[] = [];
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const request = route.request();
      if (request.method() !== 'POST' || !request.headers()['next-action']) return route.fallback();
      dropped.push(request.url());
      await route.abort('connectionfailed');
    },
  );
  return dropped;
}

async function openEditForm(page: Page, title: string) {
  await page.goto('/admin/artworks/manage');
  await page.getByRole('link', { name: `Edit ${title}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Artwork' })).toBeVisible();
  return new URL(page.url()).pathname;
}

// A seeded artwork; the dropped requests leave it as it was.
const seeded = 'Deal Seafront Cottages';

test("a file over 10MB is refused at once with 'Image too large'", async ({ page }) => {
  await page.goto('/admin/artworks/add');
  const uploads: string[] = [];
  page.on('request', (request) => request.url().includes('/api/upload-artwork-image') && uploads.push(request.url()));
  await page
    .getByLabel(/Image file/)
    .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expectToast(page, 'Image too large');
  await expectToast(page, 'Please upload an image smaller than 10MB.');
  await expect(page.getByText('No image chosen yet')).toBeVisible();
  expect(await page.getByLabel(/Image file/).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  expect(uploads).toEqual([]);
});

test("a failed upload shows 'Image Upload Failed' with the reason, and nothing is saved", async ({ page }) => {
  const jpeg = await makeJpeg(`upload-fails-${Date.now()}`);
  await page.route('**/api/upload-artwork-image', (route) =>
    route.fulfill({ status: 500, json: { error: 'Upload failed: the image could not be stored. Please try again.' } }),
  );
  const actions = await dropServerActions(page, '/admin/artworks/add');
  await page.goto('/admin/artworks/add');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Upload That Fails');
  await page.getByLabel(/Image file/).setInputFiles(jpeg);
  await fs.rm(jpeg);
  await page.getByRole('textbox', { name: 'Alt text', exact: true }).fill('A watercolour that never arrives');
  // Leaving the title field asked the server (read-only) whether the title is already in use;
  // what matters here is what the save sends.
  actions.length = 0;
  await page.getByRole('button', { name: 'Add Artwork' }).click();
  await expectToast(page, 'Image Upload Failed');
  await expectToast(page, 'Upload failed: the image could not be stored. Please try again.');
  await expect(page).toHaveURL(/\/admin\/artworks\/add$/);
  await expect(page.getByRole('button', { name: 'Add Artwork' })).toBeEnabled();
  // The save stops: no server action was sent.
  expect(actions).toEqual([]);
});

test("a save that never reaches the server shows 'Submission Failed'", async ({ page }) => {
  const path = await openEditForm(page, seeded);
  const dropped = await dropServerActions(page, path);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Submission Failed');
  expect(dropped).toHaveLength(1);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});

test("a delete that never reaches the server shows 'Database Deletion Failed', and the artwork stays", async ({
  page,
}) => {
  const path = await openEditForm(page, seeded);
  const dropped = await dropServerActions(page, path);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete artwork' }).click();
  await expectToast(page, 'Database Deletion Failed');
  expect(dropped).toHaveLength(1);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.unrouteAll({ behavior: 'wait' });
  await page.goto('/admin/artworks/manage');
  await expect(page.getByRole('link', { name: `Edit ${seeded}`, exact: true })).toBeVisible();
});

test("a story's delete that never reaches the server says 'Story not deleted', and the story stays", async ({
  page,
}) => {
  const story = blogPosts[0]!;
  await page.goto('/admin/blog/manage');
  await page.getByRole('link', { name: story.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Story' })).toBeVisible();
  const path = new URL(page.url()).pathname;
  const dropped = await dropServerActions(page, path);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this story?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Story not deleted');
  expect(dropped).toHaveLength(1);
  // The dialog stays open to try again or cancel; nothing moved.
  await expect(dialog.getByRole('button', { name: 'Delete', exact: true })).toBeEnabled();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await page.unrouteAll({ behavior: 'wait' });
  expect((await page.request.get(`/blog/${story.slug}`)).status()).toBe(200);
});
