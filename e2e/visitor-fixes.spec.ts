import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';
import { expectToast, recordWrites, showMainNav, toast, toastsSaying } from './site-helpers';

// Fixes for visitors: each test below failed on the code before its fix.

const PHONE = { width: 390, height: 844 };
const ARTWORK = '/gallery/sanctuaries-of-the-mind/quiet-hour-at-dulwich-park-lake';
const ARTWORK_TITLE = 'Quiet Hour at Dulwich Park Lake';

/** The page's own telemetry (web vitals, app/layout.tsx) is not the form sending anything. */
const notTelemetry = (write: string) => !new URL(write.split(' ')[1]!).pathname.startsWith('/api/telemetry');

const menuToggle = (page: Page) => page.getByRole('button', { name: /^(Open|Close) menu$/ });
const mobileMenu = (page: Page) => page.locator('#mobile-menu');

async function expectMenuClosed(page: Page) {
  await expect(menuToggle(page)).toHaveAccessibleName('Open menu');
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(mobileMenu(page)).toBeHidden();
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menuToggle(page)).toHaveAccessibleName('Close menu');
  await expect(mobileMenu(page)).toBeVisible();
}

test.describe('mobile menu closes on any navigation (390 px)', () => {
  test.use({ viewport: PHONE });

  test('a footer link chosen while it is open', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await openMenu(page);
    await page
      .getByRole('navigation', { name: 'Quick links' })
      .getByRole('link', { name: 'Blog', exact: true })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectMenuClosed(page);
  });

  test('Back and Forward while it is open', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/about');
    await page
      .getByRole('navigation', { name: 'Quick links' })
      .getByRole('link', { name: 'Shop', exact: true })
      .click();
    await expect(page).toHaveURL(/\/shop$/);

    await openMenu(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expectMenuClosed(page);

    await openMenu(page);
    await page.goForward();
    await expect(page).toHaveURL(/\/shop$/);
    await expectMenuClosed(page);
  });

  test('a link to the page already shown', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/blog');
    await openMenu(page);
    await page
      .getByRole('navigation', { name: 'Quick links' })
      .getByRole('link', { name: 'Blog', exact: true })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
    await expectMenuClosed(page);
  });
});

test.describe('carousel dots', () => {
  /** Each dot is a 44 x 44 target of its own, inside the viewport, with nothing over its centre. */
  async function expectDotTargets(page: Page) {
    const viewport = page.viewportSize()!;
    const dots = page.getByRole('button', { name: /^slide \d$/ });
    await expect(dots).toHaveCount(6);
    for (const dot of await dots.all()) {
      const box = (await dot.boundingBox())!;
      expect(box.width, (await dot.getAttribute('aria-label')) ?? '').toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await hitsItself(dot, box)).toBe(true);
    }
    // The other controls keep their 44 px and stay on screen too.
    for (const name of ['Previous slide', 'Next slide', /^(Pause|Play) slideshow$/]) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
  }

  async function hitsItself(target: Locator, box: { x: number; y: number; width: number; height: number }) {
    return target.evaluate((el, point) => el.contains(document.elementFromPoint(point.x, point.y)), {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
  }

  test('each dot is a 44 x 44 target, at this size and at 390 x 844', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-slides="all"]')).toBeAttached();
    await expectDotTargets(page);
    await page.setViewportSize(PHONE);
    await expectDotTargets(page);

    // The whole 44 px target works, not just the visible dot: a press near its edge selects it.
    const third = page.getByRole('button', { name: 'slide 3' });
    const box = (await third.boundingBox())!;
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.click(box.x + 3, box.y + box.height / 2);
    await expect(third).toHaveAttribute('aria-current', 'true');
    await expectNoA11yViolations(page);
  });
});

