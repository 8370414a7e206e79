import { expect, test } from './faults';
import { signedIn } from './fixtures';
import { expectToast } from './site-helpers';
import { accounts } from './world';

/**
 * The gate's own states (docs/product.md, Sign-in and access): loading, and an admin check that
 * fails. Each test's account is its own (faults@example.com, slow-admin@example.com): a database
 * fault (e2e/faults.ts) on the queries that carry its claims, the admin check's among them, slows
 * down or breaks that account's requests and touches no other test's.
 */
const asAccount = (email: string, action: 'fail' | 'hold') => ({
  action,
  sql: 'request.jwt.claims',
  mentions: `"email":"${email}"`,
});

// The two faults-account tests switch faults on the same account: they rely on running in file
// order, one after the other (Playwright's default for a file; not run with --repeat-each).
test.describe('the gate of the faults account', () => {
  test.use({ storageState: signedIn.faults });

  test("while the admin check is under way the screen says 'Verifying Access...'", async ({ page, faults }) => {
    await faults.on('faults-account-slow', asAccount(accounts.faults.email, 'hold'));
    // The shell arrives at once; the gate's answer streams in after the check.
    await page.goto('/admin', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Verifying Access...');
    await faults.off('faults-account-slow');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Verifying Access...')).toHaveCount(0);
  });

  test('a failed admin check shows Access Check Failed with its toast, and Try Again checks again', async ({
    page,
    faults,
  }) => {
    await faults.on('faults-account-fail', asAccount(accounts.faults.email, 'fail'));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Check Failed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Could not verify your admin permissions. Please try again later.',
    );
    await expectToast(page, 'Access Check Failed');
    await expectToast(page, 'Could not verify your admin permissions. Please try again later.');
    // No admin content behind the failure.
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);

    await faults.off('faults-account-fail');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  });
});

test.describe('an admin page', () => {
  // slow-admin@example.com: an admin of its own, so slowing its check holds up no other test.
  test.use({ storageState: signedIn.slowAdmin });

  test("shows 'Loading Admin Module...' while its data loads", async ({ page, faults }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // The page's own admin check, which its data waits for, is held until the test lets it go;
    // the page's heading and loading state stream in first.
    await faults.on('slow-admin-slow', asAccount(accounts.slowAdmin.email, 'hold'));
    await page.getByRole('link', { name: /Manage Artworks/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Artworks' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading Admin Module...');
    await expect(page.getByRole('table')).toHaveCount(0);
    await faults.off('slow-admin-slow');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('Loading Admin Module...')).toHaveCount(0);
  });
});
