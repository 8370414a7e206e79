import { mkdtempSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signedIn } from './fixtures';

/**
 * Waits until every toast has closed (5 s each). A pointer resting on a toast pauses it, so it
 * moves away first. Needed where a toast covers a control (the submit button on a phone) and
 * before axe, which reads fading toasts as low contrast.
 */
export async function waitForToastsToClose(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
}

let jpegFolder: string | undefined;

/** A real JPEG, made for this run, in a temporary folder of this worker's that goes when it exits. */
export async function makeJpeg(name: string): Promise<string> {
  if (!jpegFolder) {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-jpegs-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    jpegFolder = folder;
  }
  const file = path.join(jpegFolder, `${name}.jpg`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#cfe3ea"/><circle cx="600" cy="450" r="260" fill="#2f5d6e" opacity="0.6"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
  return file;
}

export type NewArtwork = {
  title: string;
  slug?: string;
  category: string;
  description: string;
  alt: string;
  price: string;
  keywords?: string;
};

/** Fills the Add New Artwork form (with a fresh JPEG) and sends it; the caller checks the outcome. */
export async function submitNewArtwork(page: Page, art: NewArtwork) {
  const jpeg = await makeJpeg(`${art.title.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}`);
  try {
    await page.goto('/admin/artworks/add');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(art.title);
    if (art.slug) await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(art.slug);
    await page.getByLabel('Category').selectOption(art.category);
    await page.getByLabel('Description (short hook)').fill(art.description);
    await page.getByLabel(/Image file/).setInputFiles(jpeg);
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Alt text', exact: true }).fill(art.alt);
    await page.getByLabel('Price', { exact: true }).fill(art.price);
    if (art.keywords) await page.getByLabel('Keywords').fill(art.keywords);
    await page.getByRole('button', { name: 'Add Artwork' }).click();
    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 20_000 });
  } finally {
    await fs.rm(jpeg, { force: true });
  }
}

/** Deletes the artwork with this exact title from the Manage Artworks list, if it is there. */
export async function deleteFromList(page: Page, title: string) {
  await page.goto('/admin/artworks/manage');
  const remove = page.getByRole('button', { name: `Delete ${title}`, exact: true });
  await expect(page.getByRole('table')).toBeVisible();
  if ((await remove.count()) === 0) return;
  await remove.click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Delete artwork' }).click();
  // The open dialog hides the page from the accessibility tree, so role queries cannot tell
  // that the row is gone: the dialog closes once the delete is done, then the row goes.
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('tr', { hasText: title })).toHaveCount(0);
}

/**
 * `created.track(title)` before a test adds an artwork: whatever the test's outcome, the
 * artwork is deleted afterwards (from a fresh admin page), so a failed run leaves nothing in the
 * catalogue. Tests that add artworks are tagged @writes (playwright.config.ts).
 */
export const test = base.extend<{ created: { track(title: string): void } }>({
  created: async ({ browser, baseURL }, provide) => {
    const titles: string[] = [];
    await provide({ track: (title) => void titles.push(title) });
    if (titles.length === 0) return;
    const context = await browser.newContext({ baseURL, storageState: signedIn.admin });
    try {
      const page = await context.newPage();
      for (const title of titles) await deleteFromList(page, title);
    } finally {
      await context.close();
    }
  },
});

export { expect };
