import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startNext, type NextServer } from '../scripts/next-process';
import { waitForToastsToClose } from './admin-helpers';
import { test as faultTest } from './faults';
import { admin, expectNoA11yViolations, ownClientAddress, signedIn } from './fixtures';
import { expectToast } from './site-helpers';

/**
 * Application Logs (docs/product.md, Application Logs; Telemetry). Rows come the ways they do in
 * use: browser events through POST /api/telemetry, a real error thrown in a page, a sign-in
 * lock-out. Clear All Logs and the server's stdout are checked on a server of this file's own (the
 * suite's build, a fresh DATA_DIR), so no other spec's rows are deleted and its output can be read.
 */
test.use({ storageState: signedIn.admin });
faultTest.use({ storageState: signedIn.admin });

const SCREEN = '/admin/logs/app';

const logRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const details = (page: Page) => page.getByRole('dialog', { name: 'Log details' });

/** The value beside a label in the details dialog. */
function field(page: Page, label: string) {
  return details(page)
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** Loads the screen until rows with `text` are listed (browser events are written within a second or so). */
async function showRows(page: Page, href: string, text: string, count: number) {
  await expect(async () => {
    await page.goto(href);
    await expect(logRow(page, text)).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test(
  'the screen: columns, the Filters button (level, feature, text), a row’s details with N/A for what is missing, axe',
  { tag: '@phone' },
  async ({ page, request, baseURL }) => {
    const stamp = `e2e-logs-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const pageLoadId = `${stamp}-load`;
    const response = await request.post('/api/telemetry', {
      headers: ownClientAddress(),
      data: {
        pageLoadId,
        events: [
          {
            level: 'error',
            type: 'frontend',
            feature: 'global',
            message: `${stamp} carousel is undefined`,
            url: `${baseURL}/gallery`,
            meta: { line: 12, column: 7 },
          },
          {
            level: 'warn',
            type: 'frontend',
            feature: 'fetch',
            message: `${stamp} non_2xx_response: 404`,
            url: `${baseURL}/about`,
            method: 'GET',
            status: 404,
          },
          { level: 'info', type: 'metric', feature: 'web-vitals', message: `${stamp} LCP` },
        ],
      },
    });
    expect(response.ok(), await response.text()).toBe(true);

    // Until the rows are written the screen may have none to show (a fresh server), and no table.
    await showRows(page, SCREEN, stamp, 3);
    await expect(page).toHaveTitle('Application Logs - Admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Application Logs' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/admin');
    // On a phone the timestamp and feature sit under the message.
    const phone = page.viewportSize()!.width < 640;
    await expect(page.getByRole('columnheader')).toHaveText(
      phone ? ['Level', 'Message', 'Details'] : ['Timestamp', 'Level', 'Feature', 'Message', 'Details'],
    );
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Clear All Logs' })).toBeEnabled();

    // The Filters button shows the filters; the text filter finds this test's three rows.
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Message contains').fill(stamp);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
    await showRows(page, page.url(), stamp, 3);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');

    // Level, then feature, narrow it further; each is in the URL.
    await page.getByLabel('Level').selectOption('error');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]level=error/);
    await expect(logRow(page, stamp)).toHaveCount(1);
    await expect(logRow(page, stamp)).toContainText(`${stamp} carousel is undefined`);
    await expect(logRow(page, stamp).getByText('error', { exact: true })).toBeVisible();
    await page.getByLabel('Level').selectOption('');
    await page.getByLabel('Feature').selectOption('fetch');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]feature=fetch/);
    await expect(logRow(page, stamp)).toHaveCount(1);
    await expect(logRow(page, stamp)).toContainText('non_2xx_response: 404');
    // A text nothing matches says so, and % is a character, not a wildcard.
    await page.goto(`${SCREEN}?q=${encodeURIComponent(`${stamp}%`)}`);
    await expect(page.getByText('No logs match these filters.')).toBeVisible();

    // A click on the row opens its details.
    await page.goto(`${SCREEN}?q=${stamp}&level=error`);
    await logRow(page, stamp).click();
    await expect(details(page)).toBeVisible();
    await expect(field(page, 'Level')).toHaveText('error');
    await expect(field(page, 'Feature')).toHaveText('global');
    await expect(field(page, 'Message')).toHaveText(`${stamp} carousel is undefined`);
    const meta = JSON.parse((await field(page, 'Metadata').textContent()) ?? '') as Record<string, unknown>;
    expect(meta).toMatchObject({ line: 12, column: 7 });
    await expect(field(page, 'ID')).toHaveText(/^[0-9a-f-]{36}$/);
    await expect(field(page, 'Timestamp')).toHaveText(/^\d{1,2} \w+ \d{4} at \d{2}:\d{2}:\d{2} (GMT|BST)$/);
    await expect(field(page, 'Type')).toHaveText('frontend');
    // Stored as the path on this site.
    await expect(field(page, 'URL')).toHaveText('/gallery');
    await expect(field(page, 'User ID')).toHaveText('N/A');
    await expect(field(page, 'Correlation ID')).toHaveText(pageLoadId);
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(details(page)).toHaveCount(0);

    // The keyboard path: the Details button; a row without metadata says N/A.
    await page.goto(`${SCREEN}?q=${stamp}&feature=web-vitals`);
    // press() does not wait for a control to be enabled, as click() does: the button waits, disabled,
    // until the page has hydrated (docs/testing.md, Writing tests that hold on a loaded machine), so
    // wait for it first.
    const view = logRow(page, stamp).getByRole('button', { name: /^View details/ });
    await expect(view).toBeEnabled();
    await view.press('Enter');
    await expect(field(page, 'Metadata')).toHaveText('N/A');
    await expect(field(page, 'URL')).toHaveText('N/A');
    await details(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(details(page)).toHaveCount(0);
    await expectNoA11yViolations(page);
  },
);

test('a client error thrown in a page is in Application Logs with the page load’s correlation id', async ({ page }) => {
  const message = `e2e client error ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await page.setExtraHTTPHeaders(ownClientAddress());
  const telemetryRunning = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/telemetry', {
    timeout: 30_000,
  });
  await page.goto('/about');
  // The telemetry module loads once the page is idle; its first report (web vitals) says it runs.
  await telemetryRunning;
  const sent = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/api/telemetry' && (r.postData() ?? '').includes(message),
    { timeout: 30_000 },
  );
  await page.evaluate(
    (text) =>
      setTimeout(() => {
        throw new Error(text);
      }),
    message,
  );
  // The page's own report, as the browser sent it: its page load id is the correlation id.
  const { pageLoadId } = JSON.parse((await sent).postData() ?? '{}') as { pageLoadId?: string };
  expect(pageLoadId).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
  await showRows(page, `${SCREEN}?q=${encodeURIComponent(message)}`, message, 1);
  await expect(logRow(page, message).getByText('error', { exact: true })).toBeVisible();
  await logRow(page, message).click();
  await expect(field(page, 'Feature')).toHaveText('global');
  await expect(field(page, 'Type')).toHaveText('frontend');
  await expect(field(page, 'Message')).toContainText(message);
  const correlationId = (await field(page, 'Correlation ID').textContent()) ?? '';
  expect(correlationId).not.toBe('N/A');
  expect(correlationId).toBe(pageLoadId);
  await expect(field(page, 'URL')).toHaveText(/\/about$/);
});

test.describe('on a server of its own', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let server: NextServer;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const port = process.env.E2E_PORT ?? '3100';
    // The suite's own build (scripts/e2e-server.mjs): nothing is built here.
    const distDir = process.env.NEXT_DIST_DIR ?? (port === '3100' ? '.next' : `.next-e2e-${port}`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-logs-e2e-'));
    // At most 100 rows of logs (the review's setting): a flood reaches the limit at once.
    server = await startNext({
      distDir,
      dataDir,
      env: {
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        BCRYPT_COST: '4',
        TRUSTED_PROXY_HOPS: '1',
        LOG_LEVEL: 'info',
        LOGS_APP_MAX_ROWS: '100',
      },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The server's stdout as pino's JSON lines. */
  const serverLines = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  async function signInPage(browser: Browser, address: string) {
    const context = await browser.newContext({
      baseURL: server.url,
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    const page = await context.newPage();
    // Browser events would add rows of their own while this test counts and clears them.
    await page.route('**/api/telemetry', (route) => route.fulfill({ status: 204 }));
    return page;
  }

  async function trySignIn(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/admin',
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    return answered;
  }

  async function signedInAdmin(browser: Browser, address: string) {
    const page = await signInPage(browser, address);
    await page.goto('/admin');
    await trySignIn(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
    return page;
  }

  test('a sign-in lock-out: the response header, the server log line and the logs_app row carry one correlation id; then Clear All Logs', async ({
    browser,
  }) => {
    // The admin signs in first, from an address of its own.
    const adminPage = await signedInAdmin(browser, '10.77.0.1');

    // Ten wrong passwords for an account, then an eleventh attempt is refused: a lock-out.
    const guesser = await signInPage(browser, '10.77.0.2');
    await guesser.goto('/admin');
    for (let i = 0; i < 10; i++) await trySignIn(guesser, 'someone@example.com', `wrong guess ${i}`);
    const refused = await trySignIn(guesser, 'someone@example.com', 'another guess');
    await expect(
      guesser.getByText('Too many sign-in attempts. Please wait 15 minutes and try again.').visible().first(),
    ).toBeVisible();
    const correlationId = refused.headers()['x-correlation-id'] ?? '';
    expect(correlationId).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);

    // The server's JSON log line for it carries the same id.
    await expect
      .poll(() =>
        serverLines().some(
          (line) =>
            line.correlationId === correlationId &&
            line.feature === 'auth' &&
            line.level === 40 &&
            /locked out/.test(String(line.msg)),
        ),
      )
      .toBe(true);

    // So does the row in Application Logs, found by pasting the id into the text filter.
    await adminPage.goto(`${SCREEN}?q=${correlationId}`);
    await expect(logRow(adminPage, 'Sign-in locked out')).toHaveCount(1);
    await logRow(adminPage, 'Sign-in locked out').click();
    await expect(field(adminPage, 'Level')).toHaveText('warn');
    await expect(field(adminPage, 'Feature')).toHaveText('auth');
    await expect(field(adminPage, 'Correlation ID')).toHaveText(correlationId);
    expect(JSON.parse((await field(adminPage, 'Metadata').textContent()) ?? '')).toMatchObject({
      email: 'someone@example.com',
      ip: '10.77.0.2',
    });
    await adminPage.keyboard.press('Escape');

    // Clear All Logs: its confirmation; Cancel keeps everything.
    await adminPage.goto(SCREEN);
    const clear = adminPage.getByRole('button', { name: 'Clear All Logs' });
    await expect(clear).toBeEnabled();
    await clear.click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await expect(confirm).toContainText(
      'This will permanently delete all application logs. This action cannot be undone.',
    );
    await expectNoA11yViolations(adminPage);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(logRow(adminPage, 'Sign-in locked out')).toHaveCount(1);

    await clear.click();
    const cleared = adminPage.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === SCREEN,
    );
    await confirm.getByRole('button', { name: 'Yes, delete all logs' }).click();
    await expectToast(adminPage, 'Logs Cleared');
    await expectToast(adminPage, 'All application logs have been deleted.');
    await expect(adminPage.getByText('No logs found. It’s all clear!')).toBeVisible();
    await expect(clear).toBeDisabled();
    await adminPage.reload();
    await expect(adminPage.getByText('No logs found. It’s all clear!')).toBeVisible();
    await expect(adminPage.getByRole('button', { name: 'Clear All Logs' })).toBeDisabled();

    // The clear action's outcome is a server log line under its request's correlation id.
    const clearId = (await cleared).headers()['x-correlation-id'];
    await expect
      .poll(() =>
        serverLines().some(
          (line) =>
            line.correlationId === clearId &&
            line.action === 'clearApplicationLogs' &&
            line.outcome === 'ok' &&
            typeof line.durationMs === 'number',
        ),
      )
      .toBe(true);
    await waitForToastsToClose(adminPage);
    await expectNoA11yViolations(adminPage);
  });

  test('anonymous clients cannot push security events out: a spent address writes one lock-out row whatever emails it tries, and a telemetry flood prunes only other rows', async ({
    browser,
    playwright,
  }) => {
    const adminPage = await signedInAdmin(browser, '10.78.0.1');

    // The owner's real lock-out: someone guessing the admin's password from one address.
    const guesser = await signInPage(browser, '10.78.0.2');
    await guesser.goto('/admin');
    for (let i = 0; i < 11; i++) await trySignIn(guesser, admin.email, `wrong guess ${i}`);
    await expect(
      guesser.getByText('Too many sign-in attempts. Please wait 15 minutes and try again.').visible().first(),
    ).toBeVisible();

    // An attacker spends their address's budget, then signs in as 60 made-up accounts: each is
    // refused, and together they write one row, not 60.
    const attacker = await signInPage(browser, '10.78.0.3');
    await attacker.goto('/admin');
    for (let i = 0; i < 10; i++) await trySignIn(attacker, `spend-${i}@example.com`, 'anything at all');
    for (let i = 0; i < 60; i++) await trySignIn(attacker, `made-up-${i}@example.com`, 'anything at all');
    await expect(
      attacker.getByText('Too many sign-in attempts. Please wait 15 minutes and try again.').visible().first(),
    ).toBeVisible();

    // Then telemetry from 15 addresses, as fast as the limits take it: far past 100 rows.
    const api = await playwright.request.newContext({ baseURL: server.url });
    let accepted = 0;
    await Promise.all(
      Array.from({ length: 15 }, async (_, a) => {
        for (let r = 0; r < 4; r++) {
          const events = Array.from({ length: 20 }, (_, e) => ({
            level: 'info',
            type: 'frontend',
            feature: 'fetch',
            message: `flood ${a}-${r}-${e}`,
          }));
          const response = await api.post('/api/telemetry', {
            headers: { 'x-forwarded-for': `10.79.0.${a + 1}` },
            data: { events },
          });
          if (response.ok()) accepted += events.length;
        }
      }),
    );
    await api.dispose();
    expect(accepted).toBeGreaterThan(300);
    // Retention ran on the flood (it prunes once a writer reports enough rows)...
    await expect
      .poll(
        () => serverLines().some((line) => line.msg === 'Pruned old application log rows' && Number(line.byCount) > 0),
        { timeout: 20_000 },
      )
      .toBe(true);

    // ...and the two lock-outs are both still there, each once.
    await showRows(adminPage, `${SCREEN}?q=${encodeURIComponent('Sign-in locked out')}`, 'Sign-in locked out', 2);
    await logRow(adminPage, 'Sign-in locked out').first().click();
    const first = JSON.parse((await field(adminPage, 'Metadata').textContent()) ?? '') as { ip: string };
    await adminPage.keyboard.press('Escape');
    await logRow(adminPage, 'Sign-in locked out').last().click();
    const second = JSON.parse((await field(adminPage, 'Metadata').textContent()) ?? '') as { ip: string };
    expect([first.ip, second.ip].sort()).toEqual(['10.78.0.2', '10.78.0.3']);
  });
});

faultTest(
  "failures say so: 'Error fetching logs' on the screen, 'Failed to clear logs' with nothing deleted",
  async ({ page, faults, request }) => {
    const stamp = `faultlogs-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const response = await request.post('/api/telemetry', {
      headers: ownClientAddress(),
      data: {
        level: 'warn',
        type: 'frontend',
        feature: 'fetch',
        message: `${stamp} kept`,
        pageLoadId: `${stamp}-load`,
      },
    });
    expect(response.ok()).toBe(true);
    await showRows(page, `${SCREEN}?q=${stamp}`, stamp, 1);

    // The screen's read, filtered by this test's own text; then the clear's one DELETE.
    await faults.on('app-logs-read', { action: 'fail', sql: 'from "logs_app"', mentions: stamp });
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Error fetching logs' })).toBeVisible();
    await expectToast(page, 'Error fetching logs');
    await expect(page.getByRole('table')).toHaveCount(0);
    await faults.off('app-logs-read');

    // The clear fails before deleting anything: the rows stay, and the dialog stays for another try.
    await faults.on('app-logs-clear', { action: 'fail', sql: 'delete from "logs_app" returning' });
    await page.reload();
    await expect(logRow(page, stamp)).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear All Logs' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await confirm.getByRole('button', { name: 'Yes, delete all logs' }).click();
    await expectToast(page, 'Failed to clear logs');
    await expectToast(page, /Reference: \S+/);
    await expect(confirm.getByRole('button', { name: 'Yes, delete all logs' })).toBeEnabled();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(logRow(page, stamp)).toHaveCount(1);
  },
);
