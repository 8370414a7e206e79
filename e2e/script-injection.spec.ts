import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, makeJpeg, test, waitForToastsToClose } from './admin-helpers';
import { signedIn } from './fixtures';

const PAYLOAD = '</script><script>alert(1)</script>';

/** Every JSON-LD block of the page, parsed: a block broken by injected markup fails to parse. */
async function jsonLdBlocks(page: Page): Promise<unknown[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text));
}

test.use({ storageState: signedIn.admin });

test(
  'markup typed into an artwork renders as text on every page and in every JSON-LD block',
  { tag: '@writes' },
  async ({ page, created }, testInfo) => {
    test.setTimeout(150_000);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    const title = `Harbour ${stamp} ${PAYLOAD}`;
    const jpeg = await makeJpeg(`injection-${stamp}`);
    created.track(title);

    await page.goto('/admin/artworks/add');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    const slug = await page.getByRole('textbox', { name: 'Slug', exact: true }).inputValue();
    expect(slug).toMatch(/^[a-z0-9-]+$/);
    await page.getByLabel('Category').selectOption('Seascapes');
    await page.getByLabel('Description (short hook)').fill(`Boats at rest ${PAYLOAD}`);
    await page.getByLabel(/Image file/).setInputFiles(jpeg);
    await page.getByRole('textbox', { name: 'Alt text', exact: true }).fill(`Moored boats ${PAYLOAD}`.slice(0, 120));
    await page.getByLabel('Price', { exact: true }).fill('120');
    await page.getByRole('button', { name: 'Add Artwork' }).click();
    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/);

    const artworkPath = `/gallery/seascapes/${slug}`;
    for (const path of ['/', '/gallery', '/gallery/all', '/gallery/seascapes', artworkPath, `/search?q=Harbour`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByText(title).visible().first(), path).toBeVisible();
      const blocks = await jsonLdBlocks(page);
      expect(blocks.length, path).toBeGreaterThan(0);
      // No injected script element: the only scripts with the payload's text are JSON-LD strings.
      const injected = await page
        .locator('script')
        .evaluateAll((scripts) => scripts.filter((s) => s.textContent?.trim() === 'alert(1)').length);
      expect(injected, path).toBe(0);
    }
    // The structured data, once parsed, carries the title exactly as typed, markup and all.
    await page.goto(artworkPath);
    expect(JSON.stringify(await jsonLdBlocks(page))).toContain(JSON.stringify(title));
    expect(dialogs).toBe(0);

    // Leave the catalogue as it was.
    await page.goto('/admin/artworks/manage');
    await waitForToastsToClose(page);
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Artwork' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete artwork' }).click();
    await expect(page.getByText('Artwork Deleted')).toBeVisible();
    await fs.rm(jpeg, { force: true });
  },
);