test.describe('search entry point in the header', () => {
  test('the header links to /search, on desktop and in the mobile menu', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/about');
    const main = await showMainNav(page);
    const search = main.getByRole('link', { name: 'Search', exact: true });
    await expect(search).toBeVisible();
    await expect(search).toHaveAttribute('href', '/search');
    const box = (await search.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expectNoA11yViolations(page);

    await search.click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('search')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    // The menu closed on the way (on a phone; from md up the same list is the header's row),
    // and the header marks the search page as current.
    if (await menuToggle(page).isVisible()) await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect((await showMainNav(page)).getByRole('link', { name: 'Search', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoA11yViolations(page);
  });
});

test.describe('email addresses in the contact and footer forms', () => {
  test(
    'contact: a malformed address gets its own message, keeps the form, and sends nothing',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/contact');
      const form = page.getByRole('form', { name: 'Contact form' });
      const email = form.getByRole('textbox', { name: 'Email', exact: true });
      const writes = recordWrites(page);

      // Empty fields still get the Missing Information message.
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Missing Information');
      await expectToast(page, 'Please fill in all required fields before sending your message.');

      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
      await form.getByRole('textbox', { name: 'Message', exact: true }).fill('A painting for my therapy room, please.');
      for (const bad of ['not-an-email', 'ada@example', 'ada@@example.com', 'ada example@mail.com']) {
        await email.fill(bad);
        await form.getByRole('button', { name: 'Send Message' }).click();
        await expectToast(page, 'Invalid Email Address');
        await expect(email).toHaveAttribute('aria-invalid', 'true');
        await expect(email).toHaveAccessibleDescription('Enter an email address such as name@example.com.');
        await expect(email).toBeFocused();
        await expect(email).toHaveValue(bad);
        await expect(toastsSaying(page, 'Contact Form Inactive')).toHaveCount(0);
      }
      await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada');
      await expectNoA11yViolations(page);

      await email.fill('ada@example.com');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Contact Form Inactive');
      await expect(email).toHaveValue('');
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
      await expect(form.getByText('Enter an email address such as name@example.com.')).toHaveCount(0);
      expect(writes.filter(notTelemetry)).toEqual([]);
    },
  );

  test(
    'footer: empty fields get Missing Information, a malformed address its own message',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/shop');
      const form = page.getByRole('form', { name: 'Send a message' });
      const email = form.getByRole('textbox', { name: 'Email', exact: true });
      const writes = recordWrites(page);

      await form.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, 'Missing Information');
      await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();

      await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
      await form.getByRole('textbox', { name: 'Message', exact: true }).fill('I love the sea paintings.');
      for (const bad of ['not-an-email', 'ada@example']) {
        await email.fill(bad);
        await form.getByRole('button', { name: 'Send Message' }).click();
        await expectToast(page, 'Invalid Email Address');
        await expect(toastsSaying(page, 'Feature Inactive')).toHaveCount(0);
        await expect(email).toHaveAttribute('aria-invalid', 'true');
        await expect(email).toHaveAccessibleDescription('Enter an email address such as name@example.com.');
        await expect(email).toHaveValue(bad);
      }
      await expectNoA11yViolations(page);

      await email.fill('ada@example.com');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expectToast(page, '🚧 Feature Inactive');
      await expect(email).toHaveValue('');
      expect(writes.filter(notTelemetry)).toEqual([]);
    },
  );
});

test.describe('Enquire to Purchase offers the contact page', () => {
  const subject = `Enquiry: ${ARTWORK_TITLE}`;

  test(
    "the toast's Contact Me opens the contact form with the artwork's title in the subject",
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto(ARTWORK);
      await page.getByRole('button', { name: 'Enquire to Purchase' }).click();
      await expectToast(page, 'Purchase Feature Coming Soon');
      await toast(page).getByRole('button', { name: 'Contact Me' }).click();
      await expect(page).toHaveURL(/\/contact\?subject=/);
      expect(new URL(page.url()).searchParams.get('subject')).toBe(subject);
      await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue(subject);
      await expectNoA11yViolations(page);
    },
  );

  test('a link beside the button goes there too, without waiting for a toast', { tag: '@phone' }, async ({ page }) => {
    await page.goto(ARTWORK);
    const link = page.getByRole('link', { name: 'Ask about this painting' });
    await expect(link).toHaveAttribute('href', `/contact?subject=${encodeURIComponent(subject)}`);
    await expectNoA11yViolations(page);
    await link.click();
    await expect(page.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue(subject);
  });

  test('the subject read from the address is plain text of bounded length', async ({ page }) => {
    const subjectBox = page.getByRole('textbox', { name: 'Subject', exact: true });
    await page.goto(`/contact?subject=${encodeURIComponent('<b>Hi</b>\u0000\n\tthere')}`);
    await expect(subjectBox).toHaveValue('<b>Hi</b> there');
    await expect(page.locator('form b')).toHaveCount(0);

    await page.goto(`/contact?subject=${encodeURIComponent('x'.repeat(500))}`);
    await expect(subjectBox).toHaveValue('x'.repeat(150));
    await expect(subjectBox).toHaveAttribute('maxlength', '150');

    // No subject: nothing prefilled, and a sent form clears the prefilled one.
    await page.goto('/contact');
    await expect(subjectBox).toHaveValue('');
    await page.goto(`/contact?subject=${encodeURIComponent('About a print')}`);
    await expect(subjectBox).toHaveValue('About a print');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Is it available?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Contact Form Inactive');
    await expect(subjectBox).toHaveValue('');
  });
});
