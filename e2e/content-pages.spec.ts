import { expect, test, type Page } from '@playwright/test';
import { blogPosts } from '../lib/seed/blog-posts';
import { expectNoA11yViolations } from './fixtures';
import { expectToast, jsonLdNodes, recordWrites } from './site-helpers';

const dots = (page: Page) => page.getByRole('button', { name: /^slide \d$/ });
const selectedDot = (page: Page) => page.locator('button[aria-current="true"][aria-label^="slide "]');
/** React runs effects on a message-channel task, which the page's fake clock leaves alone. */
async function effectsFlushed(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * Opens the home page with the page's clock paused, and waits until autoplay is armed: the
 * slides are revealed once the page has loaded, and the effects that follow start the timer.
 */
async function openHomeOnPausedClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto('/');
  await expect(page.locator('[data-slides="all"]')).toBeAttached();
  await effectsFlushed(page);
  await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 1');
}

const enGbLong =
  /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

test.describe('home', () => {
  test('server HTML: six slides, the first eager with high priority and preloaded, the rest lazy', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const imgs = [...html.matchAll(/<img[^>]*src="\/carousel\/slide-\d\.jpg"[^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(6);
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[0]).toMatch(/fetchPriority="high"/i);
    for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy"');
    for (const img of imgs) expect(img).toMatch(/width="1920"[^>]*height="1080"/);
    expect(html).toMatch(/<link rel="preload"[^>]*href="\/carousel\/slide-1\.webp"/);
    expect(html).toContain('<source srcSet="/carousel/slide-1.webp" type="image/webp"/>');
  });

  test(
    'carousel: full height, one dot per slide, next/previous move the selection, pause and play',
    { tag: '@phone' },
    async ({ page }) => {
      await openHomeOnPausedClock(page);
      const carousel = page.getByRole('region', { name: 'Featured paintings' });
      const viewport = page.viewportSize()!;
      expect(Math.round((await carousel.boundingBox())!.height)).toBe(Math.max(viewport.height - 80, 480));

      await expect(dots(page)).toHaveCount(6);
      const images = carousel.locator('img');
      await expect(images).toHaveCount(6);
      for (const alt of await images.evaluateAll((els) => els.map((el) => el.getAttribute('alt') ?? ''))) {
        expect(alt.length).toBeGreaterThan(20);
      }
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 1');

      await page.getByRole('button', { name: 'Pause slideshow' }).click();
      await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
      await page.getByRole('button', { name: 'Next slide' }).click();
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 2');
      await page.getByRole('button', { name: 'Previous slide' }).click();
      await page.getByRole('button', { name: 'Previous slide' }).click();
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 6');
      await page.getByRole('button', { name: 'slide 4' }).click();
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 4');
      // Paused means paused: nothing moves on its own.
      await page.clock.runFor(15_000);
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 4');
      await page.getByRole('button', { name: 'Play slideshow' }).click();
      await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
      await effectsFlushed(page);
      await page.clock.runFor(5_000);
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 5');

      // Controls are at least 24x24 px.
      for (const control of await carousel.getByRole('button').all()) {
        const box = (await control.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(24);
        expect(box.height).toBeGreaterThanOrEqual(24);
      }
    },
  );

  test('autoplay advances every 5000 ms, and 5000 ms after a button press', async ({ page }) => {
    await openHomeOnPausedClock(page);
    await page.clock.runFor(4_900);
    await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 1');
    await page.clock.runFor(100);
    await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 2');
    // A press restarts the interval, and autoplay carries on.
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 3');
    await page.clock.runFor(4_900);
    await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 3');
    await page.clock.runFor(100);
    await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 4');
  });

  test('autoplay keeps going after the window is resized (a rotated phone)', { tag: '@phone' }, async ({ page }) => {
    await openHomeOnPausedClock(page);
    await expect(page.getByRole('group', { name: '2 of 6' })).toBeVisible();
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: size.height, height: size.width });
    // Let any resize handling run (animation frames wait on the paused clock), then wait for a
    // ResizeObserver of the test's own to report the new size.
    await page.clock.runFor(100);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const observer = new ResizeObserver(() => {
            observer.disconnect();
            resolve();
          });
          observer.observe(document.body);
        }),
    );
    await page.clock.runFor(5_000);
    await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 2');
  });

  test('the other five paintings are fetched only after the page has loaded, so the first has the network to itself', async ({
    page,
  }) => {
    const fetched: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    page.on('request', (request) => {
      const match = request.url().match(/\/carousel\/(slide-\d)\./);
      if (match) fetched.push(match[1]!);
    });
    // The first painting holds up the load event until the test lets it through.
    await page.route('**/carousel/slide-1.*', async (route) => {
      await firstHeld;
      await route.continue();
    });
    const navigation = page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured paintings' })).toBeAttached();
    // The document is parsed and laid out twice over: any image the browser meant to fetch
    // before the load event has been asked for by now.
    await page.waitForFunction(() => document.readyState === 'interactive');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(fetched).toContain('slide-1');
    expect(fetched.filter((name) => name !== 'slide-1')).toEqual([]);
    releaseFirst();
    await navigation;
    await expect.poll(() => fetched.includes('slide-2'), { timeout: 10_000 }).toBe(true);
    await expect(page.getByRole('group', { name: '6 of 6' })).toBeVisible();
  });

  test(
    'a swipe moves one slide either way and restarts the 5 s; a vertical drag or a tap does not',
    { tag: '@phone' },
    async ({ page }) => {
      await openHomeOnPausedClock(page);
      const carousel = page.getByRole('region', { name: 'Featured paintings' });
      const box = (await carousel.boundingBox())!;
      const y = box.y + box.height * 0.3;
      const drag = async (fromX: number, toX: number, toY = y) => {
        const at = (x: number, clientY: number) => ({
          pointerType: 'touch',
          isPrimary: true,
          pointerId: 7,
          bubbles: true,
          clientX: x,
          clientY,
        });
        await carousel.dispatchEvent('pointerdown', at(fromX, y));
        await carousel.dispatchEvent('pointerup', at(toX, toY));
      };
      await drag(box.x + box.width * 0.8, box.x + box.width * 0.2);
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 2');
      await drag(box.x + box.width * 0.2, box.x + box.width * 0.8);
      await drag(box.x + box.width * 0.2, box.x + box.width * 0.8);
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 6');
      // Scrolling the page (mostly vertical) and a tap leave the slide alone.
      await drag(box.x + box.width * 0.5, box.x + box.width * 0.5 - 50, y + 200);
      await drag(box.x + box.width * 0.5, box.x + box.width * 0.5 + 10);
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 6');
      // The last swipe restarted the timer: 5 s on, the slideshow loops to the first painting.
      await effectsFlushed(page);
      await page.clock.runFor(5_000);
      await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 1');
      await expect(page.getByRole('group', { name: '1 of 6' })).toHaveCSS('opacity', '1');
    },
  );

  test('no autoplay under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHomeOnPausedClock(page);
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.clock.runFor(15_000);
    await expect(selectedDot(page)).toHaveAttribute('aria-label', 'slide 1');
  });

  test(
    'overlay, cards, artist and latest collections link where product.md says',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/');
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toContainText('Elena Marsh');
      await expect(h1).toContainText('South London watercolour artist');
      await expect(
        page
          .getByText(/lyrical watercolours/i)
          .visible()
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Explore Sanctuaries of the Mind' })).toHaveAttribute(
        'href',
        '/gallery/sanctuaries',
      );
      await expect(page.getByRole('link', { name: 'Read the Stories' })).toHaveAttribute('href', '/blog');

      await expect(page.getByRole('heading', { name: 'Art with Intention' })).toBeVisible();
      for (const [title, href] of [
        ['For Therapy Rooms', '/gallery/sanctuaries'],
        ['For New Homes', '/gallery/landscapes'],
        ['For Gifts', '/shop'],
      ] as const) {
        await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
        await expect(page.getByRole('link', { name: `Explore More: ${title}` })).toHaveAttribute('href', href);
      }
      await expect(page.locator('li', { has: page.getByRole('heading', { name: 'For Gifts' }) })).toContainText(
        /archival prints, cards and coasters/i,
      );

      await expect(page.getByRole('heading', { name: 'Meet the Artist' })).toBeVisible();
      const portrait = page.locator('img[src="/images/artist-portrait.webp"]');
      await expect(portrait).toHaveAttribute('width', '800');
      await expect(portrait).toHaveAttribute('height', '1000');
      await expect(page.getByRole('link', { name: 'Read My Story' })).toHaveAttribute('href', '/about');

      const latest = page.getByRole('region', { name: 'Latest Collections' });
      const cards = latest.getByRole('listitem');
      const count = await cards.count();
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(6);
      await expect(cards.first().getByRole('link')).toHaveAttribute('href', /^\/gallery\/[a-z0-9-]+\/[a-z0-9-]+$/);
      await expect(cards.first().locator('img')).toHaveAttribute('srcset', /400w.*800w/);
      await expect(latest.getByRole('link', { name: 'View All Art' })).toHaveAttribute('href', '/gallery');

      // Buttons on the home page are at least 44 px tall.
      for (const name of ['Explore Sanctuaries of the Mind', 'Read the Stories', 'Read My Story', 'View All Art']) {
        expect((await page.getByRole('link', { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await expectNoA11yViolations(page);
    },
  );
});

test('shop: a new store is coming soon, with a Contact Me link and the newsletter offer', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/coming soon/i);
  await expect(page.getByRole('link', { name: 'Contact Me' })).toHaveAttribute('href', '/contact');
  const main = page.locator('main');
  for (const word of ['prints', 'cards', 'coasters', '20% off prints']) await expect(main).toContainText(word);
  await expectNoA11yViolations(page);
});

