import { chromium, devices, expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { launchOptions } from '../playwright.chromium';
import { csvRows } from '../tests/support/csv';
import { expectNoA11yViolations } from './fixtures';
import { signInAdmin, startOwnServer, type OwnServer } from './own-server';
import { hydrated } from './site-helpers';
import { publishedSeed } from './world';

/**
 * Counting for the owner's Insights (docs/product.md, Insights), end to end on a server of its own (the suite's
 * server counts nothing: INSIGHTS=off): three visitors on a desktop, a phone and a tablet look
 * at pages and paintings on days Playwright's clock sets, one enquires, one shares; a fourth
 * sends Sec-GPC: 1 and a crawler visits. The owner's Insights show exactly the first three.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const [paintingA, paintingB] = publishedSeed;
const artworkPath = (art: (typeof publishedSeed)[number]) =>
  `/gallery/${art.category!.toLowerCase().replace(/\s+/g, '-')}/${art.slug}`;
const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shown = (n: number) => longDay.format(new Date(`${dayAgo(n)}T00:00:00Z`));

let server: OwnServer;
let address = 0;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer('insights', { TRUSTED_PROXY_HOPS: '1', INSIGHTS: 'on' });
});
test.afterAll(async () => {
  await server?.dispose();
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

/**
 * A browser whose every request says it is Chrome: what a page sends as it goes (sendBeacon on
 * pagehide) leaves without Playwright's per-context user agent and headers, and Chromium's own
 * says HeadlessChrome, which the Insights do not count (lib/insights/counting.ts).
 */
function chromeForBeacons(): Promise<Browser> {
  return chromium.launch({
    ...launchOptions,
    args: [...launchOptions.args, `--user-agent=${devices['Desktop Chrome'].userAgent}`],
  });
}

/** Opens a page and waits until its telemetry module has sent the view. */
async function view(page: Page, url: string, options: { referer?: string } = {}) {
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/api/telemetry') && (request.postData() ?? '').includes('"feature":"view"'),
    { timeout: 20_000 },
  );
  await page.goto(url, options);
  await sent;
}

/** Clicks and waits until the click is sent. */
async function click(page: Page, feature: 'enquiry' | 'share', target: ReturnType<Page['getByRole']>) {
  const sent = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/telemetry') && (request.postData() ?? '').includes(`"feature":"${feature}"`),
    { timeout: 20_000 },
  );
  await target.click();
  await sent;
}

