import { deleteFromList, expect, submitNewArtwork, test } from './admin-helpers';
import { signedIn } from './fixtures';
import { expectToast } from './site-helpers';

/**
 * Admin writes the public site must follow at once. Tagged @writes: they run after the
 * read-only tests (playwright.config.ts), and the `created` fixture deletes what they add.
 */
test.use({ storageState: signedIn.admin });

test(
  'an artwork added is in sitemap.xml at once, and gone from it once deleted',
  { tag: '@writes' },
  async ({ page, request, created }) => {
    const stamp = Date.now();
    const title = `Sitemap Egret ${stamp}`;
    const loc = `/gallery/landscapes/sitemap-egret-${stamp}</loc>`;
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(loc);

    created.track(title);
    await submitNewArtwork(page, {
      title,
      category: 'Landscapes',
      description: 'An egret lifting off the marsh at Rye Harbour.',
      alt: 'Watercolour of a white egret over a green marsh',
      price: '300',
    });
    expect(await (await request.get('/sitemap.xml')).text()).toContain(loc);

    await deleteFromList(page, title);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(loc);
  },
);

test(
  "a slug already taken is made unique, and the 'Slug Adjusted' notice says to what",
  { tag: '@writes' },
  async ({ page, created }) => {
    const title = `Slug Clash ${Date.now()}`;
    created.track(title);
    await submitNewArtwork(page, {
      title,
      // The slug of a seeded artwork.
      slug: 'box-hill-after-rain',
      category: 'Landscapes',
      description: 'Box Hill again, in a second light.',
      alt: 'Watercolour of wet chalk downland under clearing cloud',
      price: 'On Request',
    });
    // Toasts show one at a time for 5 s each (docs/product.md, Toasts): this is the third after a
    // save with an upload (Image Upload Successful!, then Success!, then Slug Adjusted).
    await expectToast(page, 'Slug Adjusted', { timeout: 16_000 });
    await expectToast(page, 'Your slug has been updated to "box-hill-after-rain-2" to ensure it is unique.');
    // A fresh document: Next keeps the add form's page hidden in the DOM after a client-side
    // navigation, and its field ids then shadow the edit form's labels.
    await page.goto('/admin/artworks/manage');
    await page.getByRole('link', { name: `Edit ${title}`, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue('box-hill-after-rain-2');
  },
);