test.describe('blog', () => {
  test('lists the six stories with en-GB dates; filters show their category or an empty state', async ({ page }) => {
    await page.goto('/blog');
    const list = page.locator('main').getByRole('list').last();
    const all = page.getByRole('button', { name: 'All', exact: true });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article')).toHaveCount(6);

    const dates = await page.locator('main article time').allTextContents();
    expect(dates).toHaveLength(6);
    for (const date of dates) expect(date).toMatch(enGbLong);
    const first = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date))[0]!;
    const expected = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(first.date),
    );
    expect(dates[0]).toBe(expected);
    await expect(list.getByRole('link', { name: first.title })).toHaveAttribute('href', `/blog/${first.slug}`);

    for (const category of ['Techniques', 'Inspiration']) {
      await page.getByRole('button', { name: category }).click();
      await expect(page.getByRole('button', { name: category })).toHaveAttribute('aria-pressed', 'true');
      await expect(all).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByText('No stories in this category yet.')).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Sanctuaries of the Mind' }).click();
    await expect(page.getByRole('article')).toHaveCount(6);
    await all.click();
    await expect(page.getByRole('article')).toHaveCount(6);
    await expectNoA11yViolations(page);
  });

  test('an article shows category, title, date, author, read time, share notice, hero, content, tags and BlogPosting data', async ({
    page,
  }) => {
    const post = blogPosts[1]!;
    const response = await page.goto(`/blog/${post.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${post.title} | Elena Marsh Watercolours`);
    const article = page.locator('main article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(post.title);
    await expect(article).toContainText(post.category);
    await expect(article.locator('time')).toHaveText(enGbLong);
    await expect(article).toContainText(post.author);
    await expect(article).toContainText(post.readTime);
    for (const heading of ['Backstory', 'What It Offers', 'Where It Belongs']) {
      await expect(article.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const tag of post.tags) await expect(article.getByText(`#${tag}`, { exact: true })).toBeVisible();

    const hero = article.locator(`img[src="${post.imageUrl}"]`);
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('width', '1200');
    await expect(hero).toHaveAttribute('alt', post.alt);

    const writes = recordWrites(page);
    await article.getByRole('button', { name: 'Share' }).click();
    await expectToast(page, /not implemented yet/);
    expect(writes).toEqual([]);

    const posting = (await jsonLdNodes(page)).find((node) => node['@type'] === 'BlogPosting');
    expect(posting?.headline).toBe(post.title);
    expect(posting?.datePublished).toBe(post.date);
    await expectNoA11yViolations(page);
  });

  test('an unknown slug answers 404 with Article Not Found and Back to Blog', async ({ page }) => {
    const response = await page.goto('/blog/no-such-story');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
    const back = page.locator('main').getByRole('link', { name: 'Back to Blog' });
    await expect(back).toHaveAttribute('href', '/blog');
    await back.click();
    await expect(page).toHaveURL(/\/blog$/);
    await expectNoA11yViolations(page);
  });
});

