import fs from 'node:fs/promises';
import { devices, type Page } from '@playwright/test';
import { seedArtworks } from '../lib/seed/artworks-data';
import { expect, makeJpeg, test, waitForToastsToClose } from './admin-helpers';
import { expectNoA11yViolations, ownClientAddress, signedIn } from './fixtures';
import { accounts } from './world';

/**
 * Fixes the owner asked for: toasts one after another, the gate's titles, welcome and Go Back,
 * the edit form's server HTML, slugs that clean to nothing, 'View on site' and the redirect
 * note, the same-title warning, and the admin 404. Each at desktop and phone size.
 */

const sizes = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: devices['Pixel 7'].viewport, isMobile: true, hasTouch: true } },
] as const;

const seeded = seedArtworks.find((art) => art.category === 'Seascapes')!;

/** Every toast the page shows, read at every painted frame from the first document on: which are visible. */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const log: { t: number; visible: string[] }[] = [];
    (window as unknown as { toastLog: typeof log }).toastLog = log;
    // Read at every frame, just before it is painted: what the owner sees. A 100 ms polling
    // timer fires late on a busy machine, and a late first sample made a toast's 5 s on screen
    // look like 4.2 s; a DOM observer sees states inside one frame that are never painted.
    const everyFrame = () => {
      const visible = [
        ...document.querySelectorAll('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])'),
      ].map((toast) => toast.querySelector('[data-title]')?.textContent ?? '');
      if (log.at(-1)?.visible.join('\n') !== visible.join('\n')) log.push({ t: performance.now(), visible });
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  });
  /** Runs of one visible toast: its title and how long it was on screen. */
  return async () => {
    const { log, now } = await page.evaluate(() => ({
      log: (window as unknown as { toastLog: { t: number; visible: string[] }[] }).toastLog,
      now: performance.now(),
    }));
    expect(
      Math.max(...log.map((entry) => entry.visible.length)),
      'never more than one toast visible',
    ).toBeLessThanOrEqual(1);
    const runs: { title: string; ms: number }[] = [];
    let current: { title: string; from: number } | null = null;
    // Each entry is a change: a run lasts from the change that showed its toast to the next one.
    for (const { t, visible } of log) {
      const title = visible[0] ?? null;
      if (current && title === current.title) continue;
      if (current) runs.push({ title: current.title, ms: t - current.from });
      current = title ? { title, from: t } : null;
    }
    if (current) runs.push({ title: current.title, ms: now - current.from });
    return runs;
  };
}

const jpegs: string[] = [];
test.afterAll(async () => {
  await Promise.all(jpegs.map((file) => fs.rm(file, { force: true })));
});

async function fillNewArtwork(page: Page, art: { title: string; slug?: string; alt: string }) {
  await page.goto('/admin/artworks/add');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(art.title);
  if (art.slug !== undefined) await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(art.slug);
  await page.getByLabel('Description (short hook)').fill('Made by the owner-fixes browser test.');
  // The browser reads the file when the form uploads it: it is removed after the test.
  const jpeg = await makeJpeg(`h5-${Date.now()}`);
  jpegs.push(jpeg);
  await page.getByLabel(/Image file/).setInputFiles(jpeg);
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Alt text', exact: true }).fill(art.alt);
  await page.getByLabel('Price', { exact: true }).fill('300');
}

async function viewOnSiteHref(page: Page, title: string) {
  await page.goto('/admin/artworks/manage');
  return page.getByRole('link', { name: `View on site: ${title}`, exact: true }).getAttribute('href');
}

