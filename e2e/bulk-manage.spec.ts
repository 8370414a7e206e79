import type { Page } from '@playwright/test';
import { deleteFromList, expect, submitNewArtwork, test, waitForToastsToClose } from './admin-helpers';
import { expectNoA11yViolations, signedIn } from './fixtures';
import { expectToast } from './site-helpers';

/**
 * Bulk Manage Artworks (docs/product.md, Bulk Manage Artworks). The screen tests only read; the
 * @writes ones add their own artworks (deleted afterwards by `created`) and change only those.
 */
test.use({ storageState: signedIn.admin });

const SCREEN = '/admin/artworks/bulk-manage';

const selectedCount = (page: Page) => page.getByText(/^[\d,]+ selected$/);
const applyButton = (page: Page) => page.getByRole('button', { name: 'Apply Changes' });
const deleteButton = (page: Page) => page.getByRole('button', { name: 'Delete Selected' });
const rowCheckbox = (page: Page, title: string) => page.getByRole('checkbox', { name: `Select ${title}`, exact: true });
const selectAll = (page: Page) => page.getByRole('checkbox', { name: /^Select all \d+ on this page$/ });

async function searchTitles(page: Page, q: string) {
  await page.goto(`${SCREEN}?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole('heading', { name: 'Bulk Manage Artworks' })).toBeVisible();
}

/** Adds `n` artworks through the real form, in Landscapes, titled and slugged after `stamp`. */
async function addArtworks(page: Page, track: (title: string) => void, label: string, stamp: number, n: number) {
  const arts = Array.from({ length: n }, (_, i) => ({
    title: `${label} ${stamp} ${i + 1}`,
    slug: `${label.toLowerCase().replace(/\s+/g, '-')}-${stamp}-${i + 1}`,
  }));
  for (const art of arts) {
    track(art.title);
    await submitNewArtwork(page, {
      ...art,
      category: 'Landscapes',
      description: 'A study of evening light over the estuary.',
      alt: `Watercolour study titled ${art.title}`,
      price: '180',
    });
  }
  return arts;
}

test(
  'the screen: back to the dashboard, the selected count, the documented controls, disabled until something is selected',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(SCREEN);
    await expect(page).toHaveTitle('Bulk Manage Artworks - Admin');
    await expect(page.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/admin');
    await expect(selectedCount(page)).toHaveText('0 selected');
    const category = page.getByRole('combobox', { name: 'New category' });
    await expect(category.locator('option').first()).toHaveText('Change Category...');
    await expect(category.locator('option')).toHaveText([
      'Change Category...',
      'Sanctuaries of the Mind',
      'Landscapes',
      'Seascapes',
      'Animals',
      'Florals',
      'Buildings',
    ]);
    await expect(page.getByRole('textbox', { name: 'New price' })).toHaveAttribute('placeholder', 'Update Price...');
    await expect(applyButton(page)).toBeDisabled();
    await expect(deleteButton(page)).toBeDisabled();
    // On a phone, category and price sit under the title instead of in columns of their own.
    const columns = page.viewportSize()!.width >= 640 ? ['Artwork', 'Category', 'Price'] : ['Artwork'];
    await expect(page.getByRole('columnheader')).toHaveText(['', ...columns]);

    // One row ticked enables both actions.
    const first = page.getByRole('checkbox', { name: /^Select (?!all)/ }).first();
    await first.check();
    await expect(selectedCount(page)).toHaveText('1 selected');
    await expect(applyButton(page)).toBeEnabled();
    await expect(deleteButton(page)).toBeEnabled();
    // Neither a category nor a price: the documented message, and nothing is sent.
    await applyButton(page).click();
    await expectToast(page, 'No update action specified');
    await first.uncheck();
    await expect(applyButton(page)).toBeDisabled();
    await waitForToastsToClose(page);
    await expectNoA11yViolations(page);
  },
);

test(
  'select-all selects every row of the page, and every row and both actions are in reach without scrolling sideways',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto(SCREEN);
    // The list streams in under Suspense (React may reveal it after the load event): wait for it.
    await expect(selectAll(page)).toBeVisible();
    const onPage = await page.getByRole('checkbox', { name: /^Select (?!all)/ }).count();
    expect(onPage).toBeGreaterThan(0);
    await expect(selectAll(page)).toHaveAccessibleName(`Select all ${onPage} on this page`);
    await selectAll(page).check();
    await expect(selectedCount(page)).toHaveText(`${onPage} selected`);
    for (const row of await page.getByRole('checkbox', { name: /^Select (?!all)/ }).all())
      await expect(row).toBeChecked();
    await expectNoA11yViolations(page);

    const viewport = page.viewportSize()!;
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    for (const control of [
      applyButton(page),
      deleteButton(page),
      selectAll(page),
      ...(await page.getByRole('checkbox', { name: /^Select (?!all)/ }).all()),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    // Toggled again: nothing selected.
    await selectAll(page).uncheck();
    await expect(selectedCount(page)).toHaveText('0 selected');
    await expect(applyButton(page)).toBeDisabled();
  },
);

test(
  "search by title filters on the server; a search that finds nothing says 'No artworks found.'",
  { tag: '@phone' },
  async ({ page }) => {
    await searchTitles(page, 'box hill');
    await expect(rowCheckbox(page, 'Box Hill after Rain')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Select (?!all)/ })).toHaveCount(1);
    await expect(page.getByText('1 artwork matching “box hill”')).toBeVisible();

    await searchTitles(page, 'no painting is called this');
    await expect(page.getByText('No artworks found.')).toBeVisible();
    await expect(applyButton(page)).toBeDisabled();

    await page.goto(SCREEN);
    await page.getByRole('searchbox', { name: 'Search by title' }).fill('Box Hill');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\?q=Box\+Hill$/);
    await expect(page.getByRole('checkbox', { name: /^Select (?!all)/ })).toHaveCount(1);
  },
);

test(
  'with more artworks than a page: select-all says "all 24 on this page", then offers all matching; the list pages',
  { tag: '@writes' },
  async ({ page, created }) => {
    test.setTimeout(120_000);
    // The e2e catalogue is one page (24): one more makes two.
    await addArtworks(page, created.track, 'Estuary Extra', Date.now(), 1);
    await page.goto(SCREEN);
    const total = Number((await page.getByText(/^[\d,]+ artworks$/).textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(24);
    await expect(page.getByRole('checkbox', { name: /^Select (?!all)/ })).toHaveCount(24);
    await selectAll(page).check();
    await expect(selectedCount(page)).toHaveText('24 selected');
    await expect(page.getByText('All 24 on this page are selected.')).toBeVisible();
    await page.getByRole('button', { name: `Select all ${total} matching` }).click();
    await expect(selectedCount(page)).toHaveText(`${total} selected`);
    await expect(page.getByText(`All ${total} matching artworks are selected.`)).toBeVisible();
    await expectNoA11yViolations(page);
    // Unticking one row leaves the rest of the page.
    await page
      .getByRole('checkbox', { name: /^Select (?!all)/ })
      .first()
      .uncheck();
    await expect(selectedCount(page)).toHaveText('23 selected');
    await selectAll(page).check();
    await page.getByRole('button', { name: `Select all ${total} matching` }).click();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(selectedCount(page)).toHaveText('0 selected');

    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    // Others may add artworks meanwhile: page 2 holds at least the one added here.
    expect(await page.getByRole('checkbox', { name: /^Select (?!all)/ }).count()).toBeGreaterThan(0);
  },
);

test(
  'bulk-change the category of 3 artworks: the new values show, and they are under the new collection at once, their old URLs answering 308',
  { tag: '@writes' },
  async ({ page, request, created }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const arts = await addArtworks(page, created.track, 'Estuary Move', stamp, 3);

    await searchTitles(page, `Estuary Move ${stamp}`);
    await selectAll(page).check();
    await expect(selectedCount(page)).toHaveText('3 selected');
    await page.getByRole('combobox', { name: 'New category' }).selectOption('Seascapes');
    await page.getByRole('textbox', { name: 'New price' }).fill('275');
    await applyButton(page).click();

    await expectToast(page, '3 artworks updated.');
    await expect(selectedCount(page)).toHaveText('0 selected');
    for (const art of arts) {
      const row = page.getByRole('row').filter({ has: rowCheckbox(page, art.title) });
      await expect(row).toContainText('Seascapes');
      await expect(row).toContainText('£275.00');
      await expect(rowCheckbox(page, art.title)).not.toBeChecked();
    }

    const collection = await (await request.get('/gallery/seascapes')).text();
    for (const art of arts) {
      expect(collection).toContain(art.title);
      const old = await request.get(`/gallery/landscapes/${art.slug}`, { maxRedirects: 0 });
      expect(old.status()).toBe(308);
      // Next repeats the Location header of a redirect from a page (e2e/catalogue.spec.ts reads it the same way).
      expect([...new Set(old.headers().location!.split(', '))]).toEqual([`/gallery/seascapes/${art.slug}`]);
      expect((await request.get(`/gallery/seascapes/${art.slug}`)).status()).toBe(200);
    }
  },
);

test(
  'bulk-delete 2 artworks: the dialog says what is lost, then their rows, pages and image files are gone',
  { tag: '@writes' },
  async ({ page, request, created }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const arts = await addArtworks(page, created.track, 'Estuary Gone', stamp, 2);
    const files: string[] = [];
    for (const art of arts) {
      const html = await (await request.get(`/gallery/landscapes/${art.slug}`)).text();
      const own = [...new Set(html.match(/\/media\/[^"'\s,)]+/g) ?? [])].filter((url) => url.includes(`/${art.slug}/`));
      expect(own.length).toBeGreaterThanOrEqual(3);
      files.push(...own);
    }
    for (const file of files) expect((await request.get(file)).status()).toBe(200);

    await searchTitles(page, `Estuary Gone ${stamp}`);
    await selectAll(page).check();
    await deleteButton(page).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 2 artworks?' });
    await expect(dialog).toContainText(
      'This will permanently delete the selected artworks and their images. This action cannot be undone.',
    );
    await expect(dialog.getByRole('button')).toHaveText(['Cancel', 'Confirm Delete']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(selectedCount(page)).toHaveText('2 selected');

    await deleteButton(page).click();
    await dialog.getByRole('button', { name: 'Confirm Delete' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText('No artworks found.')).toBeVisible();
    await expect(selectedCount(page)).toHaveText('0 selected');

    for (const art of arts) expect((await request.get(`/gallery/landscapes/${art.slug}`)).status()).toBe(404);
    for (const file of files) expect((await request.get(file)).status()).toBe(404);
  },
);

test(
  "a selection that no longer holds: 'Bulk update failed' and 'Bulk delete failed' with the reason, and nothing changes",
  { tag: '@writes' },
  async ({ page, browser, baseURL, request, created }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const arts = await addArtworks(page, created.track, 'Estuary Stale', stamp, 2);
    await searchTitles(page, `Estuary Stale ${stamp}`);
    await selectAll(page).check();

    // Meanwhile, in another tab, one of them is deleted.
    const other = await browser.newContext({ baseURL, storageState: signedIn.admin });
    await deleteFromList(await other.newPage(), arts[0]!.title);
    await other.close();

    await page.getByRole('textbox', { name: 'New price' }).fill('999');
    await applyButton(page).click();
    await expectToast(page, 'Bulk update failed');
    await expectToast(page, 'The list has changed since it was loaded: 2 selected, 1 found now. Nothing was changed.');
    await expect(selectedCount(page)).toHaveText('2 selected');
    await waitForToastsToClose(page);

    await deleteButton(page).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm Delete' }).click();
    await expectToast(page, 'Bulk delete failed');
    await expectToast(page, 'Nothing was changed.');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(selectedCount(page)).toHaveText('2 selected');
    expect((await request.get(`/gallery/landscapes/${arts[1]!.slug}`)).status()).toBe(200);
    await expect(page.getByRole('row').filter({ has: rowCheckbox(page, arts[1]!.title) })).toContainText('£180.00');
  },
);
