import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, signedIn } from './fixtures';
import { expectToast } from './site-helpers';

test.use({ storageState: signedIn.admin });

test.describe('Sitemap Manager', () => {
  test('explains itself, says how to enable IndexNow, and is accessible', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/admin/tools/sitemap');
    await expect(page).toHaveTitle('Sitemap Manager - Admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sitemap Manager' })).toBeVisible();
    await expect(
      page.getByText(
        'Creates a fresh sitemap file with all artworks, blog posts and pages, and notifies Google and Bing.',
      ),
    ).toBeVisible();
    await expect(
      page.getByText(/Google retired its sitemap ping in 2023 and finds the sitemap through robots\.txt/),
    ).toBeVisible();
    // The suite's server runs without INDEXNOW_KEY.
    await expect(page.getByText(/IndexNow is not configured.*set INDEXNOW_KEY/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate & Ping Search Engines' })).toBeEnabled();
    await expectNoA11yViolations(page);
  });

  test(
    'generates the sitemap, keeps "Last generated" across reloads, and opens the sitemap in a new tab',
    { tag: '@phone' },
    async ({ page, context }) => {
      await page.goto('/admin/tools/sitemap');
      const button = page.getByRole('button', { name: 'Generate & Ping Search Engines' });
      // Held back a moment, so the busy state can be seen.
      await page.route('**/api/generate-sitemap', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/generate-sitemap'));
      await button.click();
      await expect(page.getByRole('button', { name: 'Generating & Pinging...' })).toBeDisabled();
      const response = await answered;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as {
        sitemapUrl: string;
        pingResult: { google: string; bing: string };
        fatal: boolean;
        error: string | null;
      };
      expect(body.fatal).toBe(false);
      expect(body.error).toBeNull();
      expect(body.sitemapUrl).toMatch(/\/sitemap\.xml$/);
      expect(body.pingResult.google).toMatch(/retired.*robots\.txt/);
      expect(body.pingResult.bing).toMatch(/not notified: IndexNow is not configured \(set INDEXNOW_KEY/);

      await expectToast(page, 'Sitemap Generated!');
      const status = page.getByRole('status').filter({ hasText: 'Sitemap Generated!' });
      await expect(status).toContainText('Bing (IndexNow)');
      await expect(page.getByText(/^Last generated: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/)).toBeVisible();
      await expectNoA11yViolations(page);

      const shown = await page.locator('time').getAttribute('datetime');
      await page.reload();
      // Read back from the database; another project's run at the same time may be later still.
      const reloaded = await page.locator('time').getAttribute('datetime');
      expect(Date.parse(reloaded!)).toBeGreaterThanOrEqual(Date.parse(shown!));

      const link = page.getByRole('link', { name: /View Generated Sitemap/ });
      await expect(link).toHaveAttribute('target', '_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe('/sitemap.xml');
      // Chromium shows the XML as a tree of its source text.
      await expect(tab.locator('body')).toContainText('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
      await expect(tab.locator('body')).toContainText(/<loc>http:\/\/[^<]+\/gallery\/all<\/loc>/);
      await tab.screenshot({ path: test.info().outputPath('sitemap-tab.png') });
    },
  );

  test("shows 'Sitemap Generation Failed' with the server's message when the sitemap cannot be refreshed", async ({
    page,
  }) => {
    await page.route('**/api/generate-sitemap', (route) =>
      route.fulfill({
        status: 500,
        json: {
          sitemapUrl: 'x',
          pingResult: { google: 'g', bing: 'b' },
          fatal: true,
          error: 'The sitemap could not be refreshed: database unreachable',
          lastGenerated: null,
          queued: null,
        },
      }),
    );
    await page.goto('/admin/tools/sitemap');
    await page.getByRole('button', { name: 'Generate & Ping Search Engines' }).click();
    await expectToast(page, 'Sitemap Generation Failed');
    await expectToast(page, 'The sitemap could not be refreshed: database unreachable');
    await expect(page.getByRole('alert').filter({ hasText: 'Sitemap Generation Failed' })).toContainText(
      'database unreachable',
    );
  });

  test('without INDEXNOW_KEY, /{anything}.txt is the site’s 404 page', async ({ page }) => {
    const response = await page.goto('/0123456789abcdef.txt');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
  });

  test('refuses a visitor', async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const response = await context.request.post('/api/generate-sitemap');
    expect(response.status()).toBe(401);
    await context.close();
  });
});
