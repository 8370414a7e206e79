import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';

// ?debug=1 on any page shows the floating network log (docs/product.md, Network log panel); other
// visits load none of its code.
async function panelScripts(page: Page): Promise<string[]> {
  const hits: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (body.includes('network-log-title')) hits.push(response.url());
  });
  return hits;
}

test('?debug=1 lists the page’s own requests, refreshed as new ones happen, and closes with Escape @phone', async ({
  page,
}, testInfo) => {
  await page.goto('/?debug=1');
  const panel = page.getByRole('region', { name: /Network log/ });
  await expect(panel).toBeVisible();
  // The page's requests, newest first (the document itself is soon pushed out of the latest 10
  // by the links' prefetches), then a request the page makes later (its telemetry beacon).
  await expect(
    panel
      .getByRole('listitem')
      .filter({ hasText: /200\s*\/\S*\s*\d+\s*ms/ })
      .first(),
  ).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(/latest \d+ of \d+ kept/);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e network panel');
    });
  });
  await expect(panel.getByRole('listitem').filter({ hasText: '/api/telemetry' }).first()).toContainText('POST', {
    timeout: 10_000,
  });
  expect(await panel.getByRole('listitem').count()).toBeLessThanOrEqual(10);
  await expectNoA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('network-panel.png') });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('without ?debug=1 there is no panel and its code is never loaded', async ({ page }) => {
  const hits = await panelScripts(page);
  await page.goto('/gallery');
  // Idle for 500 ms after load: any panel code the page asked for would have been fetched.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: /Network log/ })).toHaveCount(0);
  expect(hits).toEqual([]);
  // The same page with the parameter loads it.
  await page.goto('/gallery?debug=1');
  await expect(page.getByRole('region', { name: /Network log/ })).toBeVisible();
  await expect.poll(() => hits.length).toBeGreaterThan(0);
});
