import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { submitNewArtwork } from '../admin-helpers';

/**
 * `npm run dev` serves every page (docs/operations.md, Development server). Against `next dev` on a
 * fresh DATA_DIR (scripts/e2e-dev-server.mjs): follows the printed setup link and creates the
 * admin, visits every admin screen and every public page (the sitemap's, every gallery page after
 * the first, search, the debug pages, robots and the sitemap itself), adds an artwork with an image
 * and opens its page. Any 5xx, browser console error or issue in Next's dev overlay fails it, and
 * so does any error the dev server prints meanwhile.
 */
const port = Number(process.env.E2E_DEV_PORT ?? 3200);
const serverLog = path.join('test-results', `e2e-dev-${port}`, 'server.log');
const owner = { email: 'owner@example.com', password: 'pale blue heron at dusk' };

test.describe.configure({ mode: 'serial' });

type Problem = string;

/**
 * /__debug's own checks probe endpoints that answer 404 (the Supabase proxy, in embedded mode) and
 * 401 (the local auth endpoint, asked without credentials); the page reports both as passing
 * (e2e/debug.spec.ts). The browser still logs each as a failed resource load.
 */
const expectedFailures = [
  /^\/__debug: console error \(http:\/\/[^/]+\/api\/supabase\): Failed to load resource: the server responded with a status of 404 /,
  /^\/__debug: console error \(http:\/\/[^/]+\/debug\/probe\/auth\): Failed to load resource: the server responded with a status of 401 /,
];

/**
 * Watches a page for 5xx answers (documents and subresources), console errors and page errors, and
 * counts its document loads: a page that reloads itself after it has loaded (as a dev server whose
 * hot-reload version moves on every request makes it do, "HMR hash mismatch") loads more than once.
 */
