import { expect, type Page } from '@playwright/test';
import { categorySlug } from '../lib/categories';
import { submitNewArtwork, test } from './admin-helpers';
import { expectNoA11yViolations, signedIn } from './fixtures';

// 'View on a wall' (docs/product.md, Artwork page): the painting at true scale above a 2-seat sofa,
// 180 cm wide, from the artwork's width_mm and height_mm; server-rendered, no client JavaScript.

const QUIET_HOUR = {
  path: '/gallery/sanctuaries-of-the-mind/quiet-hour-at-dulwich-park-lake',
  widthCm: 56,
  heightCm: 38,
};
const BREATH = { path: '/gallery/sanctuaries-of-the-mind/where-the-breath-slows', widthCm: 102, heightCm: 76 };
const SOFA_CM = { width: 180, height: 80 };

async function openWall(page: Page) {
  const summary = page.locator('summary', { hasText: 'View on a wall' });
  await expect(summary).toBeVisible();
  expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await summary.click();
  const scene = page.locator('[data-wall="scene"]');
  await expect(scene).toBeVisible();
  await expect(page.locator('img[data-wall="painting"]')).toHaveJSProperty('complete', true);
  return scene;
}

/** Sizes on screen, in px: the painting and the sofa drawn to one scale. */
async function measured(page: Page) {
  const painting = (await page.locator('[data-wall="painting"]').boundingBox())!;
  const sofa = (await page.locator('[data-wall="sofa"]').boundingBox())!;
  const scene = (await page.locator('[data-wall="scene"]').boundingBox())!;
  return { painting, sofa, scene };
}

for (const art of [QUIET_HOUR, BREATH]) {
  test(
    `${art.path.split('/').pop()}: the painting and a 180 cm sofa at one scale, stated in words`,
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto(art.path);
      // Closed at first: the scene's image waits for the visitor.
      await expect(page.locator('[data-wall="scene"]')).toBeHidden();
      await expect(page.locator('img[data-wall="painting"]')).toHaveAttribute('loading', 'lazy');
      await openWall(page);

      const { painting, sofa, scene } = await measured(page);
      const pxPerCm = sofa.width / SOFA_CM.width;
      expect(sofa.height / pxPerCm).toBeCloseTo(SOFA_CM.height, -0.5);
      expect(painting.width / pxPerCm).toBeCloseTo(art.widthCm, -0.5);
      expect(painting.height / pxPerCm).toBeCloseTo(art.heightCm, -0.5);
      // Above the sofa, inside the wall, and the painting's own picture loaded.
      expect(painting.y + painting.height).toBeLessThan(sofa.y);
      expect(painting.x).toBeGreaterThan(scene.x);
      expect(painting.x + painting.width).toBeLessThan(scene.x + scene.width);
      expect(
        await page.locator('img[data-wall="painting"]').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      expect(scene.width).toBeLessThanOrEqual(page.viewportSize()!.width);

      await expect(
        page.getByText(
          `Shown to scale: the painting, ${art.widthCm} × ${art.heightCm} cm, hangs 20 cm above a 2-seat sofa, 180 cm wide and 80 cm high.`,
        ),
      ).toBeVisible();
      await expectNoA11yViolations(page);
    },
  );
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('opens and shows the scene: it is plain server-rendered HTML', { tag: '@phone' }, async ({ page }) => {
    await page.goto(QUIET_HOUR.path);
    await openWall(page);
    const { painting, sofa } = await measured(page);
    expect(painting.width / sofa.width).toBeCloseTo(QUIET_HOUR.widthCm / SOFA_CM.width, 1);
    await expect(page.getByText(/^Shown to scale: /)).toBeVisible();
  });
});

test.describe('an artwork without dimensions', () => {
  test.use({ storageState: signedIn.admin });

  test('shows no View on a wall (and no size)', { tag: '@writes' }, async ({ page, browser, baseURL, created }) => {
    const title = `No Size Study ${Date.now()}`;
    created.track(title);
    await submitNewArtwork(page, {
      title,
      category: 'Landscapes',
      description: 'A study without measurements.',
      alt: 'A blue circle on pale blue',
      price: '120',
    });

    const slug = title.toLowerCase().replace(/\s+/g, '-');
    const visitor = await browser.newContext({ baseURL });
    try {
      const view = await visitor.newPage();
      const response = await view.goto(`/gallery/${categorySlug('Landscapes')}/${slug}`);
      expect(response?.status()).toBe(200);
      await expect(view.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(view.getByText('View on a wall')).toHaveCount(0);
      await expect(view.locator('[data-wall]')).toHaveCount(0);
      await expect(view.getByRole('term').filter({ hasText: 'Size' })).toHaveCount(0);
      await expectNoA11yViolations(view);
    } finally {
      await visitor.close();
    }
  });
});