test.describe('about', () => {
  test('hero, a timeline from 2020, links to shop and contact, a skip link and ProfilePage data', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Elena Marsh');
    const years = await page.locator('ol li > p:first-of-type').allTextContents();
    expect(years.map(Number)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    const main = page.locator('main');
    expect(await main.locator('a[href="/shop"]').count()).toBeGreaterThan(0);
    expect(await main.locator('a[href="/contact"]').count()).toBeGreaterThan(0);
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    const profile = (await jsonLdNodes(page)).find((node) => node['@type'] === 'ProfilePage');
    expect(profile?.mainEntity).toMatchObject({ '@type': 'Person', name: 'Elena Marsh' });
    await expectNoA11yViolations(page);
  });

  test('the AI profile has key facts, an FAQ with FAQPage data, community and links', async ({ page }) => {
    await page.goto('/about/ai-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile for AI readers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Key facts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Community' })).toBeVisible();
    const faq = (await jsonLdNodes(page)).find((node) => node['@type'] === 'FAQPage');
    const questions = faq?.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions.length).toBeGreaterThanOrEqual(5);
    expect(questions.length).toBeLessThanOrEqual(7);
    for (const q of questions) await expect(page.getByRole('heading', { level: 3, name: q.name })).toBeVisible();
    const main = page.locator('main');
    for (const href of ['/gallery/sanctuaries-of-the-mind', '/blog', '/contact']) {
      await expect(main.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expectNoA11yViolations(page);
  });
});

