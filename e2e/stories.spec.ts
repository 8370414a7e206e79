import { devices, type Browser, type Page } from '@playwright/test';
import { blogPosts } from '../lib/seed/blog-posts';
import { expect, makeJpeg, test, waitForToastsToClose } from './admin-helpers';
import { expectNoA11yViolations, signedIn } from './fixtures';
import { expectToast, jsonLdNodes } from './site-helpers';

/**
 * The artist writes stories (docs/product.md, Stories). The owner's writes run in `writes`, one
 * after another; the reads of the seeded stories run with the others. Every story a test makes is
 * deleted by the test that made it.
 */

const newest = [...blogPosts].sort((a, b) => b.date.localeCompare(a.date))[0]!;
const run = Date.now().toString(36);

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/** The editor's fields. */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const story = (page: Page) => page.getByRole('textbox', { name: 'Story', exact: true });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

async function newStory(page: Page, title: string, excerpt = 'A short story written by the browser test.') {
  await page.goto('/admin/blog/manage');
  await page.getByRole('link', { name: 'New Story' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Story' })).toBeVisible();
  await field(page, 'Title').fill(title);
  await field(page, 'Excerpt').fill(excerpt);
  // Complete SEO fields: the SEO retrofit (e2e/seo-retrofit.spec.ts, in the same project) fills
  // only stories missing one, so it never writes to these while a test edits them.
  await field(page, 'Meta title').fill(`${title} | Elena Marsh`);
  await field(page, 'Meta description').fill(
    `${excerpt} Written by the stories browser test so the SEO retrofit leaves it alone.`.slice(0, 160),
  );
  await expect(story(page)).toBeVisible();
}

async function chooseCover(page: Page, alt: string) {
  const jpeg = await makeJpeg(`story-cover-${run}-${Math.random().toString(36).slice(2)}`);
  await page.locator('input[type=file]:visible').first().setInputFiles(jpeg);
  await expect(page.getByText('Replace cover').visible()).toBeVisible({ timeout: 15_000 });
  await field(page, 'Alt text').fill(alt);
}

async function click(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
}

async function sitemapAndFeed(page: Page) {
  const [sitemap, feed] = await Promise.all([page.request.get('/sitemap.xml'), page.request.get('/blog/rss.xml')]);
  return { sitemap: await sitemap.text(), feed: await feed.text() };
}

async function deleteStory(page: Page, editUrl: string) {
  await page.goto(editUrl);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this story?' });
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/manage$/);
}

test.describe('the blog, from the database', () => {
  test('lists the six seeded stories newest first, links its feed, and the feed holds them', async ({
    page,
    request,
  }) => {
    await page.goto('/blog');
    const titles = await page.locator('main article h2').allTextContents();
    expect(titles.slice(0, 6)).toEqual(
      [...blogPosts].sort((a, b) => b.date.localeCompare(a.date)).map((post) => post.title),
    );
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      /\/blog\/rss\.xml$/,
    );
    const feed = await request.get('/blog/rss.xml');
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    const xml = await feed.text();
    for (const post of blogPosts) expect(xml).toContain(`/blog/${post.slug}</link>`);
  });

  test('a seeded story carries BlogPosting data and its cover as the share image', async ({ page }) => {
    await page.goto(`/blog/${newest.slug}`);
    const posting = (await jsonLdNodes(page)).find((node) => node['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: newest.title,
      datePublished: newest.date,
      author: { name: 'Elena Marsh' },
      articleSection: newest.category,
    });
    expect(String(posting!['image'])).toMatch(/\/blog\/6\.webp$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/blog\/6\.webp$/);
  });
});

