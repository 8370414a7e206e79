/**
 * Whether two builds draw the same pages: `npx tsx scripts/compare-pages.ts <before origin>
 * <after origin> [--pages /,/gallery,...] [--out dir] [--site-urls <before>,<after>]` (the last
 * when a build is served elsewhere than the SITE_URL it was built for). For each page, at
 * 1280×900 and 390×844, in Chromium (/usr/bin/chromium), it compares on both servers:
 *   - every element of document.body in document order (scripts left out: the payload is what a
 *     change of markup changes): tag, text length, bounding box, and the full getComputedStyle
 *     (every property; also of ::before and ::after where generated, of a text field's
 *     ::placeholder and a list item's ::marker);
 *   - the same with the skip link, a footer link, a collection pill and a card's 'View Details'
 *     hovered, then focused from the keyboard (Shift+Tab, Tab), where the page has one;
 *   - the accessibility tree (aria snapshot: roles, names, link targets) and the JSON-LD;
 *   - a full-page screenshot, pixel by pixel.
 * The class attribute is not compared: a change of classes that draws the same page passes.
 * Prints a line per page, viewport and state and exits non-zero on any difference; with --out,
 * writes the screenshots and a JSON of every difference there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const origins = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
if (origins.length !== 2) {
  console.error(
    'usage: npx tsx scripts/compare-pages.ts <before origin> <after origin> [--pages /,/gallery] [--out dir] [--site-urls <before>,<after>]',
  );
  process.exit(2);
}
const [before, after] = origins as [string, string];
const pages = (option('--pages') ?? '/,/gallery').split(',');
const outDir = option('--out');
// The SITE_URL each build was made for, when it is not the origin it is served on: --site-urls <before>,<after>.
const siteUrls = option('--site-urls') ? [option('--site-urls')!.split(',').reverse()] : [];
if (outDir) fs.mkdirSync(outDir, { recursive: true });

const viewports = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

type Shot = { tag: string; text: number; box: number[]; hash: number };

/**
 * Every element of the body but scripts, in document order: tag, text length, box, and a hash of
 * its full computed style (and of ::before and ::after where generated, ::placeholder of a text
 * field, ::marker of a list item); `styles` reads the styles themselves for the elements named.
 */
function snapshot(page: Page, only?: number[]): Promise<{ elements: Shot[]; styles: Record<string, string>[] }> {
  return page.evaluate((only) => {
    const read = (style: CSSStyleDeclaration, prefix: string, into: Record<string, string>) => {
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i);
        into[prefix + name] = style.getPropertyValue(name);
      }
    };
    const stylesOf = (element: Element) => {
      const style: Record<string, string> = {};
      read(getComputedStyle(element), '', style);
      for (const pseudo of ['::before', '::after']) {
        const generated = getComputedStyle(element, pseudo);
        if (generated.content !== 'none' && generated.content !== 'normal') read(generated, pseudo + ' ', style);
      }
      if (element.matches('input, textarea')) read(getComputedStyle(element, '::placeholder'), '::placeholder ', style);
      if (getComputedStyle(element).display === 'list-item')
        read(getComputedStyle(element, '::marker'), '::marker ', style);
      return style;
    };
    const hash = (text: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    const all = Array.from(document.body.querySelectorAll('*')).filter((element) => element.tagName !== 'SCRIPT');
    if (only) return { elements: [], styles: only.map((index) => stylesOf(all[index]!)) };
    const elements = all.map((element) => {
      const rect = element.getBoundingClientRect();
      return {
        tag: element.tagName.toLowerCase(),
        text: element.textContent?.length ?? 0,
        box: [rect.x, rect.y, rect.width, rect.height].map((n) => Math.round(n * 100) / 100),
        hash: hash(JSON.stringify(stylesOf(element))),
      };
    });
    return { elements, styles: [] };
  }, only);
}

async function compare(a: Page, b: Page): Promise<string[]> {
  const [x, y] = [(await snapshot(a)).elements, (await snapshot(b)).elements];
  const out: string[] = [];
  if (x.length !== y.length) out.push(`element count ${x.length} → ${y.length}`);
  const restyled: number[] = [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const at = `#${i} <${x[i]!.tag}>`;
    if (x[i]!.tag !== y[i]!.tag) {
      out.push(`${at}: tag → <${y[i]!.tag}>; stopping here`);
      break;
    }
    if (x[i]!.text !== y[i]!.text) out.push(`${at}: text length ${x[i]!.text} → ${y[i]!.text}`);
    if (x[i]!.box.join() !== y[i]!.box.join()) out.push(`${at}: box ${x[i]!.box.join(',')} → ${y[i]!.box.join(',')}`);
    if (x[i]!.hash !== y[i]!.hash) restyled.push(i);
  }
  if (restyled.length) {
    const [sa, sb] = [(await snapshot(a, restyled)).styles, (await snapshot(b, restyled)).styles];
    restyled.forEach((index, n) => {
      for (const name of new Set([...Object.keys(sa[n]!), ...Object.keys(sb[n]!)]))
        if (sa[n]![name] !== sb[n]![name])
          out.push(`#${index} <${x[index]!.tag}>: ${name}: ${sa[n]![name]} → ${sb[n]![name]}`);
    });
  }
  return out;
}

/** Loaded, fonts ready, every image loaded (lazy ones too), the carousel paused, no pointer over anything. */
async function open(browser: Browser, origin: string, pathname: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  // tsx keeps function names with a helper, __name, that the functions evaluated in the page call.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  await page.goto(origin + pathname, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const pause = page.getByRole('button', { name: 'Pause slideshow' });
  if (await pause.count()) {
    await pause.click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (const img of Array.from(document.images)) img.loading = 'eager';
    await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800); // transitions (at most 700 ms) settle
  return { context, page };
}