test.describe('contact', () => {
  test('labels, required asterisks, email type, contact info and social links', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    // Visible labels; required ones carry an asterisk (hidden from screen readers, which hear "required").
    await expect(form.locator('label[for="contact-name"]')).toHaveText('Name *');
    await expect(form.locator('label[for="contact-email"]')).toHaveText('Email *');
    await expect(form.locator('label[for="contact-subject"]')).toHaveText('Subject');
    await expect(form.locator('label[for="contact-message"]')).toHaveText('Message *');
    for (const name of ['Name', 'Email', 'Message'])
      await expect(form.getByRole('textbox', { name, exact: true })).toHaveAttribute('required', '');
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('type', 'email');
    await expect(form.getByRole('textbox', { name: 'Subject', exact: true })).not.toHaveAttribute('required', '');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: 'hello@elenamarsh.art' })).toHaveAttribute(
      'href',
      'mailto:hello@elenamarsh.art',
    );
    await expect(main).toContainText('South London, UK');
    for (const network of ['Instagram', 'Facebook', 'Twitter']) {
      await expect(main.getByRole('link', { name: new RegExp(`on ${network}`) })).toHaveAttribute(
        'rel',
        'noopener noreferrer',
      );
    }
    await expectNoA11yViolations(page);
  });

  test('a missing required field shows Missing Information; a complete form shows the inactive notice and clears', async ({
    page,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    const writes = recordWrites(page);
    const send = form.getByRole('button', { name: 'Send Message' });

    await send.click();
    await expectToast(page, 'Missing Information');
    await expectToast(page, 'Please fill in all required fields before sending your message.');

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
    await form.getByRole('textbox', { name: 'Subject', exact: true }).fill('A commission');
    await send.click();
    await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toBeFocused();
    await expect(form.getByRole('textbox', { name: 'Message', exact: true })).toHaveAttribute('aria-invalid', 'true');

    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('A painting for my therapy room, please.');
    await send.click();
    await expectToast(page, 'Contact Form Inactive');
    await expectToast(page, 'This contact form is for display purposes only');
    for (const name of ['Name', 'Email', 'Subject', 'Message'])
      await expect(form.getByRole('textbox', { name, exact: true })).toHaveValue('');
    expect(writes).toEqual([]);
  });
});

test.describe('terms and privacy', () => {
  test('terms state every business constant and the update date', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    const main = page.locator('main');
    await expect(main).toContainText('Last updated: January 2024');
    for (const text of [
      'Payment plans are available for original paintings over £500',
      'Every order over £100 is sent fully insured',
      'UK delivery takes 3-5 business days',
      'International delivery takes 7-21 business days',
      'returned within 14 days of delivery',
      'returned within 30 days of delivery',
      'within 5-10 business days',
      'A 50% deposit secures your place',
      'Commissions usually take 4-8 weeks',
    ]) {
      await expect(main).toContainText(text);
    }
    await expectNoA11yViolations(page);
  });

  test('privacy states the update date, no tracking cookies, the forms send nothing and under-13s are not targeted', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const main = page.locator('main');
    await expect(main).toContainText('Last updated: January 2024');
    await expect(main).toContainText('no tracking or advertising cookies');
    await expect(main).toContainText('nothing is sent, stored or shared');
    await expect(main).toContainText('not aimed at children under 13');
    await expectNoA11yViolations(page);
  });
});