for (const size of sizes) {
  test.describe(`the owner, at ${size.name} size`, () => {
    test.use({ storageState: signedIn.admin, ...size.use });

    test(`@writes saving with an adjusted slug shows each toast in turn, for its 5000 ms (${size.name})`, async ({
      page,
      created,
    }) => {
      test.setTimeout(90_000);
      const title = `H5 Toast Queue ${size.name} ${Date.now()}`;
      created.track(title);
      const runs = await recordToasts(page);
      // The seeded artwork's slug is taken: the save appends -2 and says so.
      await fillNewArtwork(page, { title, slug: seeded.slug, alt: 'A grey sea under a low sky' });
      await page.getByRole('button', { name: 'Add Artwork' }).click();
      await expect(page).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 20_000 });
      await page.mouse.move(0, 0);
      await waitForToastsToClose(page);
      const shown = await runs();
      expect(shown.map((run) => run.title)).toEqual([
        'Image Upload Successful!',
        'Success! Artwork added/updated successfully.',
        'Slug Adjusted',
      ]);
      // Each one for its own 5000 ms: about 4,975-5,005 ms from painted frame to painted frame
      // here. A busy machine can paint the first frame a little late; toasts closing together
      // (the bug) show for none of it.
      for (const run of shown) expect(run.ms, run.title).toBeGreaterThan(4_500);
    });

    test(`@writes a slug that cleans to nothing comes from the title; the field shows the cleaned slug (${size.name})`, async ({
      page,
      created,
    }) => {
      const stamp = Date.now();
      const title = `H5 Bang Slug ${size.name} ${stamp}`;
      created.track(title);
      await fillNewArtwork(page, { title, alt: 'Wet sand at low tide' });
      const slug = page.getByRole('textbox', { name: 'Slug', exact: true });
      await slug.fill('');
      await slug.pressSequentially('My Slug!');
      await expect(slug).toHaveValue('my-slug');
      await slug.fill('!!!');
      await expect(slug).toHaveValue('');
      await page.getByLabel('Price', { exact: true }).focus();
      const expected = `h5-bang-slug-${size.name}-${stamp}`;
      await expect(slug).toHaveValue(expected);
      await page.getByRole('button', { name: 'Add Artwork' }).click();
      await expect(page).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 20_000 });
      // Only a clash adjusts a slug: none here. 'Success!' waits its turn behind the upload's
      // toast (5 s on screen), which may have most of its time left when the list loads.
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Success!' })).toBeAttached({
        timeout: 15_000,
      });
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Slug Adjusted' })).toHaveCount(0);
      expect(await viewOnSiteHref(page, title)).toBe(`/gallery/landscapes/${expected}`);
      expect((await page.request.get(`/gallery/landscapes/${expected}`)).status()).toBe(200);
    });

    test(`@writes 'View on site' on the list and the edit page; a moved artwork's old address redirects, and the save says so (${size.name})`, async ({
      page,
      created,
    }) => {
      test.setTimeout(90_000);
      const stamp = Date.now();
      const title = `H5 View On Site ${size.name} ${stamp}`;
      created.track(title);
      await fillNewArtwork(page, { title, alt: 'Boats drawn up on shingle' });
      await page.getByRole('button', { name: 'Add Artwork' }).click();
      await expect(page).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 20_000 });
      const oldPath = `/gallery/landscapes/h5-view-on-site-${size.name}-${stamp}`;
      expect(await viewOnSiteHref(page, title)).toBe(oldPath);
      // A client navigation: the page's title streams in with its metadata, after its content.
      await expect(page).toHaveTitle('Manage Artworks - Admin');
      await expectNoA11yViolationsOnceQuiet(page);

      await page.getByRole('link', { name: `Edit ${title}`, exact: true }).click();
      const view = page.getByRole('link', { name: `View on site: ${title}`, exact: true });
      await expect(view).toHaveAttribute('href', oldPath);
      await expect(page).toHaveTitle('Edit Artwork - Admin');
      await expectNoA11yViolationsOnceQuiet(page);
      await page.getByLabel('Category').selectOption('Seascapes');
      await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(`h5-moved-${size.name}-${stamp}`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 20_000 });
      const newPath = `/gallery/seascapes/h5-moved-${size.name}-${stamp}`;
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Success!' })).toContainText(
        `Its old address ${oldPath} now redirects to ${newPath}.`,
      );
      const old = await page.request.get(oldPath, { maxRedirects: 0 });
      expect(old.status()).toBe(308);
      expect(old.headers()['location']).toContain(newPath);
      await page.goto(newPath);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  });
}

