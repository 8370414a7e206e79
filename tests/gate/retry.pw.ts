import { expect, test } from '@playwright/test';

// Run only by scripts/test-gate.mjs, with CI set (one retry), one test at a time: the first must
// fail the run in spite of the retry, the second must leave it green and be named flaky.
test('gate retry fixture: fails every try', async ({ page }) => {
  await page.setContent('<h1>Gate</h1>');
  await expect(page.getByRole('heading', { name: 'Gate' })).toHaveText('Not the gate', { timeout: 500 });
});

test('gate retry fixture: fails only its first try', async ({ page }, testInfo) => {
  await page.setContent(`<h1>${testInfo.retry === 0 ? 'First try' : 'Gate'}</h1>`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gate', { timeout: 500 });
});
