import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';
import { expectToast, jsonLdNodes, recordWrites, showMainNav } from './site-helpers';

const nav = [
  ['Home', '/'],
  ['Gallery', '/gallery'],
  ['Shop', '/shop'],
  ['Blog', '/blog'],
  ['About', '/about'],
  ['Contact', '/contact'],
] as const;

test.describe('header', () => {
  test(
    'is sticky, 80 px tall, with the site title, tagline and the six navigation links',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/shop');
      const header = page.getByRole('banner');
      await expect(header.getByText('Elena Marsh', { exact: true })).toBeVisible();
      await expect(header.getByText('South London Watercolour Artist')).toBeVisible();
      expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
      expect((await header.boundingBox())?.height).toBe(80);

      const main = await showMainNav(page);
      for (const [label, href] of nav) {
        await expect(main.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
      }
    },
  );

  for (const [path, active] of [
    ['/gallery/landscapes', 'Gallery'],
    ['/gallery', 'Gallery'],
    ['/about', 'About'],
    ['/', 'Home'],
  ] as const) {
    test(`marks ${active} as the current page on ${path}`, async ({ page }) => {
      await page.goto(path);
      const main = await showMainNav(page);
      await expect(main.getByRole('link', { name: active, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(main.locator('[aria-current="page"]:visible')).toHaveCount(1);
    });
  }

  test('no link is current on /about/ai-profile: About matches only exactly', async ({ page }) => {
    await page.goto('/about/ai-profile');
    const main = await showMainNav(page);
    await expect(main.locator('[aria-current="page"]')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'About', exact: true })).toBeVisible();
  });

  test(
    'the mobile menu opens, closes, and closes when a link is chosen (phone size)',
    { tag: '@phone' },
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      const open = page.getByRole('button', { name: 'Open menu' });
      await expect(open).toHaveAttribute('aria-expanded', 'false');
      await open.click();
      const close = page.getByRole('button', { name: 'Close menu' });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      const main = page.getByRole('navigation', { name: 'Main' });
      await expect(main.getByRole('link', { name: 'Blog', exact: true })).toBeVisible();
      await close.click();
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
      await expect(main.getByRole('link', { name: 'Blog', exact: true })).toBeHidden();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await main.getByRole('link', { name: 'Contact', exact: true }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
      await expect(main.getByRole('link', { name: 'Contact', exact: true })).toBeHidden();
    },
  );

  test('a skip link is the first focusable element and targets #main-content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toHaveAttribute('href', '#main-content');
    await expect(page.locator('main#main-content')).toHaveCount(1);
  });
});

test.describe('footer', () => {
  test('has quick links, legal links, social links, the email and the copyright year', async ({ page }) => {
    await page.goto('/terms');
    const footer = page.getByRole('contentinfo');
    const quick = footer.getByRole('navigation', { name: 'Quick links' });
    for (const href of ['/gallery', '/shop', '/blog', '/about', '/contact']) {
      await expect(quick.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    for (const network of ['Instagram', 'Facebook', 'Twitter']) {
      const link = footer.getByRole('link', { name: new RegExp(`on ${network}`) });
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(footer.getByRole('link', { name: 'hello@elenamarsh.art' })).toHaveAttribute(
      'href',
      'mailto:hello@elenamarsh.art',
    );
    await expect(footer.getByText(`© ${new Date().getFullYear()} Elena Marsh`)).toBeVisible();
    await expect(footer.getByText('20% off prints')).toBeVisible();
  });

  test('the form shows the display-only notice, sends nothing and resets', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/shop');
    const form = page.getByRole('form', { name: 'Send a message' });
    const message = form.getByRole('textbox', { name: 'Message', exact: true });
    await expect(message).toHaveAttribute('rows', '5');
    expect(parseFloat(await message.evaluate((el) => getComputedStyle(el).minHeight))).toBe(80);
    const subscribe = form.getByLabel('Subscribe to my newsletter for updates on new art and exhibitions.');
    await expect(subscribe).not.toBeChecked();

    // Required fields: an empty submit shows the Missing Information notice (as the contact form
    // does) and marks the field to fill (e2e/visitor-fixes.spec.ts has the malformed address).
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Missing Information');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');

    const writes = recordWrites(page);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
    await message.fill('I love the sea paintings.');
    await subscribe.check();
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expectToast(page, '🚧 Feature Inactive');
    await expectToast(page, 'This contact form is currently for display only. Functionality can be added on request!');
    await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('');
    await expect(message).toHaveValue('');
    await expect(subscribe).not.toBeChecked();
    expect(writes).toEqual([]);
  });
});

test.describe('every page', () => {
  test('carries WebSite and Person structured data', async ({ page }) => {
    for (const path of ['/', '/contact']) {
      await page.goto(path);
      const nodes = await jsonLdNodes(page);
      const website = nodes.find((node) => node['@type'] === 'WebSite');
      const person = nodes.find((node) => node['@type'] === 'Person');
      expect(JSON.stringify(website?.potentialAction)).toContain('/search?q=');
      expect(person?.jobTitle).toBe('Watercolour Artist');
      expect(person?.address).toMatchObject({ addressLocality: 'South London', addressCountry: 'UK' });
    }
  });

  test('has a suffixed title, a description, an absolute canonical URL and a 1200x630 Open Graph image', async ({
    page,
  }) => {
    await page.goto('/shop');
    await expect(page).toHaveTitle('Shop | Elena Marsh Watercolours');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/shop$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-default\.jpg$/);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  });

  test('an unknown path answers 404 with a way back', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    await expectNoA11yViolations(page);
  });

  test('the admin area has no site header or footer', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveCount(0);
    await expect(page.getByText('South London Watercolour Artist')).toHaveCount(0);
    await expect(page.getByText('Subscribe to my newsletter for updates on new art and exhibitions.')).toHaveCount(0);
  });
});
