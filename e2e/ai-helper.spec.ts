import { expect, test, type Page } from '@playwright/test';
import { waitForToastsToClose, makeJpeg } from './admin-helpers';
import { expectNoA11yViolations, signedIn } from './fixtures';
import { toast } from './site-helpers';
import { editedBy } from './world';

/**
 * The AI panel on Edit and Add (docs/product.md, AI helper) against the local
 * OpenAI-compatible stand-in the e2e server starts (scripts/e2e-server.mjs). Nothing here saves
 * the form, so the catalogue never changes: these tests only prove what the panel does to it.
 */
test.use({ storageState: signedIn.admin });

const panel = (page: Page) => page.getByRole('region', { name: 'AI writing helper' });
const row = (page: Page, label: string) => panel(page).getByRole('listitem', { name: label, exact: true });
const suggested = (page: Page, key: string) => panel(page).getByTestId(`suggestion-${key}`);

async function openSeededEdit(page: Page) {
  await page.goto('/admin/artworks/manage');
  const href = (await page
    .getByRole('link', { name: `Edit ${editedBy.aiHelper.title}`, exact: true })
    .getAttribute('href'))!;
  await page.goto(href);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeEnabled();
}

test('generate on Edit, apply one, apply all, regenerate one field, undo', { tag: '@phone' }, async ({ page }) => {
  // Four toasts in a row (one shown at a time, 5 s each) before the last axe run.
  test.setTimeout(150_000);
  await openSeededEdit(page);
  const seo = page.getByRole('textbox', { name: 'SEO title', exact: true });
  const alt = page.getByRole('textbox', { name: 'Alt text', exact: true });
  const hook = page.getByRole('textbox', { name: 'Description (short hook)', exact: true });
  const before = { seo: await seo.inputValue(), alt: await alt.inputValue(), hook: await hook.inputValue() };
  const title = await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue();

  // Closed, then generating, then shown.
  await expect(panel(page).getByRole('list', { name: 'Suggestions' })).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Generate with AI' }).click();
  await expect(panel(page).getByRole('button', { name: 'Generating…' })).toBeVisible();
  await expect(panel(page).getByRole('list', { name: 'Suggestions' })).toBeVisible({ timeout: 20_000 });
  await expect(panel(page)).toHaveAttribute('data-state', 'shown');

  // Each suggestion sits beside the field's current value.
  const seoSuggestion = `${title.slice(0, 40)} | Watercolour`.slice(0, 60);
  await expect(suggested(page, 'seoTitle')).toHaveText(seoSuggestion);
  await expect(row(page, 'SEO title')).toContainText(before.seo);
  await expectNoA11yViolations(page);

  // Apply one: only that field changes.
  await row(page, 'SEO title').getByRole('button', { name: 'Apply SEO title' }).click();
  await expect(toast(page).filter({ hasText: 'Applied!' })).toBeVisible({ timeout: 15_000 });
  await expect(seo).toHaveValue(seoSuggestion);
  await expect(alt).toHaveValue(before.alt);
  await expect(row(page, 'SEO title').getByRole('button', { name: 'Applied SEO title' })).toBeDisabled();

  // Regenerate one field: it changes, and the others stay as they were (merged, not replaced).
  const firstHook = await suggested(page, 'shortHook').innerText();
  const firstTwitter = await suggested(page, 'twitterDescription').innerText();
  await row(page, 'Description (short hook)')
    .getByRole('button', { name: 'Regenerate Description (short hook)' })
    .click();
  await expect(suggested(page, 'shortHook')).not.toHaveText(firstHook, { timeout: 20_000 });
  await expect(suggested(page, 'shortHook')).not.toHaveText('Regenerating…');
  await expect(suggested(page, 'twitterDescription')).toHaveText(firstTwitter);
  await expect(suggested(page, 'seoTitle')).toHaveText(seoSuggestion);
  const newHook = await suggested(page, 'shortHook').innerText();

  // Apply all.
  await panel(page).getByRole('button', { name: 'Apply All' }).click();
  await expect(toast(page).filter({ hasText: 'All Applied!' })).toBeVisible({ timeout: 15_000 });
  await expect(hook).toHaveValue(newHook);
  await expect(alt).toHaveValue(await suggested(page, 'imageAlt').innerText());
  await expect(page.getByRole('textbox', { name: 'Twitter description', exact: true })).toHaveValue(firstTwitter);

  // Undo: the snapshot is back, the panel closed and its suggestions gone.
  await panel(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page).filter({ hasText: 'Changes Reverted' })).toBeVisible({ timeout: 15_000 });
  await expect(seo).toHaveValue(before.seo);
  await expect(alt).toHaveValue(before.alt);
  await expect(hook).toHaveValue(before.hook);
  await expect(panel(page).getByRole('list', { name: 'Suggestions' })).toHaveCount(0);
  await expect(panel(page)).toHaveAttribute('data-state', 'closed');
  await waitForToastsToClose(page);
  await expectNoA11yViolations(page);
});

test("Add: 'Missing Information' without a title and an image; with both, the chosen file is what the model sees", async ({
  page,
}) => {
  await page.goto('/admin/artworks/add');
  await page.waitForLoadState('networkidle');
  await panel(page).getByRole('button', { name: 'Generate with AI' }).click();
  await expect(toast(page).filter({ hasText: 'Missing Information' })).toContainText(
    'Please provide a Title and an Image before using AI.',
    { timeout: 15_000 },
  );
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Rain over Peckham Rye');
  await panel(page).getByRole('button', { name: 'Generate with AI' }).click();
  await expect(toast(page).filter({ hasText: 'Missing Information' })).toBeVisible({ timeout: 15_000 });
  await expect(panel(page).getByRole('list', { name: 'Suggestions' })).toHaveCount(0);

  const jpeg = await makeJpeg(`ai-add-${Date.now()}`);
  await page.getByLabel(/Image file/).setInputFiles(jpeg);
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/api/generate-artwork-details') && request.method() === 'POST',
  );
  await panel(page).getByRole('button', { name: 'Generate with AI' }).click();
  const body = (await sent).postDataJSON() as { title: string; imageUrl: string };
  expect(body.title).toBe('Rain over Peckham Rye');
  expect(body.imageUrl).toMatch(/^data:image\/jpeg;base64,/);
  await expect(suggested(page, 'slug')).toHaveText('rain-over-peckham-rye-watercolour', { timeout: 20_000 });
});

test("a failed generation says 'AI Generation Failed' with the server's message and leaves the form alone", async ({
  page,
}) => {
  await openSeededEdit(page);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  // The stand-in fails every call for a title with this marker (tests/support/openai-stand-in.ts).
  await title.fill(`${await title.inputValue()} AI-FAIL`);
  const seo = await page.getByRole('textbox', { name: 'SEO title', exact: true }).inputValue();
  await panel(page).getByRole('button', { name: 'Generate with AI' }).click();
  await expect(toast(page).filter({ hasText: 'AI Generation Failed' })).toContainText('The AI server answered 500', {
    timeout: 20_000,
  });
  await expect(panel(page).getByRole('list', { name: 'Suggestions' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'SEO title', exact: true })).toHaveValue(seo);
});
