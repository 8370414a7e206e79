import { expect, test, type Page } from '@playwright/test';

/**
 * Toasts (spec §9): one visible at a time, each closing on its own after 5000 ms. The page's
 * clock is paused, so time moves only when the test says.
 */
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** sonner adds a toast on a zero-delay timer: step the paused clock until `count` are on screen. */
async function untilToasts(page: Page, count: number) {
  await expect(async () => {
    await page.clock.runFor(1);
    await expect(toasts(page)).toHaveCount(count, { timeout: 100 });
  }).toPass();
}

async function contactForm(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto('/contact');
  return page.getByRole('form', { name: 'Contact form' });
}

test('a toast stays on screen for 5000 ms, then closes', async ({ page }) => {
  const form = await contactForm(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await untilToasts(page, 1);
  const shown = toasts(page).filter({ hasText: 'Missing Information' });
  await expect(shown).toHaveAttribute('data-visible', 'true');

  await page.clock.runFor(4_900);
  await expect(shown).toBeVisible();
  await expect(shown).not.toHaveAttribute('data-removed', 'true');
  // At 5000 ms it starts to leave; its exit animation takes 200 ms more.
  await page.clock.runFor(100 + 250);
  await expect(toasts(page)).toHaveCount(0);
});

test('with two toasts raised, only the newest is visible', async ({ page }) => {
  const form = await contactForm(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await untilToasts(page, 1);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('A painting for my therapy room, please.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await untilToasts(page, 2);

  const newest = toasts(page).filter({ hasText: 'Contact Form Inactive' });
  const older = toasts(page).filter({ hasText: 'Missing Information' });
  await expect(newest).toHaveAttribute('data-visible', 'true');
  await expect(older).toHaveAttribute('data-visible', 'false');
  await expect(older).toHaveCSS('opacity', '0');
  await expect(toasts(page).and(page.locator('[data-visible="true"]'))).toHaveCount(1);
});
