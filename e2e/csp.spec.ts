import { expect, test, type Page, type Response } from '@playwright/test';
import { blogPosts } from '../lib/seed/blog-posts';
import { signedIn } from './fixtures';
import { editedBy, publishedSeed } from './world';

// Every page runs under the Content Security Policy (proxy.ts, lib/http/csp.ts) without a single
// violation: what a policy too strict for the site would break shows up here first.
const artwork = publishedSeed[0]!;
const artworkPath = `/gallery/${artwork.category!.toLowerCase().replace(/\s+/g, '-')}/${artwork.slug}`;
const publicPages = [
  '/',
  '/gallery',
  '/gallery/all',
  artworkPath,
  '/shop',
  '/blog',
  `/blog/${blogPosts[0]!.slug}`,
  '/about',
  '/about/ai-profile',
  '/contact',
  '/search?q=sea',
  '/privacy',
  '/terms',
  '/no-such-page',
];

/** Collects CSP violations as the page itself reports them, and the console's account of them. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (event) =>
      list.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [...seen, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

function directives(policy: string | undefined): Map<string, string> {
  expect(policy, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

/**
 * The response's policy lets only scripts carrying its nonce run, and every script the server
 * sent carries it (JSON-LD is data, not script). Returns the nonce.
 */
async function expectNonceOnEveryScript(response: Response | null): Promise<string> {
  const csp = directives(response?.headers()['content-security-policy']);
  expectStrictBase(csp);
  const [nonce, strictDynamic, ...rest] = csp.get('script-src')!.split(' ');
  expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/=]{16,}'$/);
  expect(strictDynamic).toBe("'strict-dynamic'");
  // 'self' only for browsers without 'strict-dynamic', which ignore it (lib/http/csp.ts).
  expect(rest).toEqual(["'self'"]);
  const tags = ((await response!.text()).match(/<script\b[^>]*>/g) ?? []).filter(
    (tag) => !tag.includes('application/ld+json'),
  );
  expect(tags.length).toBeGreaterThan(0);
  const value = nonce!.slice("'nonce-".length, -1);
  expect(tags.filter((tag) => !tag.includes(`nonce="${value}"`))).toEqual([]);
  return nonce!;
}

function expectStrictBase(csp: Map<string, string>) {
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toBe("'none'");
  expect(csp.get('form-action')).toBe("'self' https://checkout.stripe.com");
  expect(csp.get('img-src')?.split(' ')).toContain("'self'");
  expect(csp.get('font-src')).toBe("'self'");
  expect(csp.get('script-src')).not.toContain('unsafe-eval');
}

test('public pages load under a strict policy with no violation', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of publicPages) {
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expectStrictBase(directives(response?.headers()['content-security-policy']));
  }
  // Hydrated under the policy: the home carousel answers its controls.
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test.describe('admin pages', () => {
  test.use({ storageState: signedIn.admin });

  test('run only scripts carrying this request’s nonce, and work', async ({ page }) => {
    const violations = await watchViolations(page);
    const nonces = new Set<string>();
    for (const path of ['/admin', '/admin/artworks/manage', '/admin/artworks/add']) {
      nonces.add(await expectNonceOnEveryScript(await page.goto(path, { waitUntil: 'networkidle' })));
    }
    expect(nonces.size).toBe(3);
    // Hydrated and interactive under the policy: the edit form takes typing.
    await page.goto('/admin/artworks/manage');
    await page.getByRole('link', { name: `Edit ${editedBy.csp.title}`, exact: true }).click();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title).not.toHaveValue('');
    await title.fill('Typed under the policy');
    await expect(title).toHaveValue('Typed under the policy');
    expect(await violations()).toEqual([]);
  });
});

// The public pages rendered per request are no longer held to the cached
// pages' policy ('unsafe-inline'): like the admin pages, they render whole for the request.
test('search and the debug page run only scripts carrying this request’s nonce, and work', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ['/search?q=sea', '/__debug']) {
    const nonces = new Set<string>();
    for (let load = 0; load < 2; load += 1)
      nonces.add(await expectNonceOnEveryScript(await page.goto(path, { waitUntil: 'networkidle' })));
    expect(nonces.size, `a fresh nonce for each load of ${path}`).toBe(2);
  }
  // The debug page's scripts ran its checks.
  await expect(page.locator('[data-check][data-status="running"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByRole('status')).toHaveText('0 potential Safari/device issues detected.', { timeout: 10_000 });

  // The search form searches, and the public header's menu (a client component) hydrated.
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto('/search?q=sea', { waitUntil: 'networkidle' });
  await page.getByLabel('Search', { exact: true }).fill('dulwich');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=dulwich$/);
  await expect(page.getByRole('heading', { name: 'Quiet Hour at Dulwich Park Lake', exact: true })).toBeVisible();
  // The search is a new document: its menu works once its scripts have loaded (a click before
  // hydration did nothing in a full run on a busy machine).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  expect(await violations()).toEqual([]);
});

// A page the proxy gives a nonce policy, posted a body too large to pass through the proxy (its
// matcher leaves it out), rendered with no policy, and Next took its scripts' nonce from the
// request's own policy header. Now such a page carries a policy that runs no script at all.
test('a page rendered without the proxy runs no script, whatever nonce the request names', async ({ request }) => {
  const chosen = "script-src 'nonce-chosenbytheclient'";
  const big = `x=${'a'.repeat(2_100_000)}`;
  for (const path of ['/admin', '/admin/artworks/manage', '/search?q=sea', '/__debug']) {
    const response = await request.post(path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-security-policy': chosen },
      data: big,
      maxRedirects: 0,
    });
    const policies = response.headersArray().filter(({ name }) => name.toLowerCase() === 'content-security-policy');
    expect(policies, path).toHaveLength(1);
    expect(policies[0]!.value, path).toContain("script-src 'none'");
    expect(policies[0]!.value, path).not.toContain('chosenbytheclient');
  }
  // Through the proxy, as ever: a fresh nonce of the server's, never the one the request named.
  const proxied = await request.get('/search?q=sea', { headers: { 'content-security-policy': chosen } });
  expect(proxied.headers()['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(proxied.headers()['content-security-policy']).not.toContain('chosenbytheclient');
});