const targets: { name: string; find: (page: Page) => Locator; focusOnly?: boolean }[] = [
  // Out of sight until focused: only its focus is compared.
  { name: 'skip link', find: (page) => page.getByRole('link', { name: 'Skip to main content' }), focusOnly: true },
  { name: 'footer link', find: (page) => page.locator('footer nav[aria-label="Quick links"] a').first() },
  {
    name: 'collection pill',
    find: (page) => page.locator('nav[aria-label="Collections"] a:not([aria-current])').first(),
  },
  { name: 'View Details', find: (page) => page.getByRole('link', { name: /^View Details/ }).first() },
];

/** Focus from the keyboard: Shift+Tab away from the target, then Tab back to it. */
async function tabTo(page: Page, target: Locator): Promise<boolean> {
  await target.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  return target.evaluate((element) => element === document.activeElement && element.matches(':focus-visible'));
}

async function pixelDiff(a: Buffer, b: Buffer): Promise<{ differing: number; size: string }> {
  const decode = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [x, y] = [await decode(a), await decode(b)];
  const size = (image: { info: { width: number; height: number } }) => `${image.info.width}×${image.info.height}`;
  if (size(x) !== size(y)) return { differing: -1, size: `${size(x)} → ${size(y)}` };
  let differing = 0;
  for (let i = 0; i < x.data.length; i += 4) if (x.data.readUInt32BE(i) !== y.data.readUInt32BE(i)) differing++;
  return { differing, size: size(x) };
}

/** The lines only one of two texts holds, marked - (before) and + (after). */
function lineDiff(a: string, b: string): string[] {
  if (a === b) return [];
  const [x, y] = [a.split('\n'), b.split('\n')];
  return [
    ...x.filter((line) => !y.includes(line)).map((l) => `- ${l}`),
    ...y.filter((line) => !x.includes(line)).map((l) => `+ ${l}`),
  ];
}

const jsonLd = (page: Page) =>
  page.$$eval('script[type="application/ld+json"]', (scripts) =>
    scripts.map((s) => JSON.parse(s.textContent ?? 'null')),
  );

async function main() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const report: Record<string, string[]> = {};
  let failed = false;
  const record = (key: string, diffs: string[]) => {
    report[key] = diffs;
    if (diffs.length) failed = true;
    console.log(`${diffs.length ? 'DIFF' : 'same'}  ${key}${diffs.length ? `: ${diffs.length} differences` : ''}`);
    for (const line of diffs.slice(0, 12)) console.log(`      ${line}`);
  };
  try {
    for (const pathname of pages) {
      for (const viewport of viewports) {
        const key = `${pathname} ${viewport.width}×${viewport.height}`;
        const a = await open(browser, before, pathname, viewport);
        const b = await open(browser, after, pathname, viewport);
        try {
          record(key, await compare(a.page, b.page));
          // The two builds may be built for different origins (SITE_URL): compare the after page as if on the before one.
          const same = (text: string) =>
            [[after, before], ...siteUrls].reduce(
              (result, [from, to]) =>
                result.replaceAll(from!, to!).replaceAll(encodeURIComponent(from!), encodeURIComponent(to!)),
              text,
            );
          const aria = [await a.page.locator('body').ariaSnapshot(), same(await b.page.locator('body').ariaSnapshot())];
          record(`${key} aria`, lineDiff(aria[0]!, aria[1]!));
          const ld = [JSON.stringify(await jsonLd(a.page)), same(JSON.stringify(await jsonLd(b.page)))];
          record(`${key} JSON-LD`, ld[0] === ld[1] ? [] : [ld[0]!, ld[1]!]);
          const shots = await Promise.all(
            [a.page, b.page].map((page) => page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' })),
          );
          const pixels = await pixelDiff(shots[0]!, shots[1]!);
          record(
            `${key} screenshot ${pixels.size}`,
            pixels.differing === 0
              ? []
              : [`${pixels.differing === -1 ? 'sizes differ' : `${pixels.differing} pixels differ`}`],
          );
          if (outDir) {
            const stem = `${pathname.replace(/\W+/g, '_') || '_'}-${viewport.width}`;
            fs.writeFileSync(path.join(outDir, `${stem}-before.png`), shots[0]!);
            fs.writeFileSync(path.join(outDir, `${stem}-after.png`), shots[1]!);
          }
          for (const target of targets) {
            const [ta, tb] = [target.find(a.page), target.find(b.page)];
            if (!(await ta.count()) && !(await tb.count())) continue;
            if (!target.focusOnly) {
              await ta.scrollIntoViewIfNeeded();
              await tb.scrollIntoViewIfNeeded();
              await ta.hover();
              await tb.hover();
              await Promise.all([a.page.waitForTimeout(800), b.page.waitForTimeout(800)]);
              record(`${key} hover ${target.name}`, await compare(a.page, b.page));
            }
            await a.page.mouse.move(0, 0);
            await b.page.mouse.move(0, 0);
            const reached = [await tabTo(a.page, ta), await tabTo(b.page, tb)];
            await Promise.all([a.page.waitForTimeout(800), b.page.waitForTimeout(800)]);
            record(
              `${key} focus ${target.name}`,
              reached.every(Boolean) ? await compare(a.page, b.page) : [`Tab did not reach it (${reached.join(', ')})`],
            );
          }
        } finally {
          await a.context.close();
          await b.context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  if (outDir) fs.writeFileSync(path.join(outDir, 'differences.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.exit(failed ? 1 : 0);
}

void main();