function watch(page: Page, problems: Problem[]) {
  let route = '';
  let loads = 0;
  page.on('load', () => loads++);
  const report = (problem: string) => {
    if (expectedFailures.some((expected) => expected.test(problem))) return;
    problems.push(problem);
    console.log(problem);
  };
  page.on('response', (response) => {
    if (response.status() >= 500) report(`${route}: ${response.status()} from ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    report(`${route}: console error${source ? ` (${source})` : ''}: ${message.text().slice(0, 600)}`);
  });
  page.on('pageerror', (error) => report(`${route}: page error: ${error.message.slice(0, 600)}`));
  return { at: (path: string) => (route = path), report, loads: () => loads };
}

/** The dev overlay's issue count (Next's dev tools badge, in its shadow root), 0 when none. */
async function overlayIssues(page: Page): Promise<number> {
  const badge = page.locator('[data-issues-count]');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.first().textContent())?.replace(/\D/g, '') || '0');
}

/**
 * Opens a page and waits for it to settle: loaded, hydrated (Next's dev tools present), and a
 * moment for the dev overlay's checks, which report after the page has loaded. `dwell` keeps
 * watching that long more, for a page that must also stay loaded once and only once.
 */
async function visit(page: Page, watcher: ReturnType<typeof watch>, route: string, expected = 200, dwell = 0) {
  watcher.at(route);
  const loadsBefore = watcher.loads();
  const response = await page.goto(route, { waitUntil: 'load' });
  const status = response?.status() ?? 0;
  if (status !== expected) watcher.report(`${route}: answered ${status}, expected ${expected}`);
  await page.waitForLoadState('networkidle').catch(() => {});
  if (dwell > 0) await page.waitForTimeout(dwell);
  const loads = watcher.loads() - loadsBefore;
  if (loads !== 1) watcher.report(`${route}: loaded ${loads} times, once expected (a reload loop?)`);
  const issues = await overlayIssues(page);
  if (issues > 0) {
    // Open the overlay to read what it says, then close it: it covers the page.
    await page
      .locator('[data-issues-open]')
      .first()
      .click()
      .catch(() => {});
    const text = await page
      .locator('nextjs-portal')
      .first()
      .evaluate((el) => {
        const copy = document.createElement('div');
        copy.append(...[...(el.shadowRoot?.children ?? [])].map((child) => child.cloneNode(true)));
        copy.querySelectorAll('style, script, svg').forEach((node) => node.remove());
        return copy.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      })
      .catch(() => '');
    await page.keyboard.press('Escape');
    watcher.report(`${route}: ${issues} issue(s) in the dev overlay: ${text.slice(0, 600)}`);
  }
}

/** Error lines the dev server printed; Next's own Node 20 notices are not errors. */
function serverErrors(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => /⨯|\bError\b|"level":(50|60)|\s5\d\d in \d/.test(line))
    .filter((line) => !/Node\.js 20 and below are deprecated/.test(line));
}

test('every route answers in next dev, with no error in the server, the console or the dev overlay', async ({
  page,
}) => {
  const problems: Problem[] = [];
  const watcher = watch(page, problems);

  // Before any admin exists, /admin is the sign-in screen.
  await visit(page, watcher, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();

  // The first-run setup link the server printed.
  const printed = await fs.readFile(serverLog, 'utf8');
  const link = /(http:\/\/\S+\/admin\/setup\?token=[A-Za-z0-9_-]{43})/.exec(printed)?.[1];
  expect(link, 'the dev server prints the one-time setup link').toBeTruthy();
  await visit(page, watcher, new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Set Up Your Admin Account' })).toBeVisible();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Password again').fill(owner.password);
  await page.getByRole('button', { name: 'Create Admin Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  // Signed out, an admin screen shows the sign-in form; signing in there opens the screen.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await visit(page, watcher, '/admin/artworks/manage');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Artworks' })).toBeVisible();
  await page.waitForLoadState('networkidle').catch(() => {});
  if ((await overlayIssues(page)) > 0)
    watcher.report('/admin/artworks/manage: issues in the dev overlay after signing in');

  // Every admin screen.
  for (const route of [
    '/admin',
    '/admin/artworks/manage',
    '/admin/artworks/add',
    '/admin/artworks/bulk-upload',
    '/admin/artworks/bulk-manage',
    '/admin/tools/sitemap',
    '/admin/tools/seo-retrofit',
    '/admin/logs/ai',
    '/admin/logs/app',
    '/admin/account',
    '/admin/messages',
    '/admin/messages?view=subscribers',
  ]) {
    await visit(page, watcher, route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await visit(page, watcher, '/admin/artworks/manage');
  const edit = await page.locator('a[href^="/admin/artworks/edit/"]').first().getAttribute('href');
  await visit(page, watcher, edit!);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Artwork' })).toBeVisible();

  // An artwork added through the admin is served at once, on its page and in its gallery.
  const title = `Dev Mode Heron ${Date.now()}`;
  const slug = `dev-mode-heron-${Date.now()}`;
  watcher.at('/admin/artworks/add (submit)');
  await submitNewArtwork(page, {
    title,
    slug,
    category: 'Animals',
    description: 'A heron waits at the edge of the lake.',
    alt: 'A grey heron in watercolour',
    price: '240',
  });
  // Watched for a few seconds more: in dev, an artwork page once reloaded itself over and over.
  await visit(page, watcher, `/gallery/animals/${slug}`, 200, 4_000);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('main img').first()).toHaveJSProperty('complete', true);
  await visit(page, watcher, '/gallery/animals');
  await expect(page.locator(`a[href="/gallery/animals/${slug}"]`).first()).toBeVisible();

  // Every public page: the sitemap's, then every gallery page after the first.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(listed).toContain(`/gallery/animals/${slug}`);
  const pagesAfterFirst = new Set<string>();
  for (const route of listed) {
    await visit(page, watcher, route);
    if (route.startsWith('/gallery')) {
      for (const href of await page
        .locator('a[href*="/page/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
        if (/^\/gallery\/[^/]+\/page\/\d+$/.test(href)) pagesAfterFirst.add(href);
      }
    }
  }
  expect(pagesAfterFirst.size, 'the catalogue has gallery pages after the first').toBeGreaterThan(0);
  for (const route of pagesAfterFirst) await visit(page, watcher, route);
  for (const route of ['/search', '/search?q=fox', '/__debug', '/debug/health-check', '/robots.txt', '/sitemap.xml']) {
    await visit(page, watcher, route);
  }

  const log = await fs.readFile(serverLog, 'utf8');
  expect(problems, 'problems seen in the browser').toEqual([]);
  expect(serverErrors(log), 'errors the dev server printed').toEqual([]);
});
