import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { seedArtworks } from '../lib/seed/artworks-data';
import { admin, expectNoA11yViolations, ownClientAddress, signedIn } from './fixtures';
import { EXPIRED_SESSION_TOKEN } from './world';

/**
 * The /admin gate against the production build: login screen, sign-in failures, Access Denied,
 * refused cookies, and every admin page refusing strangers. Each test signs in from its own
 * client address (x-forwarded-for, first hop), so sign-in throttling in one test or run never
 * blocks another.
 */
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(ownClientAddress());
});

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const loginHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Login' });

test('without a session /admin shows the login screen, noindex and accessible', async ({ page }) => {
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(200);
  await expect(loginHeading(page)).toBeVisible();
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password');
  await expect(email).toHaveAttribute('autocomplete', 'username');
  await expect(email).toHaveAttribute('name', 'email');
  await expect(email).toHaveAttribute('required', '');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('name', 'password');
  await expect(password).toHaveAttribute('required', '');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page).toHaveTitle(/Admin Login/);
  // The public header and footer are not part of /admin.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test('both fields are required', async ({ page }) => {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password shows the Sign in Failed toast and stays on the login screen', async ({ page }) => {
  await page.goto('/admin');
  await signIn(page, { email: admin.email, password: 'not the password' });
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Sign in Failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Invalid email or password.');
  await expect(loginHeading(page)).toBeVisible();
});

test('the admin signs in, reaches the admin area, and signs out again', async ({ page, context }) => {
  await page.goto('/admin');
  await signIn(page, admin);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Signed in' })).toBeVisible();
  await expect(loginHeading(page)).toHaveCount(0);
  // The dashboard greets the signed-in user by their email address.
  await expect(page.getByText(admin.email).visible().first()).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'wc_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The session survives a reload (server-side session, not client state).
  await page.reload();
  await expect(page.getByText(admin.email).visible().first()).toBeVisible();

  await page.getByRole('button', { name: /Logout|Sign out/ }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Signed out' })).toBeVisible();
  await expect(loginHeading(page)).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'wc_session')).toBeUndefined();
  // The old cookie, replayed, is refused: sign-out deleted the session on the server.
  await context.addCookies([{ ...cookie!, expires: -1 }]);
  await page.goto('/admin');
  await expect(loginHeading(page)).toBeVisible();
});

test.describe('signed in as a non-admin', () => {
  test.use({ storageState: signedIn.viewer });

  test('Access Denied with Go Back and Go to Homepage', async ({ page }) => {
    await page.goto('/gallery');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('This area is restricted to administrators only.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await page.goForward();
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('a forged session cookie and an expired session are refused', async ({ page, context, baseURL }) => {
  for (const value of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'admin@example.com', EXPIRED_SESSION_TOKEN]) {
    await context.clearCookies();
    await context.addCookies([{ name: 'wc_session', value, url: baseURL! }]);
    await page.goto('/admin');
    await expect(loginHeading(page)).toBeVisible();
  }
});

test('proxy-bypass headers change nothing (CVE-2025-29927)', async ({ request }) => {
  const headers = { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy', 'x-user-id': 'admin' };
  const page = await request.get('/admin', { headers });
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain('Admin Login');
  expect(html).not.toContain(admin.email);
  const upload = await request.post('/api/upload-artwork-image', { headers, multipart: { path: 'x' } });
  expect(upload.status()).toBe(401);
  expect(await upload.json()).toHaveProperty('error');
});

/**
 * Asked for without a session or by a non-admin, an admin page answers with the gate's screen
 * and none of the catalogue: no title of any artwork (drafts included), no form, no form
 * values. A document request renders the /admin layout, whose gate leaves the page out; an
 * in-app navigation between admin pages renders only the page segment, so there each page's
 * own check (lib/actions/admin-page.ts) is all that stands in the way.
 */
test.describe('admin pages refuse strangers', () => {
  const seeded = seedArtworks.find((art) => art.slug === 'quiet-hour-at-dulwich-park-lake')!;
  // Labels of the artwork form, present in the HTML only if the form was rendered.
  const formLabels = ['Description (short hook)', 'Alt text', 'Meta description', 'Pricing and availability'];
  let editPath = '';

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, storageState: signedIn.admin });
    const page = await context.newPage();
    await page.goto('/admin/artworks/manage');
    editPath = (await page.getByRole('link', { name: `Edit ${seeded.title}`, exact: true }).getAttribute('href')) ?? '';
    await context.close();
    expect(editPath).toMatch(/^\/admin\/artworks\/edit\/[0-9a-f-]{36}$/);
  });

  function expectNoCatalogue(body: string, path: string) {
    for (const art of seedArtworks) expect(body, `${path}: ${art.title}`).not.toContain(art.title);
    for (const label of formLabels) expect(body, `${path}: ${label}`).not.toContain(label);
    for (const value of [seeded.slug, seeded.description, seeded.imageAlt])
      expect(body, `${path}: ${value}`).not.toContain(value);
  }

  async function expectNothingLeaks(request: APIRequestContext, path: string, screen: string) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(screen);
    expectNoCatalogue(html, path);
  }

  /** The payload of a client-side navigation to `path` (Next's router, as a link would use it). */
  async function navigateInApp(page: Page, path: string): Promise<string> {
    let resolveBody!: (body: string) => void;
    const body = new Promise<string>((resolve) => (resolveBody = resolve));
    const isNavigation = (url: URL) => url.pathname === path;
    const passOn = async (route: Route) => {
      const headers = route.request().headers();
      if (headers['rsc'] !== '1' || headers['next-router-prefetch']) return route.fallback();
      const response = await route.fetch();
      resolveBody(await response.text());
      await route.fulfill({ response });
    };
    await page.route(isNavigation, passOn);
    await page.evaluate(
      (target) => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push(target),
      path,
    );
    const text = await body;
    await page.unroute(isNavigation, passOn);
    return text;
  }

  const paths = () => ['/admin/artworks/manage', '/admin/artworks/add', editPath];

  test('without a session: the login screen, and no data', async ({ page, request }) => {
    for (const path of paths()) {
      await expectNothingLeaks(request, path, 'Admin Login');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    }
  });

  test.describe('signed in as a non-admin', () => {
    test.use({ storageState: signedIn.viewer });

    test('Access Denied, and no data, whether loaded or reached in the app', async ({ page }) => {
      for (const path of paths()) {
        await expectNothingLeaks(page.request, path, 'Access Denied');
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
      }
      await page.goto('/admin');
      for (const path of paths()) {
        expectNoCatalogue(await navigateInApp(page, path), path);
        await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
      }
    });
  });
});
