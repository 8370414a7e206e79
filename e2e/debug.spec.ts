import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';

// /__debug on a machine with no internet, in embedded mode. Run with DEBUG_IPINFO_URL and
// DEBUG_ECHO_URL unset, and again with them set to an unreachable address (http://10.255.255.1/):
// either way every check and every self-check row settles within 10 seconds, honestly.
const ipInfoUrl = process.env.DEBUG_IPINFO_URL;
const echoUrl = process.env.DEBUG_ECHO_URL;
const SETTLE_MS = 10_000;

test.describe('Debug & Health Dashboard', () => {
  test('every check and self-check row settles within 10 seconds with an honest status @phone', async ({
    page,
  }, testInfo) => {
    const started = Date.now();
    const response = await page.goto('/__debug');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Debug & Health Dashboard' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // No site header or footer.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByText('embedded mode, no key')).toBeVisible();

    await expect(page.locator('[data-check][data-status="running"]')).toHaveCount(0, { timeout: SETTLE_MS });
    await expect(page.locator('[data-self-check][data-status="checking"]')).toHaveCount(0, { timeout: SETTLE_MS });
    await expect(page.getByRole('status')).toHaveText('0 potential Safari/device issues detected.', {
      timeout: SETTLE_MS,
    });
    expect(Date.now() - started).toBeLessThan(SETTLE_MS + 2_000);

    const card = (id: string) => page.locator(`[data-check="${id}"]`);
    await expect(card('proxy')).toHaveAttribute('data-status', 'skipped');
    await expect(card('proxy')).toContainText('Embedded mode: no Supabase project is configured');
    await expect(card('smoke')).toHaveAttribute('data-status', 'success');
    await expect(card('smoke')).toContainText('the local auth endpoint answered 401');
    await expect(card('rest')).toHaveAttribute('data-status', 'success');
    await expect(card('rest')).toContainText('debug_now read through the public data path');
    await expect(card('storage')).toHaveAttribute('data-status', 'success');
    await expect(card('storage')).toContainText('a storage read of /media/');

    const row = (id: string) => page.locator(`[data-self-check="${id}"]`);
    for (const id of ['javascript', 'storage', 'cookies', 'blocker', 'clock', 'service-workers', 'desktop-mode']) {
      await expect(row(id), id).toHaveAttribute('data-status', 'PASS');
    }
    await expect(row('vpn')).toHaveAttribute('data-status', 'INFO');
    if (ipInfoUrl) {
      await expect(row('vpn')).toContainText(`Skipped: the IP info lookup (${new URL(ipInfoUrl).host})`);
    } else {
      await expect(row('vpn')).toContainText('Skipped: DEBUG_IPINFO_URL is not set, so no IP info lookup was made.');
    }
    await expect(row('blocker')).toContainText(
      echoUrl ? `the request-echo service (${new URL(echoUrl).host})` : 'DEBUG_ECHO_URL is not set',
    );
    await expect(page.getByRole('button', { name: 'Clear Service Workers & Reload' })).toHaveCount(0);
    for (const element of await page.locator('[data-self-check]').all()) await expect(element).toContainText('Tip: ');

    await expectNoA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath('debug.png'), fullPage: true });
  });

  test('a check can be re-run', async ({ page }) => {
    await page.goto('/__debug');
    const rest = page.locator('[data-check="rest"]');
    await expect(rest).toHaveAttribute('data-status', 'success', { timeout: SETTLE_MS });
    // The probe answers at most once a second: let that pass, so the re-run reads a new time.
    await page.waitForTimeout(1_100);
    const before = await rest.textContent();
    const request = page.waitForRequest((r) => r.url().endsWith('/debug/probe/rest'));
    await rest.getByRole('button', { name: 'Re-run REST Test' }).click();
    // Through the site's client fetch (lib/http/app-fetch.ts): it carries a correlation id.
    expect((await request).headers()['x-correlation-id']).toBeTruthy();
    await expect(rest).toHaveAttribute('data-status', 'success', { timeout: SETTLE_MS });
    await expect(rest).not.toHaveText(before!);
  });

  test('a content blocker that stops the test request is reported', async ({ page }) => {
    await page.route('**/debug/probe/ads.js*', (route) => route.abort('blockedbyclient'));
    await page.goto('/__debug');
    const blocker = page.locator('[data-self-check="blocker"]');
    await expect(blocker).toHaveAttribute('data-status', 'WARN', { timeout: SETTLE_MS });
    await expect(blocker).toContainText('a content blocker is active');
    await expect(page.getByRole('status')).toHaveText('1 potential Safari/device issues detected.', {
      timeout: SETTLE_MS,
    });
  });

  test('allows scripts to call only this site and the configured check endpoints', async ({ page }) => {
    const response = await page.goto('/__debug');
    const connectSrc = response
      ?.headers()
      ['content-security-policy']?.split('; ')
      .find((d) => d.startsWith('connect-src'));
    const expected = ["'self'", ...new Set([ipInfoUrl, echoUrl].filter(Boolean).map((url) => new URL(url!).origin))];
    expect(connectSrc).toBe(`connect-src ${expected.join(' ')}`);
    const home = await page.request.get('/');
    expect(home.headers()['content-security-policy']).toContain("connect-src 'self';");
  });
});

// Chromium with scripts off still parses <noscript> as text, so this reads the HTML a browser
// without JavaScript would render.
test('without JavaScript the page says so, as a failed self-check row', async ({ request }) => {
  const html = await (await request.get('/__debug')).text();
  const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
  const text = noscript
    .replace(/<[^>]+>/g, ' ')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
  expect(text).toContain('JavaScript: FAIL. JavaScript is off, so none of the checks on this page can run.');
  expect(text).toContain('Tip: turn on Settings > Safari > Advanced > JavaScript, then reload.');
  expect(text).toContain('1 potential Safari/device issues detected.');
});

test('the health JSON parses and says the site is healthy', async ({ request }) => {
  const response = await request.get('/debug/health-check');
  expect(response.status()).toBe(200);
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  expect(response.headers()['cache-control']).toBe('no-store');
  const body = (await response.json()) as { ok: boolean; checks: Record<string, { ok: boolean; message: string }> };
  expect(body.ok).toBe(true);
  expect(Object.keys(body.checks).sort()).toEqual(['auth', 'cors', 'env', 'rest']);
  for (const check of Object.values(body.checks)) expect(check).toEqual({ ok: true, message: expect.any(String) });
  expect(body.checks.env!.message).toMatch(/^Embedded mode/);
});

test('/api/supabase answers 404 with the reason in embedded mode', async ({ request }) => {
  for (const path of ['/api/supabase', '/api/supabase/rest/v1/debug_now?select=*']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect((await response.json()).error, path).toMatch(/^Embedded mode: no Supabase project is configured/);
  }
});
