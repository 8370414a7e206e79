import { expect, test } from './faults';
import { signedIn } from './fixtures';
import { toast } from './site-helpers';
import { accounts } from './world';

/**
 * The gate's own states (admin spec §2, §6): loading, and an admin check that fails. The
 * account is faults@example.com, a non-admin whose check lib/testing/faults.ts can slow down or
 * break without touching anyone else's.
 */
const checkFault = `admin-check-${accounts.faults.email}`;

test.describe('the gate of the faults account', () => {
  test.use({ storageState: signedIn.faults });

  test("while the admin check is under way the screen says 'Verifying Access...'", async ({ page, faults }) => {
    await faults.on(`${checkFault}-slow`);
    // The shell arrives at once; the gate's answer streams in after the check.
    await page.goto('/admin', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Verifying Access...');
    await faults.off(`${checkFault}-slow`);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Verifying Access...')).toHaveCount(0);
  });

  test('a failed admin check shows Access Check Failed with its toast, and Try Again checks again', async ({ page, faults }) => {
    await faults.on(checkFault);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Check Failed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Could not verify your admin permissions. Please try again later.');
    await expect(toast(page)).toContainText('Access Check Failed');
    await expect(toast(page)).toContainText('Could not verify your admin permissions. Please try again later.');
    // No admin content behind the failure.
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);

    await faults.off(checkFault);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  });
});

test.describe('an admin page', () => {
  test.use({ storageState: signedIn.admin });

  test("shows 'Loading Admin Module...' while its data loads", async ({ page }) => {
    const isManage = (url: string) => new URL(url).pathname === '/admin/artworks/manage';
    // The dashboard prefetches the page's static part (its header and loading state) for the link.
    const prefetched = page.waitForEvent('requestfinished', (request) => isManage(request.url()) && Boolean(request.headers()['next-router-prefetch']));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await prefetched;
    // Hold the page's data (the navigation's RSC request, not a prefetch) until the test lets it go.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = false;
    await page.route(
      (url) => isManage(url.href),
      async (route) => {
        const headers = route.request().headers();
        if (headers['rsc'] && !headers['next-router-prefetch']) {
          holding = true;
          await held;
        }
        await route.fallback();
      },
    );
    await page.getByRole('link', { name: /Manage Artworks/ }).click();
    await expect.poll(() => holding).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Artworks' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading Admin Module...');
    release();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText('Loading Admin Module...')).toHaveCount(0);
  });
});