/** A paintings table as [title, count] rows, in order. */
async function paintingRows(page: Page, name: string): Promise<[string, number][]> {
  const rows = page.getByRole('region', { name, exact: true }).locator('tbody tr');
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

async function cellRows(page: Page, name: string): Promise<string[][]> {
  const region = page.getByRole('region', { name, exact: true });
  return Promise.all(
    (await region.locator('tbody tr').all()).map(async (row) =>
      (await row.locator('td').allTextContents()).map((text) => text.trim()),
    ),
  );
}

test('three visitors on days set by the clock are counted exactly; a browser sending Sec-GPC and a crawler are not', async ({
  browser,
}) => {
  // A browser may name its day only as today or yesterday (lib/insights/from-telemetry.ts dayFor).
  const [yesterday, today] = [dayAgo(1), dayAgo(0)];

  // A desktop visitor: the home page and a painting, and asks about it.
  const desktop = await visitor(browser, yesterday);
  await view(desktop, '/');
  await view(desktop, artworkPath(paintingA!));
  await click(desktop, 'enquiry', desktop.getByRole('button', { name: 'Enquire to Purchase' }));

  // A phone visitor from Instagram: the gallery and another painting, and shares it.
  const phone = await visitor(browser, today, { ...devices['Pixel 7'] });
  await view(phone, '/gallery', { referer: 'https://www.instagram.com/' });
  await view(phone, artworkPath(paintingB!));
  const popup = phone.context().waitForEvent('page');
  await click(phone, 'share', phone.getByRole('link', { name: /^Share on Facebook/ }));
  await (await popup).close();

  // A tablet visitor reads the about page.
  const tablet = await visitor(browser, today, { viewport: { width: 820, height: 1180 } });
  await view(tablet, '/about');

  // Not counted: a browser asking not to be tracked, and a crawler.
  const private_ = await visitor(browser, today, { extraHTTPHeaders: { 'sec-gpc': '1' } });
  await view(private_, '/');
  await view(private_, artworkPath(paintingA!));
  await click(private_, 'enquiry', private_.getByRole('button', { name: 'Enquire to Purchase' }));
  const crawler = await visitor(browser, today, {
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  await view(crawler, '/');
  await view(crawler, artworkPath(paintingB!));

  // The owner signs in and reads the Insights (the server writes its totals every 2 s).
  const owner = await signedInOwner(browser);
  await expect(async () => {
    await owner.goto('/admin/insights');
    const days = Object.fromEntries(
      (await cellRows(owner, 'Visits per day')).map(([day, views]) => [day, Number(views)]),
    );
    expect(days[shown(1)]).toBe(2);
    expect(days[shown(0)]).toBe(3);
  }).toPass({ timeout: 20_000 });

  const days = await cellRows(owner, 'Visits per day');
  expect(days.reduce((sum, [, views]) => sum + Number(views), 0)).toBe(5);
  expect(new Set((await paintingRows(owner, 'Paintings by views')).map((row) => row.join(': ')))).toEqual(
    new Set([`${paintingA!.title}: 1`, `${paintingB!.title}: 1`]),
  );
  expect(await paintingRows(owner, 'Paintings by enquiries')).toEqual([[paintingA!.title, 1]]);
  expect((await cellRows(owner, 'Top referring sites')).map(([host, n]) => [host, Number(n)])).toEqual([
    ['instagram.com', 1],
  ]);
  expect((await cellRows(owner, 'Phone, tablet and desktop')).map(([device, n]) => [device, Number(n)])).toEqual([
    ['Phone', 2],
    ['Tablet', 1],
    ['Desktop', 2],
  ]);
  await expectNoA11yViolations(owner);

  // The CSV holds the same numbers, the share included.
  const csv = async (section: string) =>
    csvRows(await (await owner.request.get(`/admin/insights/csv?days=30&section=${section}`)).text()).map((fields) =>
      fields.join(','),
    );
  const artworks = await csv('artworks');
  expect(artworks[0]).toBe('artwork_id,title,views,enquiries,shares');
  expect(new Set(artworks.slice(1).map((line) => line.replace(/^[0-9a-f-]{36},/, '')))).toEqual(
    new Set([`${paintingA!.title},1,1,0`, `${paintingB!.title},1,0,1`]),
  );
  const daily = await csv('daily');
  expect(daily).toContain(`${dayAgo(1)},2`);
  expect(daily).toContain(`${dayAgo(0)},3`);
});

/** The owner, signed in on a browser of their own. */
async function signedInOwner(browser: Browser): Promise<Page> {
  const owner = await visitor(browser, dayAgo(0));
  await signInAdmin(owner);
  return owner;
}

/** Today's views, and each painting's views and enquiries, as the owner's CSV files have them. */
async function figures(owner: Page) {
  const rows = async (section: string) =>
    csvRows(await (await owner.request.get(`/admin/insights/csv?days=30&section=${section}`)).text());
  const today = (await rows('daily')).find(([day]) => day === dayAgo(0));
  const paintings = (await rows('artworks')).slice(1);
  const of = (title: string) => {
    const row = paintings.find((fields) => fields[1] === title);
    return { views: Number(row?.[2] ?? 0), enquiries: Number(row?.[3] ?? 0) };
  };
  return { views: Number(today?.[1] ?? 0), of };
}

test('nothing a visitor does is lost on leaving: a painting left as soon as it is shown, an enquiry followed at once by another page, a page reached by a link', async () => {
  const chrome = await chromeForBeacons();
  try {
    const [paintingC, paintingD] = [publishedSeed[2]!, publishedSeed[3]!];
    const owner = await signedInOwner(chrome);
    const before = await figures(owner);

    // Opens a painting and moves to another page the moment it is ready (within a second).
    const leaver = await visitor(chrome, dayAgo(0));
    await leaver.goto(artworkPath(paintingC));
    await hydrated(leaver.getByRole('button', { name: 'Enquire to Purchase' }));
    await leaver.goto('/contact');

    // Asks about a painting and opens another page at once, typed in (a new document)...
    const asker = await visitor(chrome, dayAgo(0));
    await asker.goto(artworkPath(paintingD));
    await hydrated(asker.getByRole('button', { name: 'Enquire to Purchase' }));
    await asker.getByRole('button', { name: 'Enquire to Purchase' }).click();
    await asker.goto('/about');

    // ...or by a link of the site (a client-side navigation: the page is not left, and the view
    // of the page it shows counts too).
    const mover = await visitor(chrome, dayAgo(0));
    await mover.goto(artworkPath(paintingD));
    await hydrated(mover.getByRole('button', { name: 'Enquire to Purchase' }));
    await mover.getByRole('button', { name: 'Enquire to Purchase' }).click();
    await mover.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(mover).toHaveURL(/\/about$/);

    // Views: painting C, painting D twice, /contact, /about twice.
    await expect(async () => {
      const now = await figures(owner);
      expect(now.views - before.views).toBe(6);
      expect(now.of(paintingC.title!).views - before.of(paintingC.title!).views).toBe(1);
      expect(now.of(paintingD.title!)).toEqual({
        views: before.of(paintingD.title!).views + 2,
        enquiries: before.of(paintingD.title!).enquiries + 2,
      });
    }).toPass({ timeout: 30_000 });
  } finally {
    await chrome.close();
  }
});

test('a visitor who leaves before the telemetry module has loaded is counted by what the page holds', async () => {
  // The page's loader holds the view and the clicks until the module (web vitals, errors,
  // Insights) has loaded, and sends them itself if the page is left first
  // (components/telemetry/telemetry.tsx). Here the module never arrives: its chunk, asked for
  // once the page has loaded and the browser is idle, waits until the test ends.
  const chrome = await chromeForBeacons();
  const held: (() => Promise<void>)[] = [];
  try {
    const painting = publishedSeed[4]!;
    const owner = await signedInOwner(chrome);
    const before = await figures(owner);

    const page = await visitor(chrome, dayAgo(0));
    let askedForModule!: () => void;
    const moduleAskedFor = new Promise<void>((resolve) => (askedForModule = resolve));
    await page.route('**/_next/static/chunks/**', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      // Only the telemetry module observes largest-contentful-paint (lib/telemetry/web-vitals-lite.ts).
      if (!body.includes('largest-contentful-paint')) return route.fulfill({ response, body });
      held.push(() => route.abort().catch(() => {}));
      askedForModule();
    });
    await page.goto(artworkPath(painting));
    await moduleAskedFor;
    await page.getByRole('button', { name: 'Enquire to Purchase' }).click();
    // A link of the site: the page is not left, but the painting's events go as the page changes
    // (seen through the Navigation API), and /about's view is held in their place...
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    // ...and goes when the visitor leaves for another document.
    await page.goto('/contact');

    // The painting's view and the enquiry, /about's view; /contact's view is still held (its
    // module waits too, and the page is not left).
    await expect(async () => {
      const now = await figures(owner);
      expect(now.views - before.views).toBe(2);
      expect(now.of(painting.title!)).toEqual({
        views: before.of(painting.title!).views + 1,
        enquiries: before.of(painting.title!).enquiries + 1,
      });
    }).toPass({ timeout: 30_000 });
  } finally {
    for (const release of held) await release();
    await chrome.close();
  }
});
