import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoA11yViolations, signedIn } from './fixtures';

/**
 * Nothing the owner does before an admin page is ready is lost. The page's scripts are
 * held back, as on a slow connection, until the test has acted on the server's HTML and lets them
 * through: every control that needs the page's script is disabled until React has hydrated it
 * (and works after), except the bulk upload's file chooser and drop zone, whose files join the
 * queue once the page is ready. Forms that work without JavaScript (the GET search and filter
 * forms) are left live. On a desktop and a phone. The scripts wait for the test, not for a clock:
 * however slow the machine, the test's look comes before hydration, and no test waits longer than
 * it acts.
 */
const READY = { timeout: 15_000 };

/** Opens `path` with every script of the page held back until the returned function is called. */
async function openBeforeReady(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/.+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}

/** The page's controls that need its script: in <main>, outside forms that work without it. */
const NEEDS_SCRIPT = 'main :is(button, input, select, textarea):not(form[role="search"] *):not([data-drop-zone] input)';

/** Describes each such control that is not disabled right now (one look, before any script runs). */
function liveControls(page: Page): Promise<string[]> {
  return page
    .locator(NEEDS_SCRIPT)
    .evaluateAll((controls) =>
      controls
        .filter((control) => !control.matches(':disabled'))
        .map(
          (control) =>
            `${control.tagName.toLowerCase()} ${control.getAttribute('aria-label') ?? control.textContent?.trim() ?? ''}`,
        ),
    );
}

async function expectWaitingThenReady(page: Page, path: string, ready: (page: Page) => ReturnType<Page['getByRole']>) {
  const release = await openBeforeReady(page, path);
  // The streamed content is on screen (React's inline scripts reveal it; they are not held).
  await expect(ready(page)).toBeVisible();
  expect(await page.locator(NEEDS_SCRIPT).count(), `${path} has controls`).toBeGreaterThan(0);
  expect(await liveControls(page), `${path}: controls live before the page is ready`).toEqual([]);
  // Waiting is no excuse: the page is as accessible before it is ready as after (a table that
  // scrolls sideways while its fields are disabled still needs a way in for the keyboard).
  await expectNoA11yViolations(page);
  release();
  await expect(ready(page)).toBeEnabled(READY);
  // Nothing on the screen is wider than it: what scrolls sideways does so inside its own region.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test.describe('signed in', () => {
  test.use({ storageState: signedIn.admin });

  test(
    'bulk upload: images chosen and dropped before the page is ready join the queue once it is; the rest waits, disabled',
    { tag: '@phone' },
    async ({ page }) => {
      const jpeg = async (name: string, colour: string) => ({
        name,
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
          .jpeg()
          .toBuffer(),
      });
      const chosen = await jpeg(`Chosen_early_${test.info().project.name}.jpg`, '#3a6d8c');
      const dropped = await jpeg(`Dropped_early_${test.info().project.name}.jpg`, '#c27c5a');

      const release = await openBeforeReady(page, '/admin/artworks/bulk-upload');
      await expect(page.getByLabel('Default category')).toBeVisible();
      // One look each (a retrying assertion would pass once the page is ready); soft, so a live
      // control is reported and the test goes on to show what becomes of the files.
      expect.soft(await liveControls(page)).toEqual([]);
      await page.getByLabel('Choose images').setInputFiles(chosen);
      const transfer = await page.evaluateHandle(
        ({ name, base64 }) => {
          const data = new DataTransfer();
          data.items.add(
            new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/jpeg' }),
          );
          return data;
        },
        { name: dropped.name, base64: dropped.buffer.toString('base64') },
      );
      const zone = page.getByTestId('drop-zone');
      for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: transfer });
      // Still the server's HTML (its controls still wait): the files were given before hydration.
      expect.soft(await liveControls(page)).toEqual([]);
      release();

      const queue = page.getByRole('list', { name: 'Images in the queue' }).getByRole('listitem');
      await expect(queue).toHaveCount(2, READY);
      const title = (file: { name: string }) => file.name.replace(/\.jpg$/, '').replaceAll('_', ' ');
      for (const file of [chosen, dropped])
        await expect(queue.getByRole('heading', { level: 3, name: title(file), exact: true })).toBeVisible();
      await expect(page.getByLabel('Default category')).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Upload All' })).toBeEnabled();
      // The page stayed: a file dropped before the page was ready was not opened in its place.
      await expect(page).toHaveURL(/\/admin\/artworks\/bulk-upload$/);
    },
  );

  const screens: [string, (page: Page) => ReturnType<Page['getByRole']>][] = [
    ['/admin', (page) => page.getByRole('button', { name: 'Logout' })],
    ['/admin/artworks/add', (page) => page.getByRole('button', { name: 'Add Artwork' })],
    ['/admin/artworks/manage', (page) => page.getByRole('button', { name: /^Delete / }).first()],
    ['/admin/artworks/bulk-manage', (page) => page.getByRole('checkbox', { name: /^Select all \d+ on this page$/ })],
    ['/admin/tools/seo-retrofit', (page) => page.getByRole('button', { name: 'Run Full SEO Retrofit' })],
    ['/admin/tools/sitemap', (page) => page.getByRole('button', { name: 'Generate & Ping Search Engines' })],
    ['/admin/logs/app', (page) => page.getByRole('button', { name: 'Refresh' })],
    ['/admin/logs/ai', (page) => page.getByRole('button', { name: 'Refresh' })],
    ['/admin/account', (page) => page.getByRole('main').getByRole('button').first()],
    ['/admin/shop', (page) => page.getByRole('button', { name: 'Save Delivery Prices' })],
  ];
  for (const [path, ready] of screens) {
    test(
      `${path}: every control waits, disabled, until the page is ready, then works`,
      { tag: '@phone' },
      async ({ page }) => {
        await expectWaitingThenReady(page, path, ready);
      },
    );
  }

  test('the edit form waits, disabled, until the page is ready', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/admin/artworks/manage');
    const edit = (await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .getAttribute('href'))!;
    await page.unrouteAll();
    await expectWaitingThenReady(page, edit, (p) => p.getByRole('button', { name: 'Save Changes' }));
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeEnabled();
  });
});

test(
  'the login form waits, disabled, until the page is ready: a password is never sent in the address',
  { tag: '@phone' },
  async ({ page }) => {
    await expectWaitingThenReady(page, '/admin', (p) => p.getByRole('button', { name: 'Sign In' }));
    await expect(page.getByLabel('Email')).toBeEnabled();
  },
);
