import { expect, test } from '@playwright/test';

// Run only by scripts/test-gate.mjs, which expects exactly this outcome: one pass, one fail,
// and a non-zero exit code. Never part of the normal run (outside e2e/).
test('gate fixture: passes', async ({ page }) => {
  await page.setContent('<h1>Gate</h1>');
  await expect(page.getByRole('heading', { name: 'Gate' })).toBeVisible();
});

test('gate fixture: fails on purpose', async ({ page }) => {
  await page.setContent('<h1>Gate</h1>');
  await expect(page.getByRole('heading', { name: 'Gate' })).toHaveText('Not the gate', { timeout: 500 });
});
