import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, waitForToastsToClose } from './admin-helpers';
import { expectNoA11yViolations, signedIn } from './fixtures';
import { toast } from './site-helpers';

/**
 * AI SEO Retrofit and AI Retrofit Logs (docs/product.md, AI SEO Retrofit; AI Retrofit Logs) against
 * the local OpenAI-compatible stand-in the e2e server starts. The run changes every candidate in
 * the catalogue, so it is @writes; it makes 12 artworks of its own (through the bulk upload screen)
 * and asserts on those, whatever other tests' artworks the run also meets.
 */
test.use({ storageState: signedIn.admin });

const PAGE = '/admin/tools/seo-retrofit';
const batchBox = (page: Page) => page.getByRole('spinbutton', { name: 'Batch Size' });

test('the screen: warning, Batch Size rules and the ?batch= preset', { tag: '@phone' }, async ({ page }) => {
  await page.goto(`${PAGE}?batch=abc`);
  await expect(page).toHaveTitle('AI SEO Retrofit - Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'AI SEO Retrofit' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText(
    'Artworks missing an SEO title or a long description have their metadata overwritten with AI content.',
  );
  await expect(batchBox(page)).toHaveValue('5');
  await expect(
    page.getByText('The number of artworks sent to the AI in each request. Lower it if requests time out.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run Full SEO Retrofit' })).toBeEnabled();
  await expectNoA11yViolations(page);

  await page.goto(`${PAGE}?batch=0`);
  await expect(batchBox(page)).toHaveValue('1');
  await page.goto(`${PAGE}?batch=12`);
  await expect(batchBox(page)).toHaveValue('12');
  await page.waitForLoadState('networkidle');
  await batchBox(page).fill('');
  await expect(batchBox(page)).toHaveValue('1');
  await batchBox(page).fill('7');
  await expect(batchBox(page)).toHaveValue('7');
});

test('AI Retrofit Logs screen: columns or the empty state, Refresh, and axe', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/admin/logs/ai');
  await expect(page).toHaveTitle('AI Retrofit Logs - Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Retrofit Logs' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
  const table = page.getByRole('table');
  const empty = page.getByText("No logs found. It's all clear!");
  // The list streams in under Suspense: wait for the table or the empty state before choosing.
  await expect(table.or(empty)).toBeVisible();
  if (await table.count()) {
    for (const column of ['Timestamp', 'Artwork', 'Function', 'Error Message'])
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
  } else {
    await expect(empty).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear All Logs' })).toBeDisabled();
  }
  await expectNoA11yViolations(page);
});