test.describe('the editor’s code', () => {
  test.use({ storageState: signedIn.admin });

  /** The text of every script the page loaded from this site. */
  async function loadedScripts(page: Page): Promise<string[]> {
    await page.waitForLoadState('networkidle');
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.endsWith('.js') && new URL(url).origin === location.origin),
    );
    return Promise.all([...new Set(urls)].map(async (url) => (await page.request.get(url)).text()));
  }

  /**
   * A mark each server-side or admin-only package leaves in any script it is bundled into: the
   * editor (ProseMirror), the sanitiser (sanitize-html's option names), the feed (the `feed`
   * package's generator), the mailer, and the code that sends a message (loaded on a form's first
   * focus, never with a page).
   */
  const marks = {
    editor: 'ProseMirror',
    sanitiser: 'allowedSchemesByTag',
    feed: 'jpmonette/feed',
    mailer: 'nodemailer',
    sending: '/api/messages',
  };

  test('loads on the story editor only: no public page carries the editor, the sanitiser, the feed or message sending', async ({
    page,
  }) => {
    await page.goto('/admin/blog/new');
    await expect(story(page)).toBeVisible();
    expect((await loadedScripts(page)).some((text) => text.includes(marks.editor))).toBe(true);
    for (const path of ['/', '/gallery', '/blog', `/blog/${newest.slug}`, '/about', '/contact']) {
      await page.goto(path);
      const scripts = await loadedScripts(page);
      const found = Object.entries(marks)
        .filter(([, mark]) => scripts.some((text) => text.includes(mark)))
        .map(([name]) => name);
      expect(found, path).toEqual([]);
    }
  });
});