// The rest run in the desktop project and, tagged @phone, in the phone project (Pixel 7).
test.describe('the owner', () => {
  test.use({ storageState: signedIn.admin });

  test(`@phone a title another artwork already has gives a gentle warning, and saving stays possible`, async ({
    page,
  }) => {
    await page.goto('/admin/artworks/add');
    const titleBox = page.getByRole('textbox', { name: 'Title', exact: true });
    await titleBox.fill(seeded.title.toUpperCase());
    await page.getByRole('textbox', { name: 'Slug', exact: true }).focus();
    const warning = page.getByText(
      `Another artwork is already called "${seeded.title}". You can still save: two artworks may share a title.`,
    );
    await expect(warning).toBeVisible();
    // Part of the field's description, and not an error: the field stays valid, the button enabled.
    await expect(titleBox).toHaveAccessibleDescription(/Another artwork is already called/);
    await expect(titleBox).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Add Artwork' })).toBeEnabled();
    await expectNoA11yViolations(page);
    await titleBox.fill('A title nobody has used');
    await expect(warning).toHaveCount(0);
  });

  test(`@phone the edit form arrives with the artwork's values in the server HTML, every field`, async ({ page }) => {
    await page.goto('/admin/artworks/manage');
    const href = (await page.getByRole('link', { name: `Edit ${seeded.title}`, exact: true }).getAttribute('href'))!;
    const html = await (await page.request.get(href)).text();
    // The values as the hydrated form holds them…
    await page.goto(href);
    await expect(page.locator('form fieldset[disabled]')).toHaveCount(0);
    const live = await page.locator('form').evaluate((form) =>
      [
        ...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
          'input[name], textarea[name], select[name]',
        ),
      ]
        .filter((el) => el.type !== 'file')
        .map((el) => ({
          name: el.name,
          value: el instanceof HTMLInputElement && el.type === 'checkbox' ? String(el.checked) : el.value,
        })),
    );
    expect(live.length).toBeGreaterThan(20);
    // …are the values in the HTML the server sent, read without running any script.
    const served = await page.evaluate((markup) => {
      const doc = new DOMParser().parseFromString(markup, 'text/html');
      // Streamed Suspense content arrives in hidden templates: read it wherever it is.
      return Object.fromEntries(
        [
          ...doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
            'input[name], textarea[name], select[name]',
          ),
        ].map((el) => [
          el.name,
          el instanceof HTMLInputElement && el.type === 'checkbox'
            ? String(el.hasAttribute('checked'))
            : el instanceof HTMLSelectElement
              ? (el.querySelector('option[selected]')?.getAttribute('value') ?? '')
              : el instanceof HTMLTextAreaElement
                ? el.textContent
                : (el.getAttribute('value') ?? ''),
        ]),
      );
    }, html);
    for (const { name, value } of live) expect(served[name], name).toBe(value);
    expect(served.title).toBe(seeded.title);
  });

  test(`@phone an admin URL that does not exist keeps the admin frame, with a way back to the dashboard`, async ({
    page,
  }) => {
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found - Admin');
    await expect(page.getByRole('link', { name: 'Elena Marsh · Admin' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  test(`@phone Add, then Manage, then Edit without a reload: no field id twice`, async ({ page }) => {
    await page.goto('/admin/artworks/add');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeEnabled();
    await page.getByRole('link', { name: 'Manage Artworks' }).click();
    await page.getByRole('link', { name: `Edit ${seeded.title}`, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(seeded.title);
    // Next keeps the pages left behind mounted but hidden: the form's ids must still be its own.
    const duplicates = await page.locator('form:visible').evaluate((form) => {
      const ids = [...form.querySelectorAll('input[id], select[id], textarea[id]')].map((el) => el.id);
      for (const label of form.querySelectorAll('label[for]')) ids.push(label.getAttribute('for')!);
      return [...new Set(ids)].filter((id) => document.querySelectorAll(`[id="${id}"]`).length !== 1);
    });
    expect(duplicates).toEqual([]);
    await expectNoA11yViolations(page);
  });
});

test.describe('the gate', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(ownClientAddress());
  });

  test(`@phone a non-admin who signs in is not welcomed, and each gate screen names the tab`, async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveTitle('Admin Login | Elena Marsh Watercolours');
    await expectNoA11yViolations(page);
    await page.getByLabel('Email').fill(accounts.viewer.email);
    await page.getByLabel('Password').fill(accounts.viewer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page).toHaveTitle('Access Denied | Elena Marsh Watercolours');
    // The sign-in's answer came before the screen changed: a welcome would be up by now.
    await page.waitForTimeout(1_000);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await page.reload();
    await expect(page).toHaveTitle('Access Denied | Elena Marsh Watercolours');
    await expectNoA11yViolations(page);
  });

  test(`@phone the admin who signs in is welcomed`, async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('Email').fill(accounts.admin.email);
    await page.getByLabel('Password').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Signed in' })).toContainText(
      `Welcome back, ${accounts.admin.email}.`,
    );
    await expect(page).toHaveTitle('Dashboard - Admin');
  });
});

test.describe('Go Back on Access Denied', () => {
  test.use({ storageState: signedIn.viewer });

  test(`@phone in a fresh tab it goes to the home page, not out of the site`, async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeAttached();
  });

  test(`@phone after a page of this site it goes back there`, async ({ page }) => {
    await page.goto('/gallery');
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
  });
});

/** axe reads a fading toast as low contrast: let them close first. */
async function expectNoA11yViolationsOnceQuiet(page: Page) {
  await waitForToastsToClose(page);
  await expectNoA11yViolations(page);
}
