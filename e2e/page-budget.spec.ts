import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { blogPosts } from '../lib/seed/blog-posts';
import { CSS_BUDGET, HTML_BUDGET, JS_BUDGET, scriptsLoaded } from './page-weight';
import { publishedSeed } from './world';

const artwork = publishedSeed[0]!;
const artworkPath = `/gallery/${artwork.category!.toLowerCase().replace(/\s+/g, '-')}/${artwork.slug}`;
const pages = ['/', '/gallery', artworkPath, `/blog/${blogPosts[0]!.slug}`, '/contact'];

/** From the page's next load on, records each layout shift not caused by input (read back by layoutShifts). */
function recordLayoutShifts(page: Page) {
  return page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far (recordLayoutShifts), in order. */
function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}

test.describe('public page budget', () => {
  for (const pathname of pages) {
    test(`${pathname}: JavaScript within the bare page + 15 KiB gzipped, HTML within budget, the navigation drawn once`, async ({
      page,
      request,
    }) => {
      await page.goto(pathname);
      const scripts = [...new Set(await scriptsLoaded(page))];
      expect(scripts.length).toBeGreaterThan(0);
      let gzipped = 0;
      for (const url of scripts) gzipped += zlib.gzipSync(await (await request.get(url)).body(), { level: 6 }).length;
      console.log(`[budget] ${pathname}: ${scripts.length} scripts, ${gzipped} B gzipped (budget ${JS_BUDGET} B)`);
      expect(gzipped, scripts.join('\n')).toBeLessThanOrEqual(JS_BUDGET);

      const html = await (await request.get(pathname)).text();
      expect(html.length).toBeLessThanOrEqual(HTML_BUDGET);
      // One list of main links in the HTML (a row on wide screens, a panel on phones).
      expect(html.match(/id="mobile-menu"/g) ?? []).toHaveLength(1);
      expect(html.match(/<a class="nav-link" href="\/about"/g) ?? []).toHaveLength(1);
    });
  }

  test('cached public pages skip the proxy; admin pages, search, route handlers and server actions pass through it', async ({
    request,
  }) => {
    // Running proxy.ts at all halved a cached page's requests/s, so its matcher leaves them out.
    // What they still need from it comes from next.config.ts: the fixed public policy.
    const publicPolicy = (await request.get('/')).headers()['content-security-policy'];
    expect(publicPolicy).toContain("script-src 'self' 'unsafe-inline'");
    for (const pathname of [...pages, '/about', '/terms', '/gallery/all', '/no-such-page']) {
      const headers = (await request.get(pathname, { maxRedirects: 0 })).headers();
      expect(headers['x-correlation-id'], pathname).toBeUndefined();
      expect(headers['content-security-policy'], pathname).toBe(publicPolicy);
    }
    const throughProxy = [
      request.get('/admin', { maxRedirects: 0 }),
      request.get('/search?q=sea'),
      request.get('/api/telemetry'),
      // A server action is posted to the page that holds its form.
      request.post('/contact', { headers: { 'next-action': 'not-an-action' }, data: '[]', maxRedirects: 0 }),
    ];
    const responses = await Promise.all(throughProxy);
    for (const response of responses)
      expect(response.headers()['x-correlation-id'], response.url()).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    // A path with a percent sign passes through too: broken encoding cannot name a page, and the
    // proxy answers 400 where Next would answer 500.
    expect((await request.get('/gallery/%E0%A4%A')).status()).toBe(400);
    // Admin pages keep their own policy: a fresh nonce, never the public one.
    expect(responses[0]!.headers()['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  });

  test('the main navigation prefetches a page on intent (pointing at it), not on sight', async ({ page }) => {
    const prefetched: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch'] || new URL(request.url()).searchParams.has('_rsc'))
        prefetched.push(new URL(request.url()).pathname);
    });
    await page.goto('/terms');
    await scriptsLoaded(page);
    expect(prefetched).not.toContain('/about');
    expect(prefetched).not.toContain('/shop');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).hover();
    await expect.poll(() => prefetched).toContain('/about');
    expect(prefetched).not.toContain('/shop');
  });

  test('links in a page prefetch on intent too: an artwork page fetches no other page until a link is pointed at', async ({
    page,
  }) => {
    const prefetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.headers()['next-router-prefetch'] || url.searchParams.has('_rsc'))
        prefetched.push(url.pathname + url.search);
    });
    await page.goto(artworkPath);
    await scriptsLoaded(page);
    // The breadcrumb, the collection and 'Ask about this painting' are all in view.
    expect(prefetched).toEqual([]);
    await page.getByRole('link', { name: 'Ask about this painting' }).hover();
    await expect.poll(() => prefetched.some((url) => url.startsWith('/contact?subject='))).toBe(true);
    expect(prefetched.filter((url) => url.startsWith('/gallery'))).toEqual([]);
  });

  test('public pages load one stylesheet, the public one, and every class they use has its rule; admin pages add their own', async ({
    page,
    request,
  }) => {
    const sheetsOf = async (pathname: string) => {
      const html = await (await request.get(pathname)).text();
      return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
    };
    const [publicSheet] = await sheetsOf('/');
    const publicCss = await (await request.get(publicSheet!)).text();
    // The public sheet holds no admin utility (the insights chart's, the bulk upload queue's...).
    const adminSheets = (await sheetsOf('/admin')).filter((href) => href !== publicSheet);
    expect(adminSheets).toHaveLength(1);
    const adminCss = await (await request.get(adminSheets[0]!)).text();
    expect(adminCss.length).toBeGreaterThan(1_000);
    const gzipped = zlib.gzipSync(publicCss, { level: 6 }).length;
    console.log(
      `[budget] public stylesheet: ${publicCss.length} B, ${gzipped} B gzipped; admin's own: ${adminCss.length} B`,
    );
    expect(gzipped).toBeLessThanOrEqual(CSS_BUDGET);

    for (const pathname of [...pages, '/about', '/shop', '/search?q=sea', '/no-such-page']) {
      expect(await sheetsOf(pathname), pathname).toEqual([publicSheet]);
      await page.goto(pathname);
      // Every class an element carries, matched against the selectors of every rule the page's
      // sheets hold (inside layers, media and supports rules too): an unstyled element means a
      // public file missing from the @source list in app/globals.css.
      const unstyled = await page.evaluate(() => {
        const selectors: string[] = [];
        const walk = (rules: CSSRuleList) => {
          for (const rule of Array.from(rules)) {
            if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
            if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules);
          }
        };
        for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
        const all = selectors.join('\n');
        const classes = new Set(
          Array.from(document.querySelectorAll('[class]')).flatMap((element) => Array.from(element.classList)),
        );
        return [...classes].filter((name) => !all.includes(`.${CSS.escape(name)}`));
      });
      expect(unstyled, pathname).toEqual([]);
    }
  });

  test('the build’s scripts, styles and fonts carry nosniff but no document headers; pages carry all of them', async ({
    request,
  }) => {
    const response = await request.get(artworkPath);
    const html = await response.text();
    // Scripts and the stylesheet from the HTML; the font from the page's preload header.
    const assets = [
      ...`${html} ${response.headers()['link'] ?? ''}`.matchAll(/(\/_next\/static\/[^"'>\s]+\.(?:js|css|woff2))/g),
    ].map((match) => match[1]!);
    for (const type of ['.js', '.css', '.woff2'])
      expect(
        assets.some((url) => url.endsWith(type)),
        type,
      ).toBe(true);
    for (const url of assets) {
      const headers = (await request.get(url)).headers();
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy'])
        expect(headers[name], `${url} ${name}`).toBeUndefined();
    }
    for (const pathname of [artworkPath, '/admin', '/media/does-not-exist.webp']) {
      const headers = (await request.get(pathname, { maxRedirects: 0 })).headers();
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'permissions-policy',
        'referrer-policy',
        'x-content-type-options',
      ])
        expect(headers[name], `${pathname} ${name}`).toBeTruthy();
    }
  });

  test('the home page neither moves nor waits when its font comes in late, the current page marked @phone', async ({
    page,
  }) => {
    // Hold the fonts back well past the first paint, as a slow first visit does.
    const FONT_DELAY_MS = 4_000;
    // The slideshow paused (it starts so under reduced motion): its 5 s step must not fall inside the wait.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    let fontsServed = 0;
    await page.route('**/*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
      await route.continue();
      fontsServed += 1;
    });
    await recordLayoutShifts(page);
    await page.goto('/');
    await expect.poll(() => fontsServed, { timeout: FONT_DELAY_MS + 10_000 }).toBeGreaterThan(0);
    // Time for a late face to be applied, as a swap would apply it.
    await page.waitForTimeout(500);
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    expect(await layoutShifts(page), 'layout shifts after the font came in').toEqual([]);
    // display: optional must not turn the preloaded font into a wait for the first paint.
    expect(firstPaint).not.toBeNull();
    expect(firstPaint!).toBeLessThan(FONT_DELAY_MS);
  });

  test('an artwork page keeps its painting’s box while the painting comes in late: nothing moves @phone', async ({
    page,
  }) => {
    // Hold the painting back past the first paint, as a slow link does (or an inlined stylesheet
    // that paints before the image).
    const IMAGE_DELAY_MS = 2_500;
    let paintingsServed = 0;
    await page.route(`**/media/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, IMAGE_DELAY_MS));
      await route.continue();
      paintingsServed += 1;
    });
    await recordLayoutShifts(page);
    await page.goto(artworkPath, { waitUntil: 'domcontentloaded' });
    const painting = page.locator('.artwork-image > img');
    const before = await painting.evaluate((img: HTMLImageElement) => ({
      complete: img.complete && img.naturalWidth > 0,
      ...img.getBoundingClientRect().toJSON(),
    }));
    expect(before.complete, 'the painting still on its way').toBe(false);
    expect(before.height).toBeGreaterThan(100);
    await expect.poll(() => paintingsServed, { timeout: IMAGE_DELAY_MS + 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => painting.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const after = await painting.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().toJSON());
    expect(Math.abs(after.width - before.width)).toBeLessThan(1);
    expect(Math.abs(after.height - before.height)).toBeLessThan(1);
    expect(await layoutShifts(page), 'layout shifts after the painting came in').toEqual([]);
  });

  test('the painting that is the LCP is preloaded from the head, with its srcset and high priority, and no other', async ({
    request,
  }) => {
    const head = (await (await request.get(artworkPath)).text()).split('</head>')[0]!;
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/)?.[0];
    expect(preload, 'an image preload in <head>').toBeTruthy();
    expect(preload).toMatch(/imageSrcSet="[^"]*400w[^"]*"/);
    expect(preload).toMatch(/imageSizes="[^"]+"/);
    expect(preload).toMatch(/fetchPriority="high"/);

    // On /gallery only the first card's painting: on a phone the next cards are below the fold,
    // and their preloads would share the slow link with the LCP.
    const gallery = (await (await request.get('/gallery')).text()).split('</head>')[0]!;
    const galleryPreloads = gallery.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(galleryPreloads).toHaveLength(1);
    expect(galleryPreloads[0]).toMatch(/fetchPriority="high"/);

    const home = (await (await request.get('/')).text()).split('</head>')[0]!;
    expect(home).toMatch(
      /<link rel="preload" as="image"[^>]*href="\/carousel\/slide-1\.webp"[^>]*fetchPriority="high"/,
    );
  });
});