test.describe('the owner writes stories', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: signedIn.admin });

  test('@writes a story with a heading, a link, an image and a painting: draft, preview, publish, rename, delete', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const title = `Morning Wash ${run}`;
    const slug = `morning-wash-${run}`;
    await newStory(page, title);
    await page.getByLabel('Category').selectOption('Techniques');

    // The body: a heading, a paragraph with a link, an uploaded image with alt text, a painting.
    await story(page).click();
    await click(page, 'Heading');
    await page.keyboard.type('Laying the first wash');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Wet the paper first, then see ');
    await page.keyboard.press('ControlOrMeta+k');
    const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
    await linkDialog.getByRole('textbox', { name: 'Link address' }).fill('/gallery');
    await linkDialog.getByRole('button', { name: 'Save link' }).click();
    await expect(linkDialog).toBeHidden();
    await page.keyboard.press('End');
    await page.keyboard.type(' for more.');
    await page.keyboard.press('Enter');

    await click(page, 'Image');
    const imageDialog = page.getByRole('dialog', { name: 'Add an image' });
    await imageDialog.getByLabel('Image file').setInputFiles(await makeJpeg(`story-body-${run}`));
    await imageDialog.getByRole('textbox', { name: 'Alt text' }).fill('A wash drying on the board');
    await imageDialog.getByRole('button', { name: 'Insert image' }).click();
    await expect(imageDialog).toBeHidden({ timeout: 20_000 });

    await click(page, 'Insert a painting');
    const paintingDialog = page.getByRole('dialog', { name: 'Insert a painting' });
    await paintingDialog
      .getByRole('searchbox', { name: 'Search paintings' })
      .or(paintingDialog.getByRole('textbox', { name: 'Search paintings' }))
      .fill('Quiet Hour');
    await paintingDialog.getByRole('button', { name: 'Quiet Hour at Dulwich Park Lake' }).click();
    await expect(paintingDialog).toBeHidden();

    await chooseCover(page, 'A board with a wet wash of blue');
    await expectNoA11yViolations(page);

    // Save Draft: the owner's alone.
    await click(page, 'Save Draft');
    await expectToast(page, 'Draft saved.');
    await expect(page).toHaveURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const editUrl = new URL(page.url()).pathname;
    const { context, page: reader } = await visitor(browser);
    await reader.goto('/blog');
    await expect(reader.getByText(title)).toHaveCount(0);
    const hidden = await reader.goto(`/blog/${slug}`);
    expect(hidden?.status()).toBe(404);
    await expect(reader.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
    expect((await sitemapAndFeed(reader)).sitemap).not.toContain(`/blog/${slug}`);

    // Preview shows the owner the draft as the blog would.
    const [preview] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Preview' }).click(),
    ]);
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'Laying the first wash' })).toBeVisible();
    await preview.close();

    // Publish: first on the blog, under its category, with its content, data, sitemap and feed.
    await click(page, 'Publish');
    await expectToast(page, 'Story published.');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    await reader.goto('/blog');
    await expect(reader.locator('main article h2').first()).toHaveText(title);
    await reader.getByRole('button', { name: 'Techniques' }).click();
    await expect(reader.locator('main article h2').filter({ visible: true })).toHaveText([title]);
    const shown = await reader.goto(`/blog/${slug}`);
    expect(shown?.status()).toBe(200);
    const article = reader.locator('main article');
    await expect(article.getByRole('heading', { level: 2, name: 'Laying the first wash' })).toBeVisible();
    // Nothing was selected when the link was added: its address became its text.
    await expect(article.locator('.story-body').getByRole('link', { name: '/gallery', exact: true })).toHaveAttribute(
      'href',
      '/gallery',
    );
    await expect(article.getByRole('img', { name: 'A wash drying on the board' })).toHaveAttribute(
      'src',
      /^\/media\/stories\//,
    );
    await expect(article.locator('figure.story-artwork a').first()).toHaveAttribute(
      'href',
      '/gallery/sanctuaries-of-the-mind/quiet-hour-at-dulwich-park-lake',
    );
    const posting = (await jsonLdNodes(reader)).find((node) => node['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ headline: title, articleSection: 'Techniques', author: { name: 'Elena Marsh' } });
    expect(String(posting!['image'])).toMatch(/\/media\/stories\//);
    expect(String(posting!['datePublished'])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const published = await sitemapAndFeed(reader);
    expect(published.sitemap).toContain(`/blog/${slug}</loc>`);
    expect(published.feed).toContain(`/blog/${slug}</link>`);
    await expectNoA11yViolations(reader);

    // A new slug: the old address redirects to it.
    await field(page, 'Slug').fill(`${slug}-renamed`);
    await click(page, 'Save Changes');
    await expectToast(page, 'Changes saved.');
    const moved = await reader.request.get(`/blog/${slug}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(308);
    expect(moved.headers()['location']).toContain(`/blog/${slug}-renamed`);

    // Delete: off the blog, the sitemap and the feed.
    await deleteStory(page, editUrl);
    await expectToast(page, 'Story Deleted');
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    expect((await reader.goto(`/blog/${slug}-renamed`))?.status()).toBe(404);
    const gone = await sitemapAndFeed(reader);
    expect(gone.sitemap).not.toContain(`/blog/${slug}`);
    expect(gone.feed).not.toContain(`/blog/${slug}`);
    await context.close();
  });

  test('@writes New Story opens an empty form after a story was saved from it, and makes a second story', async ({
    page,
  }) => {
    const first = `Kept Apart ${run}`;
    const second = `Second Thoughts ${run}`;
    await newStory(page, first);
    await click(page, 'Save Draft');
    await expect(page).toHaveURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const firstUrl = new URL(page.url()).pathname;

    // Through the site's own links (client navigations, where Next keeps pages left behind).
    await page.getByRole('link', { name: 'Blog Management' }).click();
    await page.getByRole('link', { name: 'New Story' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Story' })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue('');
    await expect(field(page, 'Excerpt')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await field(page, 'Title').fill(second);
    await click(page, 'Save Draft');
    await expect(page).toHaveURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const secondUrl = new URL(page.url()).pathname;
    expect(secondUrl).not.toBe(firstUrl);

    await page.goto('/admin/blog/manage');
    await expect(page.getByRole('link', { name: first, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: second, exact: true })).toBeVisible();
    for (const url of [firstUrl, secondUrl]) await deleteStory(page, url);
  });

  test('@writes pasted script, onerror and javascript: links never reach a reader; typed markup shows as text', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const title = `Pasted Words ${run}`;
    await newStory(page, title);
    await story(page).click();
    await page.keyboard.type('Typed <b>not bold</b> text.');
    await page.keyboard.press('Enter');
    await story(page).evaluate((editor) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<p>Pasted <a href="javascript:window.__pwned=1">a link</a></p><img src="x" onerror="window.__pwned=2"><script>window.__pwned=3</script><p onclick="window.__pwned=4">last</p>',
      );
      data.setData('text/plain', 'Pasted a link last');
      editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(story(page)).toContainText('Pasted a link');
    await chooseCover(page, 'A blank sheet');
    await click(page, 'Publish');
    await expectToast(page, 'Story published.');
    await expect(page).toHaveURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const editUrl = new URL(page.url()).pathname;

    const { context, page: reader } = await visitor(browser);
    const slug = `pasted-words-${run}`;
    await reader.goto(`/blog/${slug}`);
    const body = reader.locator('main article .story-body');
    await expect(body).toContainText('Typed <b>not bold</b> text.');
    await expect(body.locator('b')).toHaveCount(0);
    const html = await body.innerHTML();
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    await expect(body.getByText('a link')).toBeVisible();
    expect(await reader.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await context.close();
    await deleteStory(page, editUrl);
  });

  test('@writes a scheduled story appears by itself when its time comes', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const title = `Due Soon ${run}`;
    const slug = `due-soon-${run}`;
    await newStory(page, title);
    await story(page).click();
    await page.keyboard.type('Written ahead, published on time.');
    await chooseCover(page, 'A calendar page');
    // 25 seconds from now, in the browser's own time zone (the field is local time).
    const due = await page.evaluate(() => {
      const at = new Date(Date.now() + 25_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    });
    await page.getByLabel('Publish date').fill(due);
    await click(page, 'Publish');
    await expectToast(page, 'Story scheduled.');
    await expect(page).toHaveURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
    const editUrl = new URL(page.url()).pathname;
    await page.goto('/admin/blog/manage');
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Scheduled');

    const { context, page: reader } = await visitor(browser);
    expect((await reader.goto(`/blog/${slug}`))?.status()).toBe(404);
    // Nobody acts: the server's stories-due job publishes it within 15 s of its time.
    await expect(async () => {
      const response = await reader.request.get(`/blog/${slug}`);
      expect(response.status()).toBe(200);
    }).toPass({ timeout: 75_000, intervals: [2_000] });
    await reader.goto('/blog');
    await expect(reader.locator('main article h2').first()).toHaveText(title);
    expect((await sitemapAndFeed(reader)).feed).toContain(`/blog/${slug}</link>`);
    await context.close();
    await deleteStory(page, editUrl);
  });

  test('@writes a seed story’s excerpt edited reaches the blog; another tab’s older copy cannot overwrite it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const seed = newest;
    await page.goto('/admin/blog/manage');
    await page.getByRole('link', { name: seed.title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Story' })).toBeVisible();
    const editUrl = page.url();
    // The same story open in a second tab, before the first saves.
    const second = await page.context().newPage();
    await second.goto(editUrl);
    await expect(field(second, 'Excerpt')).toHaveValue(seed.excerpt);

    const edited = `${seed.excerpt} (Edited ${run}.)`;
    await field(page, 'Excerpt').fill(edited);
    await click(page, 'Save Changes');
    await expectToast(page, 'Changes saved.');
    const { context, page: reader } = await visitor(browser);
    await reader.goto('/blog');
    await expect(reader.getByText(edited)).toBeVisible();

    await field(second, 'Excerpt').fill(`${seed.excerpt} (From the old tab.)`);
    await click(second, 'Save Changes');
    await expect(second.getByRole('alert').filter({ hasText: 'changed in another tab' })).toBeVisible();
    await reader.goto('/blog');
    await expect(reader.getByText(edited)).toBeVisible();
    await second.close();
    await context.close();

    // Put the seed story back as it was.
    await page.reload();
    await field(page, 'Excerpt').fill(seed.excerpt);
    await click(page, 'Save Changes');
    await expectToast(page, 'Changes saved.');
  });

  test('@writes the AI helper suggests an excerpt and tags, applied one by one, regenerated, undone', async ({
    page,
  }) => {
    await page.goto('/admin/blog/new');
    const title = `Helper Draft ${run}`;
    await story(page).click();
    await page.keyboard.type('A morning at the easel, with the window open and the washes drying slowly.');
    await page.getByRole('button', { name: 'Suggest with AI' }).click();
    // No title yet: it says what is missing and asks nothing.
    await expectToast(page, 'Missing Information');
    await field(page, 'Title').fill(title);
    await page.getByRole('button', { name: 'Suggest with AI' }).click();
    const excerpt = page.getByTestId('suggestion-excerpt');
    await expect(excerpt).toContainText(`${title}:`, { timeout: 15_000 });
    // The panel, before any Apply raises a toast (axe reads a toast fading in as low contrast).
    await waitForToastsToClose(page);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Apply Excerpt' }).click();
    await expect(field(page, 'Excerpt')).toHaveValue(await excerpt.innerText());
    await page.getByRole('button', { name: 'Apply Tags' }).click();
    await expect(field(page, 'Tags')).toHaveValue(/watercolour, south london/);
    const first = await excerpt.innerText();
    await page.getByRole('button', { name: 'Regenerate Excerpt' }).click();
    await expect(excerpt).not.toHaveText(first, { timeout: 15_000 });
    await page.getByRole('region', { name: 'AI helper' }).getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(field(page, 'Excerpt')).toHaveValue('');
    await expect(field(page, 'Tags')).toHaveValue('');
    // The title made it a draft that saves itself: the test leaves no story behind.
    await click(page, 'Save Draft');
    await expect(page).toHaveURL(/\/admin\/blog\/edit\//, { timeout: 10_000 });
    await deleteStory(page, new URL(page.url()).pathname);
  });

  test('@writes leaving with unsaved changes asks first, and a reload restores what was typed', async ({ page }) => {
    await page.goto('/admin/blog/new');
    // No title yet: nothing is saved to the server, the change is only in this browser.
    await field(page, 'Excerpt').fill(`Half a thought ${run}`);
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Blog Management' }).first().click();
    await expect.poll(() => asked).toEqual(['confirm']);
    await expect(page).toHaveURL(/\/admin\/blog\/new$/);

    page.removeAllListeners('dialog');
    page.on('dialog', (dialog) => void dialog.accept());
    // The form keeps this browser's copy 600 ms after the last keystroke: reload once it has.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('story-autosave:new') ?? ''))
      .toContain(`Half a thought ${run}`);
    await page.reload();
    await expect(page.getByText(/Your unsaved changes from .* were restored\./)).toBeVisible();
    await expect(field(page, 'Excerpt')).toHaveValue(`Half a thought ${run}`);
    await page.getByRole('button', { name: 'Discard them' }).click();
    await expect(field(page, 'Excerpt')).toHaveValue('');
  });
});

for (const size of [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', use: { viewport: devices['Pixel 7'].viewport, isMobile: true, hasTouch: true } },
] as const) {
  test.describe(`the stories screens at ${size.name} size`, () => {
    test.use({ storageState: signedIn.admin, ...size.use });

    test(`the list and the editor pass axe, and the list shows each story's status (${size.name})`, async ({
      page,
    }) => {
      await page.goto('/admin');
      await page.getByRole('link', { name: /Blog Management/ }).click();
      await expect(page).toHaveURL(/\/admin\/blog\/manage$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(newest.title) });
      await expect(row).toContainText('Published');
      await expect(row).toContainText('Sanctuaries of the Mind');
      await page.getByRole('searchbox', { name: 'Search stories' }).fill('Pegwell');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expectNoA11yViolations(page);
      await page.goto('/admin/blog/new');
      await expect(story(page)).toBeVisible();
      await expect(toolbar(page).getByRole('button', { name: 'Insert a painting' })).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
}
