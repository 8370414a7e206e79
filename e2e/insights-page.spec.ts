import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { serverDataDir } from './faults';
import { expectNoA11yViolations, signedIn } from './fixtures';
import { csvRows } from '../tests/support/csv';
import { INSIGHTS_DAY_FILE, insightsWorld } from './world';

/**
 * The owner's Insights (docs/product.md, Insights) on the aggregates scripts/e2e-fixtures.ts
 * recorded before the server started (e2e/world.ts insightsWorld): the dashboard's summary, each
 * section's numbers, its links, the ranges and the CSV files. Days are counted back from today
 * (UTC), as the fixtures counted them.
 */
test.use({ storageState: signedIn.admin });

const { artworks: art, expected } = insightsWorld;
const DAY_MS = 86_400_000;
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The days of an answer, counted back from the day it took as today. The fixtures counted their
 * events back from the day they were recorded (scripts/e2e-fixtures.ts); a run that crosses
 * midnight finds each of them a day further back, so each answer is read against its own today,
 * which it states (the range on the page, a CSV file's name).
 */
function daysFrom(today: string) {
  const recorded = readFileSync(path.join(serverDataDir, INSIGHTS_DAY_FILE), 'utf8').trim();
  const since = Math.round((Date.parse(today) - Date.parse(recorded)) / DAY_MS);
  const day = (n: number) => addDays(today, -n);
  return {
    day,
    shown: (n: number) => longDay.format(new Date(`${day(n)}T00:00:00Z`)),
    /** The views the fixtures recorded on the day n days before this today. */
    views: (n: number) => expected.days30.dailyByDaysAgo[n - since] ?? 0,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The day the Insights page took as today: the last of the range it states ("… to 27 Nov 2026 (UTC days)."). */
async function pageToday(page: Page): Promise<string> {
  const text = (await page.getByText('(UTC days).', { exact: false }).first().textContent()) ?? '';
  const match = / to (\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) \(UTC days\)/.exec(text);
  expect(match, text).not.toBeNull();
  const [, d, month, year] = match!;
  return new Date(Date.UTC(Number(year), MONTHS.indexOf(month!), Number(d))).toISOString().slice(0, 10);
}

/** The day a CSV file's name says it ends on (insights-{section}-{from}-to-{to}.csv). */
function csvToday(filename: string): string {
  const match = /-to-(\d{4}-\d{2}-\d{2})\.csv$/.exec(filename);
  expect(match, filename).not.toBeNull();
  return match![1]!;
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A paintings table as [title, count] rows, in order. */
async function paintingRows(region: Locator): Promise<[string, number][]> {
  const rows = region.locator('tbody tr');
  return Promise.all(
    (await rows.all()).map(
      async (row) =>
        [
          (await row.locator('td').first().getByRole('link').first().textContent())!.trim(),
          Number((await row.locator('td').nth(1).textContent())!.trim()),
        ] as [string, number],
    ),
  );
}

async function cellRows(region: Locator): Promise<string[][]> {
  return Promise.all(
    (await region.locator('tbody tr').all()).map(async (row) =>
      (await row.locator('td').allTextContents()).map((text) => text.trim()),
    ),
  );
}

test(
  'the dashboard sums up the last 7 days against the 7 before and names the top painting',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/admin');
    const summary = section(page, 'Insights');
    await expect(summary.getByText(expected.dashboard, { exact: true })).toBeVisible();
    await expect(summary.getByRole('link', { name: expected.topPainting, exact: true })).toHaveAttribute(
      'href',
      art.aPath,
    );
    await expect(summary.getByRole('link', { name: 'Open Insights' })).toHaveAttribute('href', '/admin/insights');
    await summary.getByRole('link', { name: 'Open Insights' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(page).toHaveTitle('Insights - Admin');
  },
);

test(
  'the last 30 days: visits, paintings, referring sites, devices and speed, exactly as recorded',
  { tag: '@phone' },
  async ({ page }) => {
    await page.goto('/admin/insights');
    const { shown, views } = daysFrom(await pageToday(page));
    const range = page.getByRole('navigation', { name: 'Range' });
    await expect(range.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
    await expect(range.getByRole('link', { name: '90 days' })).toHaveAttribute('href', '/admin/insights?days=90');
    await expect(range.getByRole('link', { name: '365 days' })).toHaveAttribute('href', '/admin/insights?days=365');
    await expect(
      page
        .getByText(`${shown(29)} to ${shown(0)} (UTC days).`, { exact: false })
        .visible()
        .first(),
    ).toBeVisible();

    // Visits per day: the chart is one image named by its summary; the table holds every day.
    const visits = section(page, 'Visits per day');
    await expect(visits.getByRole('img')).toHaveAttribute(
      'aria-label',
      new RegExp(`^Views per day from ${shown(29)} to ${shown(0)}: ${expected.days30.totalViews} in all`),
    );
    await visits.getByText('Show as table').click();
    const days = await cellRows(visits);
    expect(days).toHaveLength(30);
    const byDay = Object.fromEntries(days.map(([d, v]) => [d, Number(v)]));
    for (let n = 0; n < 30; n++) expect(byDay[shown(n)], shown(n)).toBe(views(n));

    const byViews = section(page, 'Paintings by views');
    expect(await paintingRows(byViews)).toEqual(expected.days30.byViews);
    expect(await paintingRows(section(page, 'Paintings by enquiries'))).toEqual(expected.days30.byEnquiries);
    await expect(byViews.getByRole('link', { name: art.a.title, exact: true })).toHaveAttribute('href', art.aPath);
    await expect(byViews.getByRole('link', { name: art.b.title, exact: true })).toHaveAttribute('href', art.bPath);
    const edit = byViews.getByRole('link', { name: `Edit ${art.a.title}`, exact: true });
    await expect(edit).toHaveAttribute('href', /^\/admin\/artworks\/edit\/[0-9a-f-]{36}$/);

    expect((await cellRows(section(page, 'Top referring sites'))).map(([host, n]) => [host, Number(n)])).toEqual(
      expected.days30.referrers,
    );
    const devices = section(page, 'Phone, tablet and desktop');
    expect(
      (await cellRows(devices)).map(([device, n, percent]) => [device, Number(n), Number(percent!.replace('%', ''))]),
    ).toEqual(expected.days30.devices);
    await expect(devices.getByRole('img')).toHaveAttribute(
      'aria-label',
      'Visits by device: Phone 29%, Tablet 14%, Desktop 57%',
    );

    const speed = section(page, 'Real-user speed');
    const about = speed.locator('tbody tr').filter({ has: page.getByRole('cell', { name: 'About', exact: true }) });
    const [, lcp, inp, cls] = await about.locator('td').all();
    await expect(lcp!).toContainText(expected.vitals.about.LCP.text);
    await expect(lcp!).toContainText(expected.vitals.about.LCP.rating);
    await expect(lcp!).toContainText(`${expected.vitals.about.LCP.samples} samples`);
    await expect(cls!).toContainText(
      `${expected.vitals.about.CLS.text}${expected.vitals.about.CLS.rating}${expected.vitals.about.CLS.samples} samples`,
    );
    await expect(inp!).toHaveText('No samples');
    const artworkRow = speed.locator('tbody tr').filter({ hasText: 'Painting pages' });
    await expect(artworkRow.locator('td').nth(2)).toHaveText(
      `${expected.vitals.artwork.INP.text}${expected.vitals.artwork.INP.rating}${expected.vitals.artwork.INP.samples} samples`,
    );

    await expectNoA11yViolations(page);

    // The edit link opens the painting's edit form.
    await edit.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Artwork' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(art.a.title);
  },
);

test('90 days takes in the older visit and enquiry; an unknown range falls back to 30 days', async ({ page }) => {
  await page.goto('/admin/insights');
  await page.getByRole('navigation', { name: 'Range' }).getByRole('link', { name: '90 days' }).click();
  await expect(page).toHaveURL(/\/admin\/insights\?days=90$/);
  await expect(page.getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page');
  const { shown } = daysFrom(await pageToday(page));
  await expect(section(page, 'Visits per day').getByRole('img')).toHaveAttribute(
    'aria-label',
    new RegExp(`^Views per day from ${shown(89)} to ${shown(0)}: ${expected.days90.totalViews} in all`),
  );
  expect(await paintingRows(section(page, 'Paintings by enquiries'))).toEqual(expected.days90.byEnquiries);
  const referrers = (await cellRows(section(page, 'Top referring sites'))).map(([host, n]) => [host, Number(n)]);
  expect(referrers[0]).toEqual(expected.days90.referrers[0]);
  expect(new Set(referrers.map((row) => row.join(' ')))).toEqual(
    new Set(expected.days90.referrers.map((row) => row.join(' '))),
  );

  await page.goto('/admin/insights?days=7');
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
  await expect(section(page, 'Visits per day').getByRole('img')).toHaveAttribute(
    'aria-label',
    new RegExp(`: ${expected.days30.totalViews} in all`),
  );
});

test('each section downloads as CSV with the numbers the page shows', async ({ page }) => {
  await page.goto('/admin/insights');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section(page, 'Visits per day')
      .getByRole('link', { name: /Download CSV/ })
      .click(),
  ]);
  const { day, views } = daysFrom(csvToday(download.suggestedFilename()));
  expect(download.suggestedFilename()).toBe(`insights-daily-${day(29)}-to-${day(0)}.csv`);
  // Each row's fields, read back from the quoted CSV and joined with commas to compare.
  const daily = csvRows(await fs.readFile((await download.path())!, 'utf8')).map((fields) => fields.join(','));
  expect(daily[0]).toBe('day,views');
  expect(daily).toHaveLength(31);
  for (let n = 0; n < 30; n++) expect(daily).toContain(`${day(n)},${views(n)}`);

  const csv = async (name: string) => {
    const response = await page.request.get(`/admin/insights/csv?days=30&section=${name}`);
    expect(response.status()).toBe(200);
    const disposition = response.headers()['content-disposition'] ?? '';
    const { day } = daysFrom(csvToday(disposition));
    expect(disposition).toBe(`attachment; filename=insights-${name}-${day(29)}-to-${day(0)}.csv`);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    // Every field quoted (lib/insights/csv.ts).
    expect(text.split('\r\n')[0]).toMatch(/^"[a-z0-9_]+"(,"[a-z0-9_]+")*$/);
    return csvRows(text).map((fields) => fields.join(','));
  };
  const artworks = await csv('artworks');
  expect(artworks[0]).toBe('artwork_id,title,views,enquiries,shares');
  expect(artworks.slice(1).map((line) => line.replace(/^[0-9a-f-]{36},/, ''))).toEqual(
    expected.days30.artworksCsv.map((row) => row.join(',')),
  );
  expect(await csv('referrers')).toEqual(['site,visits', ...expected.days30.referrers.map((row) => row.join(','))]);
  expect(await csv('devices')).toEqual([
    'device,visits,percent',
    ...expected.days30.devices.map(([device, n, p]) => `${device.toLowerCase()},${n},${p}`),
  ]);
  const vitals = await csv('vitals');
  const v = expected.vitals;
  expect(vitals).toContain(
    `/about,LCP,${v.about.LCP.text.replace(' s', '')},s,${v.about.LCP.rating},${v.about.LCP.samples}`,
  );
  expect(vitals).toContain(`/about,CLS,${v.about.CLS.text},,${v.about.CLS.rating},${v.about.CLS.samples}`);
  expect(vitals).toContain(
    `/gallery/[collection]/[slug],INP,${v.artwork.INP.text.replace(' ms', '')},ms,${v.artwork.INP.rating},${v.artwork.INP.samples}`,
  );

  expect((await page.request.get('/admin/insights/csv?days=30&section=nope')).status()).toBe(400);
});

test.describe('without a session', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test(
    '/admin/insights shows the login and the CSV route answers 401',
    { tag: '@phone' },
    async ({ page, request }) => {
      await page.goto('/admin/insights');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Insights' })).toHaveCount(0);
      const csv = await request.get('/admin/insights/csv?days=30&section=daily');
      expect(csv.status()).toBe(401);
      expect(await csv.text()).not.toContain('day,views');
    },
  );
});
