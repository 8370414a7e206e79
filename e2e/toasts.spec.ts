import { expect, test, type Page } from '@playwright/test';

/**
 * Toasts (docs/product.md, Toasts): one visible at a time, each closing on its own after 5000 ms.
 * The page's clock is paused, so time moves only when the test says.
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

test('with two toasts raised, only the newest is visible; the older one then shows for its own 5000 ms', async ({
  page,
}) => {
  // Two forms, two notices: each form replaces its own notice (a fixed id), so the second toast
  // comes from the footer's form.
  const form = await contactForm(page);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await untilToasts(page, 1);
  const footer = page.getByRole('form', { name: 'Send a message' });
  await footer.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
  await footer.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
  await footer.getByRole('textbox', { name: 'Message', exact: true }).fill('A painting for my therapy room, please.');
  await footer.getByRole('button', { name: 'Send Message' }).click();
  await untilToasts(page, 2);

  const newest = toasts(page).filter({ hasText: 'Feature Inactive' });
  const older = toasts(page).filter({ hasText: 'Missing Information' });
  await expect(newest).toHaveAttribute('data-visible', 'true');
  await expect(older).toHaveAttribute('data-visible', 'false');
  await expect(older).toHaveCSS('opacity', '0');
  await expect(toasts(page).and(page.locator('[data-visible="true"]'))).toHaveCount(1);

  // One at a time (docs/product.md, Toasts): the older one waited, its timer held, and now has its
  // full turn.
  await page.clock.runFor(5_000 + 250);
  await expect(newest).toHaveCount(0);
  await expect(older).toHaveAttribute('data-visible', 'true');
  await page.clock.runFor(4_900);
  await expect(older).toBeVisible();
  await expect(older).not.toHaveAttribute('data-removed', 'true');
  await page.clock.runFor(300 + 250);
  await expect(toasts(page)).toHaveCount(0);
});
