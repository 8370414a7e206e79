import crypto from 'node:crypto';
import { mergeTests, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import { expect, test as adminTest, waitForToastsToClose } from './admin-helpers';
import { test as faultsTest } from './faults';
import { expectNoA11yViolations, signedIn } from './fixtures';
import { expectToast } from './site-helpers';

/**
 * The bulk upload screen (docs/product.md, Bulk upload). Tests that add
 * artworks are tagged @writes and delete them afterwards (`created`); the others stop short of
 * a save, or make every upload fail in the browser, so the catalogue never changes under them.
 */
const test = mergeTests(adminTest, faultsTest);
test.use({ storageState: signedIn.admin });

const PAGE = '/admin/artworks/bulk-upload';
type Upload = { name: string; mimeType: string; buffer: Buffer };

/** A real JPEG whose pixels (and so checksum) are this seed's own. */
async function painting(name: string, seed = `${name}-${crypto.randomUUID()}`): Promise<Upload> {
  const bytes = crypto.createHash('sha256').update(seed).digest();
  const colour = (at: number) => `#${bytes.subarray(at, at + 3).toString('hex')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="675"><rect width="900" height="675" fill="${colour(0)}"/><circle cx="${250 + bytes[3]!}" cy="${200 + bytes[4]!}" r="${120 + bytes[5]!}" fill="${colour(6)}" opacity="0.7"/><rect x="${bytes[9]!}" y="${bytes[10]!}" width="300" height="160" fill="${colour(12)}" opacity="0.5"/></svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer() };
}

const textFile = (name = 'notes.txt'): Upload => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from('Not a painting, just some notes.\n'),
});

/** Drops the files on the zone as a browser does: dragenter, dragover and drop with a DataTransfer. */
async function dropFiles(page: Page, files: Upload[]) {
  const dataTransfer = await page.evaluateHandle(
    (specs) => {
      const transfer = new DataTransfer();
      for (const spec of specs) {
        const bytes = Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], spec.name, { type: spec.mimeType }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  );
  const zone = page.getByTestId('drop-zone');
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer });
}

const queue = (page: Page) => page.getByRole('list', { name: 'Images in the queue' }).getByRole('listitem');
const item = (page: Page, title: string) =>
  queue(page).filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
const uploadAll = (page: Page) => page.getByRole('button', { name: 'Upload All' });

async function openScreen(page: Page) {
  await page.goto(PAGE);
  await expect(page).toHaveTitle('Bulk Upload Artworks - Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Upload Artworks' })).toBeVisible();
}

/** Holds every upload request until `release()`: the run stops mid-item where a test can look. */
async function holdUploads(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route('**/api/upload-artwork-image', async (route) => {
    if (open) return route.fallback();
    held.push(route);
  });
  return {
    held: () => held.length,
    release: async (answer?: (route: Route) => Promise<void>) => {
      open = true;
      for (const route of held.splice(0)) await (answer ? answer(route) : route.fallback());
    },
  };
}

/** One painting queued and Upload All clicked, its upload held: the run is under way. */
async function startHeldRun(page: Page, fileName: string) {
  const title = fileName.replace(/\.jpg$/, '').replaceAll('_', ' ');
  await dropFiles(page, [await painting(fileName)]);
  await expect(item(page, title).getByText('Ready', { exact: true })).toBeVisible();
  const uploads = await holdUploads(page);
  await uploadAll(page).click();
  await expect.poll(uploads.held).toBe(1);
  return uploads;
}

/** Every dialog the page opens, as 'type: message', answered with `answer` (dismiss to start with). */
function answerDialogs(page: Page) {
  const dialogs = { seen: [] as string[], answer: 'dismiss' as 'dismiss' | 'accept' };
  page.on('dialog', (dialog) => {
    dialogs.seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog[dialogs.answer]();
  });
  return dialogs;
}

test(
  'drop five JPEGs and a text file, apply defaults, edit one, upload all: five complete, the text file refused',
  { tag: '@writes' },
  async ({ page, created }) => {
    const run = Date.now().toString(36);
    const names = ['One', 'Two', 'Three', 'Four', 'Five'].map((n) => `Bulk_${run}_${n}`);
    const files = await Promise.all(names.map((name) => painting(`${name}.jpg`)));
    const titles = names.map((name) => name.replaceAll('_', ' '));
    const edited = `Bulk ${run} Three, Edited`;
    for (const title of [...titles, edited]) created.track(title);

    // Admin pages render per request: the frame's links do not prefetch them, on load or after each save.
    const adminPrefetches: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch'] && new URL(request.url()).pathname.startsWith('/admin'))
        adminPrefetches.push(request.url());
    });
    await openScreen(page);
    await dropFiles(page, [...files, textFile()]);

    // The text file is refused with its name and the reason, and never queued.
    const refused = page.getByRole('alert').filter({ hasText: 'not added' });
    await expect(refused).toContainText('1 file was not added');
    await expect(refused).toContainText('notes.txt: Only JPEG, PNG and WebP images can be uploaded.');
    await expect(queue(page)).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Upload queue (5)' })).toBeVisible();
    await expect(queue(page).filter({ hasText: 'notes.txt' })).toHaveCount(0);
    // Titles from the file names: no extension, underscores as spaces; all checked, none a duplicate.
    for (const title of titles) await expect(item(page, title).getByText('Ready', { exact: true })).toBeVisible();
    await expect(page.getByText('Possible duplicate.')).toHaveCount(0);

    // Batch defaults: Sanctuaries of the Mind and 'On Request' to start with.
    await expect(page.getByLabel('Default category')).toHaveValue('Sanctuaries of the Mind');
    await expect(page.getByLabel('Default price')).toHaveValue('On Request');
    await page.getByLabel('Default category').selectOption('Seascapes');
    await page.getByLabel('Default price').fill('450');
    await page.getByLabel('Default description').fill('From the spring sketchbook.');
    await page.getByRole('button', { name: 'Apply Defaults to Batch' }).click();
    await expectToast(page, 'Defaults Applied');

    // Edit one item: the slug and the alt text follow its new title; its price is its own.
    const third = item(page, titles[2]!);
    await third.getByRole('button', { name: `Edit ${titles[2]}` }).click();
    await expect(third.getByLabel('Alt text')).toHaveValue(`Watercolour painting “${titles[2]}” by Elena Marsh.`);
    await expect(third.getByLabel('Category')).toHaveValue('Seascapes');
    await third.getByLabel('Title').fill(edited);
    const editedItem = item(page, edited);
    await expect(editedItem.getByLabel('Slug')).toHaveValue(`bulk-${run}-three-edited`);
    await expect(editedItem.getByLabel('Alt text')).toHaveValue(`Watercolour painting “${edited}” by Elena Marsh.`);
    await editedItem.getByLabel('Price', { exact: true }).fill('620');
    await editedItem.getByLabel('Description').fill('Three, with a wider sky.');

    // One at a time: hold the first upload and look at the queue mid-run.
    const uploads = await holdUploads(page);
    await uploadAll(page).click();
    await expect.poll(uploads.held).toBe(1);
    const first = item(page, titles[0]!);
    await expect(first.getByText('Uploading', { exact: true })).toBeVisible();
    await expect(first.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    await expect(first.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '25%');
    for (const title of [titles[1]!, edited, titles[3]!, titles[4]!]) {
      await expect(item(page, title).getByText('Waiting', { exact: true })).toBeVisible();
      await expect(item(page, title).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    }
    await expect(page.getByText('0 of 5 processed')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Overall upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '5',
    );
    expect(uploads.held()).toBe(1);
    await uploads.release();

    const summary = page.getByRole('status').filter({ hasText: 'Bulk Upload Complete' });
    await expect(summary).toContainText('Bulk Upload Complete (5/5 artworks uploaded successfully.)', {
      timeout: 60_000,
    });
    await expect(summary.getByRole('link', { name: 'View all artworks in the gallery' })).toHaveAttribute(
      'href',
      '/gallery/all',
    );
    // Finished items leave the queue.
    await expect(queue(page)).toHaveCount(0);
    await expect(summary.getByRole('list', { name: 'Uploaded artworks' }).getByRole('link')).toHaveText([
      titles[0]!,
      titles[1]!,
      edited,
      titles[3]!,
      titles[4]!,
    ]);
    expect(adminPrefetches).toEqual([]);

    // Saved through the single form's save: published, with the defaults and the edit.
    await summary.getByRole('link', { name: edited }).click();
    await expect(page).toHaveURL(new RegExp(`/gallery/seascapes/bulk-${run}-three-edited$`));
    await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
    await expect(page.getByText('£620.00').visible().first()).toBeVisible();
    await page.goto('/gallery/all');
    for (const title of [titles[0]!, edited])
      await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
    await page.goto('/admin/artworks/manage');
    const row = page.getByRole('row').filter({ hasText: titles[4]! });
    await expect(row).toContainText('Seascapes');
    await expect(row).toContainText('£450.00');
  },
);

test(
  'an item whose save fails stays Failed while the others complete, then succeeds on retry',
  { tag: '@writes' },
  async ({ page, created, faults }) => {
    const run = Date.now().toString(36);
    const names = ['Alpha', 'Broken', 'Gamma'].map((n) => `Retry_${run}_${n}`);
    const titles = names.map((name) => name.replaceAll('_', ' '));
    for (const title of titles) created.track(title);
    // The database refuses the insert of this slug's artwork, inside the save's transaction.
    await faults.on('save-broken', { action: 'fail', sql: 'insert into "artworks"', mentions: `retry-${run}-broken` });

    await openScreen(page);
    await dropFiles(page, await Promise.all(names.map((name) => painting(`${name}.jpg`))));
    for (const title of titles) await expect(item(page, title).getByText('Ready', { exact: true })).toBeVisible();
    await uploadAll(page).click();

    const summary = page.getByRole('status').filter({ hasText: 'Bulk Upload Complete' });
    await expect(summary).toContainText('Bulk Upload Complete (2/3 artworks uploaded successfully.)', {
      timeout: 60_000,
    });
    await expect(queue(page)).toHaveCount(1);
    const failed = item(page, titles[1]!);
    await expect(failed.getByText('Failed', { exact: true })).toBeVisible();
    await expect(failed.getByRole('alert')).toContainText(`Upload Failed for ${titles[1]}`);
    // What any failed save tells the owner, with the reference its log entry carries.
    await expect(failed.getByRole('alert')).toContainText(
      /Something went wrong\. Please try again\. Reference: [0-9a-f-]{36}/,
    );
    await expect(failed.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Error');
    await expect(summary.getByRole('list', { name: 'Uploaded artworks' }).getByRole('link')).toHaveText([
      titles[0]!,
      titles[2]!,
    ]);

    await faults.off('save-broken');
    await failed.getByRole('button', { name: `Retry ${titles[1]}` }).click();
    await expect(summary).toContainText('Bulk Upload Complete (1/1 artworks uploaded successfully.)', {
      timeout: 60_000,
    });
    await expect(queue(page)).toHaveCount(0);
    await summary.getByRole('link', { name: titles[1]! }).click();
    await expect(page.getByRole('heading', { level: 1, name: titles[1]! })).toBeVisible();
  },
);

test(
  'a duplicate is flagged before upload, of a queued file or an existing artwork, and the owner skips or keeps it',
  { tag: '@writes' },
  async ({ page, created }) => {
    const run = Date.now().toString(36);
    const original = await painting(`Twin_${run}.jpg`);
    const copy = { ...original, name: `Twin_${run}_copy.jpg` };
    const title = `Twin ${run}`;
    created.track(title);

    await openScreen(page);
    await dropFiles(page, [original, copy]);
    const flagged = item(page, `Twin ${run} copy`);
    await expect(flagged).toContainText(`Possible duplicate. The same image as “${title}”, earlier in this queue.`);
    await expect(item(page, title)).not.toContainText('Possible duplicate');
    await flagged.getByRole('button', { name: `Skip Twin ${run} copy` }).click();
    await expect(queue(page)).toHaveCount(1);

    await uploadAll(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bulk Upload Complete' })).toContainText(
      '(1/1 artworks uploaded successfully.)',
      { timeout: 60_000 },
    );

    // The same file again: an artwork has this image now.
    await page.getByLabel('Choose images').setInputFiles({ ...original, name: `Twin_${run}_again.jpg` });
    const again = item(page, `Twin ${run} again`);
    await expect(again).toContainText(`Possible duplicate. The artwork “${title}” already has this image.`);
    await expect(uploadAll(page)).toBeDisabled();
    await expect(page.getByText('1 possible duplicate waits for you to skip or keep it')).toBeVisible();
    await again.getByRole('button', { name: `Keep Twin ${run} again` }).click();
    await expect(again).not.toContainText('Possible duplicate');
    await expect(uploadAll(page)).toBeEnabled();
    // Kept, then removed: nothing more is uploaded.
    await again.getByRole('button', { name: `Remove Twin ${run} again` }).click();
    await expect(queue(page)).toHaveCount(0);
  },
);

test(
  'the picker is reached by keyboard, and files that are not JPEG, PNG or WebP are refused with their reason',
  { tag: '@phone' },
  async ({ page }) => {
    await openScreen(page);
    await page.getByRole('link', { name: 'Manage Artworks' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Choose images')).toBeFocused();

    await page
      .getByLabel('Choose images')
      .setInputFiles([
        textFile('notes.txt'),
        { name: 'sketch.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
        { name: 'renamed.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text pretending to be a JPEG') },
        await painting('Accepted_One.png'),
      ]);
    const refused = page.getByRole('alert').filter({ hasText: 'not added' });
    await expect(refused).toContainText('3 files were not added');
    await expect(refused).toContainText('notes.txt: Only JPEG, PNG and WebP images can be uploaded.');
    await expect(refused).toContainText('sketch.gif: Only JPEG, PNG and WebP images can be uploaded.');
    await expect(refused).toContainText('renamed.jpg: Its contents are not a JPEG, PNG or WebP image.');
    await expect(queue(page)).toHaveCount(1);
    await expect(item(page, 'Accepted One')).toBeVisible();
  },
);

test('a preview is released when its item leaves the queue', async ({ page }) => {
  await openScreen(page);
  await dropFiles(page, [await painting('Leaving.jpg'), await painting('Staying.jpg')]);
  const preview = async (title: string) => (await item(page, title).locator('img').getAttribute('src'))!;
  const leaving = await preview('Leaving');
  const staying = await preview('Staying');
  // Loaded as an image (the admin CSP lets images, not fetch, read blob: URLs).
  const readable = (url: string) =>
    page.evaluate(
      (src) =>
        new Promise<boolean>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(true);
          image.onerror = () => resolve(false);
          image.src = src;
        }),
      url,
    );
  expect(leaving).toMatch(/^blob:/);
  expect(await readable(leaving)).toBe(true);
  await item(page, 'Leaving').getByRole('button', { name: 'Remove Leaving' }).click();
  await expect(queue(page)).toHaveCount(1);
  await expect.poll(() => readable(leaving)).toBe(false);
  expect(await readable(staying)).toBe(true);
});

test('leaving while uploads run asks first, by link and by closing the tab', async ({ page }) => {
  await openScreen(page);
  const uploads = await startHeldRun(page, 'Held_Upload.jpg');

  const dialogs = answerDialogs(page);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect
    .poll(() => dialogs.seen)
    .toEqual([
      'confirm: Uploads are still running. If you leave this page, the images not yet uploaded will not be added. Leave anyway?',
    ]);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('button', { name: 'Uploading…' })).toBeVisible();

  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs.seen.at(-1)).toMatch(/^beforeunload/);
  expect(page.isClosed()).toBe(false);
  // Nothing saved: the held upload answers as a failed one. The run ends before the test does,
  // so the page it kept open closes without a guard left to answer.
  await uploads.release((route) => route.fulfill({ status: 500, json: { error: 'Upload failed: held by the test.' } }));
  await expect(uploadAll(page)).toBeVisible();
  await page.close();
});

test('Back to the dashboard while uploads run asks first: Cancel stays and the run goes on, OK leaves', async ({
  page,
}) => {
  // Reached from the dashboard, as the owner does: Back is then a move within the app, which
  // Next makes without unloading the page (no beforeunload).
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Bulk Upload' }).click();
  await expect(page).toHaveTitle('Bulk Upload Artworks - Admin');
  const uploads = await startHeldRun(page, 'Back_Button.jpg');

  const dialogs = answerDialogs(page);
  // A cancelled Back is no navigation for Playwright to wait for.
  void page.goBack({ timeout: 5_000 }).catch(() => null);
  await expect
    .poll(() => dialogs.seen)
    .toEqual([
      'confirm: Uploads are still running. If you leave this page, the images not yet uploaded will not be added. Leave anyway?',
    ]);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole('button', { name: 'Uploading…' })).toBeVisible();
  await expect(item(page, 'Back Button')).toBeVisible();

  dialogs.answer = 'accept';
  await page.goBack();
  expect(dialogs.seen).toHaveLength(2);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('link', { name: 'Bulk Upload' })).toBeVisible();
  await uploads.release((route) => route.fulfill({ status: 500, json: { error: 'Upload failed: held by the test.' } }));
});

test(
  'axe finds no violation on the bulk upload screen, with queued, flagged and failed items',
  { tag: '@phone' },
  async ({ page }) => {
    await openScreen(page);
    await expectNoA11yViolations(page);

    const twin = await painting('Axe_Twin.jpg');
    await dropFiles(page, [await painting('Axe_First.jpg'), twin, { ...twin, name: 'Axe_Twin_copy.jpg' }, textFile()]);
    await expect(item(page, 'Axe Twin copy')).toContainText('Possible duplicate.');
    // Every upload fails in the browser's network: the failed state without changing the catalogue.
    await page.route('**/api/upload-artwork-image', (route) =>
      route.fulfill({
        status: 500,
        json: { error: 'Upload failed: the image could not be stored. Please try again.' },
      }),
    );
    await uploadAll(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bulk Upload Complete' })).toContainText(
      '(0/2 artworks uploaded successfully.)',
    );
    await expect(item(page, 'Axe First').getByRole('alert')).toContainText('Upload Failed for Axe First');
    await expect(item(page, 'Axe First').getByRole('alert')).toContainText(
      'Upload failed: the image could not be stored. Please try again.',
    );
    await item(page, 'Axe First').getByRole('button', { name: 'Edit Axe First' }).click();
    await expect(item(page, 'Axe First').getByLabel('Alt text')).toBeVisible();
    await waitForToastsToClose(page);
    await expectNoA11yViolations(page);
  },
);
