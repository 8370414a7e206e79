import { expect, test } from '@playwright/test';
import { signedIn } from './fixtures';
import { editedBy } from './world';

test.use({ storageState: signedIn.admin });

// The review typed into Title just after the edit page opened and sometimes got the old title
// followed by the new one: the form's values landed after the first keystrokes.
test('the edit form has its values before it can be typed into, and keeps what is typed', async ({ page }) => {
  await page.goto('/admin/artworks/manage');
  const href = (await page
    .getByRole('link', { name: `Edit ${editedBy.editForm.title}`, exact: true })
    .getAttribute('href'))!;

  // The page as the server sends it, before any script runs: the values are in the inputs, and
  // the fields wait, disabled, for the form to take charge of them.
  const html = await (await page.request.get(href)).text();
  const titleInput = /<input[^>]*name="title"[^>]*>/.exec(html)?.[0] ?? '';
  expect(titleInput).toMatch(/value="[^"]+"/);
  expect(html).toMatch(/<fieldset[^>]*disabled=""/);

  await page.goto(href, { waitUntil: 'commit' });
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  // fill() waits until the field is enabled, then replaces its text, as a person would.
  await title.fill('Typed at once');
  await page.waitForLoadState('networkidle');
  await expect(title).toHaveValue('Typed at once');
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).not.toHaveValue('');
});
