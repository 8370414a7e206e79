import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devices, expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { startNext, type NextServer } from '../scripts/next-process';
import { admin, expectNoA11yViolations } from './fixtures';
import { publishedSeed } from './world';

/**
 * Counting for the owner's Insights (issue 25), end to end on a server of its own (the suite's
 * server counts nothing: INSIGHTS=off): three visitors on a desktop, a phone and a tablet look
 * at pages and paintings on days Playwright's clock sets, one enquires, one shares; a fourth
 * sends Sec-GPC: 1 and a crawler visits. The owner's Insights show exactly the first three.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const [paintingA, paintingB] = publishedSeed;
const artworkPath = (art: (typeof publishedSeed)[number]) => `/gallery/${art.category!.toLowerCase().replace(/\s+/g, '-')}/${art.slug}`;
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shown = (n: number) => longDay.format(new Date(`${dayAgo(n)}T00:00:00Z`));

let server: NextServer;
let dataDir: string;
let address = 0;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = process.env.E2E_PORT ?? '3100';
  // The suite's own build (scripts/e2e-server.mjs); a fresh, seeded database of its own.
  const distDir = process.env.NEXT_DIST_DIR ?? (port === '3100' ? '.next' : `.next-e2e-${port}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insights-e2e-'));
  server = await startNext({ distDir, dataDir, env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, BCRYPT_COST: '4', TRUSTED_PROXY_HOPS: '1', LOG_LEVEL: 'warn', INSIGHTS: 'on' } });
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A visitor's browser on its own address, its clock on the given day. */
async function visitor(browser: Browser, day: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Desktop Chrome'],
    ...options,
    baseURL: server.url,
    extraHTTPHeaders: { 'x-forwarded-for': `10.90.0.${++address}`, ...options.extraHTTPHeaders },
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(`${day}T12:00:00Z`));
  return page;
}

/** Opens a page and waits until its telemetry module has sent the view. */
async function view(page: Page, url: string, options: { referer?: string } = {}) {
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/telemetry') && (request.postData() ?? '').includes('"feature":"view"'), { timeout: 20_000 });
  await page.goto(url, options);
  await sent;
}

/** Clicks and waits until the click is sent. */
async function click(page: Page, feature: 'enquiry' | 'share', target: ReturnType<Page['getByRole']>) {
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/telemetry') && (request.postData() ?? '').includes(`"feature":"${feature}"`), { timeout: 20_000 });
  await target.click();
  await sent;
}

/** A paintings table as [title, count] rows, in order. */
async function paintingRows(page: Page, name: string): Promise<[string, number][]> {
  const rows = page.getByRole('region', { name, exact: true }).locator('tbody tr');
  return Promise.all(
    (await rows.all()).map(async (row) => [(await row.locator('td').first().getByRole('link').first().textContent())!.trim(), Number((await row.locator('td').nth(1).textContent())!.trim())] as [string, number]),
  );
}

async function cellRows(page: Page, name: string): Promise<string[][]> {
  const region = page.getByRole('region', { name, exact: true });
  return Promise.all((await region.locator('tbody tr').all()).map(async (row) => (await row.locator('td').allTextContents()).map((text) => text.trim())));
}

test('three visitors on days set by the clock are counted exactly; a browser sending Sec-GPC and a crawler are not', async ({ browser }) => {
  const [threeDaysAgo, twoDaysAgo] = [dayAgo(3), dayAgo(2)];

  // A desktop visitor: the home page and a painting, and asks about it.
  const desktop = await visitor(browser, threeDaysAgo);
  await view(desktop, '/');
  await view(desktop, artworkPath(paintingA!));
  await click(desktop, 'enquiry', desktop.getByRole('button', { name: 'Enquire to Purchase' }));

  // A phone visitor from Instagram: the gallery and another painting, and shares it.
  const phone = await visitor(browser, twoDaysAgo, { ...devices['Pixel 7'] });
  await view(phone, '/gallery', { referer: 'https://www.instagram.com/' });
  await view(phone, artworkPath(paintingB!));
  const popup = phone.context().waitForEvent('page');
  await click(phone, 'share', phone.getByRole('link', { name: /^Share on Facebook/ }));
  await (await popup).close();

  // A tablet visitor reads the about page.
  const tablet = await visitor(browser, twoDaysAgo, { viewport: { width: 820, height: 1180 } });
  await view(tablet, '/about');

  // Not counted: a browser asking not to be tracked, and a crawler.
  const private_ = await visitor(browser, twoDaysAgo, { extraHTTPHeaders: { 'sec-gpc': '1' } });
  await view(private_, '/');
  await view(private_, artworkPath(paintingA!));
  await click(private_, 'enquiry', private_.getByRole('button', { name: 'Enquire to Purchase' }));
  const crawler = await visitor(browser, twoDaysAgo, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  await view(crawler, '/');
  await view(crawler, artworkPath(paintingB!));

  // The owner signs in and reads the Insights (the server writes its totals every 2 s).
  const owner = await visitor(browser, dayAgo(0));
  await owner.goto('/admin');
  await owner.getByLabel('Email').fill(admin.email);
  await owner.getByLabel('Password').fill(admin.password);
  await owner.getByRole('button', { name: 'Sign In' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(async () => {
    await owner.goto('/admin/insights');
    const days = Object.fromEntries((await cellRows(owner, 'Visits per day')).map(([day, views]) => [day, Number(views)]));
    expect(days[shown(3)]).toBe(2);
    expect(days[shown(2)]).toBe(3);
  }).toPass({ timeout: 20_000 });

  const days = await cellRows(owner, 'Visits per day');
  expect(days.reduce((sum, [, views]) => sum + Number(views), 0)).toBe(5);
  expect(new Set((await paintingRows(owner, 'Paintings by views')).map((row) => row.join(': ')))).toEqual(new Set([`${paintingA!.title}: 1`, `${paintingB!.title}: 1`]));
  expect(await paintingRows(owner, 'Paintings by enquiries')).toEqual([[paintingA!.title, 1]]);
  expect((await cellRows(owner, 'Top referring sites')).map(([host, n]) => [host, Number(n)])).toEqual([['instagram.com', 1]]);
  expect((await cellRows(owner, 'Phone, tablet and desktop')).map(([device, n]) => [device, Number(n)])).toEqual([
    ['Phone', 2],
    ['Tablet', 1],
    ['Desktop', 2],
  ]);
  await expectNoA11yViolations(owner);

  // The CSV holds the same numbers, the share included.
  const artworks = (await (await owner.request.get('/admin/insights/csv?days=30&section=artworks')).text()).trimEnd().split('\r\n');
  expect(artworks[0]).toBe('artwork_id,title,views,enquiries,shares');
  const quote = (title: string) => (/[",]/.test(title) ? `"${title.replaceAll('"', '""')}"` : title);
  expect(new Set(artworks.slice(1).map((line) => line.replace(/^[0-9a-f-]{36},/, '')))).toEqual(new Set([`${quote(paintingA!.title)},1,1,0`, `${quote(paintingB!.title)},1,0,1`]));
  const daily = (await (await owner.request.get('/admin/insights/csv?days=30&section=daily')).text()).trimEnd().split('\r\n');
  expect(daily).toContain(`${dayAgo(3)},2`);
  expect(daily).toContain(`${dayAgo(2)},3`);
});