async function painting(seed: string) {
  const bytes = crypto.createHash('sha256').update(seed).digest();
  const colour = (at: number) => `#${bytes.subarray(at, at + 3).toString('hex')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="675"><rect width="900" height="675" fill="${colour(0)}"/><circle cx="${250 + bytes[3]!}" cy="${200 + bytes[4]!}" r="${120 + bytes[5]!}" fill="${colour(6)}" opacity="0.7"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Twelve new artworks with no SEO text, made through the bulk upload screen (one drop, Upload All). */
async function bulkUpload(page: Page, names: string[]) {
  await page.goto('/admin/artworks/bulk-upload');
  const files = await Promise.all(
    names.map(async (name) => ({
      name: `${name}.jpg`,
      mimeType: 'image/jpeg',
      base64: (await painting(`${name}-${crypto.randomUUID()}`)).toString('base64'),
    })),
  );
  const transfer = await page.evaluateHandle((specs) => {
    const data = new DataTransfer();
    for (const spec of specs)
      data.items.add(
        new File([Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0))], spec.name, { type: spec.mimeType }),
      );
    return data;
  }, files);
  const zone = page.getByTestId('drop-zone');
  for (const type of ['dragenter', 'dragover', 'drop']) await zone.dispatchEvent(type, { dataTransfer: transfer });
  await expect(page.getByRole('heading', { name: `Upload queue (${names.length})` })).toBeVisible();
  await expect(page.getByText('Ready', { exact: true })).toHaveCount(names.length, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Upload All' }).click();
  await expect(toast(page).filter({ hasText: `Bulk Upload Complete (${names.length}/${names.length}` })).toBeVisible({
    timeout: 120_000,
  });
}

async function openEdit(page: Page, title: string) {
  await page.goto('/admin/artworks/manage');
  await page.getByRole('link', { name: `Edit ${title}`, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await page.waitForLoadState('networkidle');
}

test(
  'a retrofit over 12 new artworks in batches of 5: progress, a forced failure logged, hand-written text kept, previous text restorable',
  { tag: '@writes' },
  async ({ page, created }) => {
    test.setTimeout(420_000);
    const run = Date.now().toString(36);
    const names = Array.from(
      { length: 12 },
      (_, i) => `Retro_${run}_${String(i + 1).padStart(2, '0')}${i === 4 ? '_AI-FAIL' : ''}`,
    );
    const titles = names.map((name) => name.replaceAll('_', ' '));
    for (const title of titles) created.track(title);
    const [first, , third, , failing] = titles as [string, string, string, string, string];

    await bulkUpload(page, names);

    // The owner writes one SEO title herself; the long description stays empty, so it is a candidate.
    await openEdit(page, third);
    await page.getByRole('textbox', { name: 'SEO title', exact: true }).fill('Written by Hand for Three');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 20_000 });
    await openEdit(page, third);
    await expect(page.getByRole('textbox', { name: 'SEO title', exact: true })).toHaveValue(
      'Written by Hand for Three',
    );

    await page.goto(`${PAGE}?batch=5`);
    await expect(batchBox(page)).toHaveValue('5');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Run Full SEO Retrofit' }).click();
    await expect(page.getByRole('button', { name: 'Retrofitting in Progress...' })).toBeDisabled();
    await expect(batchBox(page)).toBeDisabled();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByText('Retrofit Complete!')).toBeVisible({ timeout: 240_000 });
    await expect(toast(page).filter({ hasText: '✅ Success!' })).toContainText(
      'All artworks have been processed and sitemap updated.',
      { timeout: 15_000 },
    );

    const progress = (await page.locator('#progress-text').innerText()).trim();
    const [, done, total] = /^(\d+) \/ (\d+) artworks processed \(100%\)$/.exec(progress) ?? [];
    expect(done, progress).toBe(total);
    expect(Number(total)).toBeGreaterThanOrEqual(12);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    const log = page.getByRole('log');
    const batches = Math.ceil(Number(total) / 5);
    await expect(log).toContainText(`Found ${total} artworks to update, in ${batches} batches of up to 5.`);
    for (let n = 1; n <= batches; n++) await expect(log).toContainText(`Processing batch ${n} of ${batches}`);
    for (const title of titles.filter((t) => t !== failing))
      await expect(log.locator('li[data-type="success"]', { hasText: `Result for "${title}": SUCCESS` })).toHaveCount(
        1,
      );
    const failure = log.locator('li[data-type="error"]', { hasText: `Result for "${failing}": ERROR` });
    await expect(failure).toContainText('The AI server answered 500');
    await expect(log).toContainText('Sitemap regenerated.');
    await expect(page.getByRole('button', { name: 'Run Full SEO Retrofit' })).toBeEnabled();
    await expect(batchBox(page)).toBeEnabled();
    await waitForToastsToClose(page);
    await expectNoA11yViolations(page);

    // The failure is on the AI Retrofit Logs screen, under its title.
    await page.goto('/admin/logs/ai');
    const failedRow = page.getByRole('row').filter({ hasText: failing });
    await expect(failedRow).toHaveCount(1);
    await expect(failedRow).toContainText('generate-artwork-details');
    await expect(failedRow).toContainText('The AI server answered 500');
    await expectNoA11yViolations(page);

    // A hand-written SEO title survives; the empty long description was filled.
    await openEdit(page, third);
    await expect(page.getByRole('textbox', { name: 'SEO title', exact: true })).toHaveValue(
      'Written by Hand for Three',
    );
    await expect(page.getByRole('textbox', { name: 'Long story description', exact: true })).toHaveValue(
      new RegExp(`^${third} began`),
    );

    // 'Restore previous text' brings back what was there before the retrofit.
    await openEdit(page, first);
    await expect(page.getByRole('textbox', { name: 'SEO title', exact: true })).toHaveValue(`${first} | Watercolour`);
    await page.getByRole('button', { name: 'Restore previous text' }).click();
    await expect(toast(page).filter({ hasText: 'Previous Text Restored' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: 'SEO title', exact: true })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Long story description', exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Restore previous text' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'SEO title', exact: true })).toHaveValue('');
  },
);
