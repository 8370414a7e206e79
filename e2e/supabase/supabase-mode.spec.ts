import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devices, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import postgres from 'postgres';
import sharp from 'sharp';
import { submitNewArtwork } from '../admin-helpers';
import { ownClientAddress } from '../fixtures';
import {
  confirmLinkIn,
  confirmOnPage,
  ONE_CLICK,
  subscribeWithFooterForm,
  writeAndSendLetter,
} from '../newsletter-helpers';

/**
 * Supabase mode end to end: the deploy steps (docs/operations.md, Deploy to Vercel with Supabase)
 * and the owner's work, in a browser, against a production build whose database, auth and storage
 * are the Supabase project stand-in (scripts/e2e-supabase-server.ts). One owner, one story: the
 * tests run in order and share the project.
 */
test.describe.configure({ mode: 'serial' });

type Project = {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  databaseUrl: string;
  site: Record<string, string>;
};
let loaded: Project | undefined;
/** Written by scripts/e2e-supabase-server.ts once the project is up: read when a test runs, not when the file loads. */
const project = (): Project =>
  (loaded ??= JSON.parse(
    fs.readFileSync(path.join('test-results', 'e2e-supabase', 'project.json'), 'utf8'),
  ) as Project);
const owner = { email: 'artist@example.com', password: 'a long and private passphrase' };
const publicBucket = () => `${project().url}/storage/v1/object/public/gallery-images/`;
const signedInState = path.join('test-results', 'e2e-supabase', 'owner.json');
/** A URL in the public bucket, under `folder`. */
const inPublicBucket = (folder = '') =>
  new RegExp(`^${(publicBucket() + folder).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);

type SentMail = {
  to: string[];
  subject: string;
  text: string;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
};

/** The emails the suite's SMTP server has accepted so far (scripts/e2e-supabase-server.ts writes them). */
function sentMail(): SentMail[] {
  const file = path.join('test-results', 'e2e-supabase', 'mail.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SentMail);
}

/** A stored object's URL answers 200 while it is in the bucket; Storage answers 400 once it is gone. */
async function stored(request: APIRequestContext, url: string) {
  return (await request.get(url)).status() === 200;
}

/** Console errors and CSP violations the page reports, collected from now on. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function signIn(page: Page) {
  await page.setExtraHTTPHeaders(ownClientAddress());
  await page.goto('/admin');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function setReceiving(page: Page, on: boolean) {
  await page.goto('/admin/messages');
  const toggle = page.getByRole('switch', { name: 'Receive messages from visitors' });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
  await expect(page.getByText(on ? 'Messages switched on' : 'Messages switched off')).toBeVisible();
}

const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' });

test('the first admin, made as docs/operations.md says: an account in Supabase Auth, then is_admin in SQL', async ({
  page,
  request,
}) => {
  // Deploy step 3 in docs/operations.md: "Create the artist's account in Supabase Auth" (the
  // dashboard's Add user calls this admin endpoint with the service role key)...
  const created = await request.post(`${project().url}/auth/v1/admin/users`, {
    headers: { apikey: project().serviceRoleKey, authorization: `Bearer ${project().serviceRoleKey}` },
    data: { email: owner.email, password: owner.password, email_confirm: true },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };

  // ...which is not an admin yet: signed in, the gate says so.
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();

  // "then make it admin: update public.profiles set is_admin = true where user_id = '<user id>';"
  const sql = postgres(project().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const updated = await sql`update public.profiles set is_admin = true where user_id = ${id}`;
    expect(updated.count).toBe(1);
  } finally {
    await sql.end();
  }
  await page.goto('/admin');
  await expect(dashboard(page)).toBeVisible();
  await page.context().storageState({ path: signedInState });
});

test('an artwork with an image: added, seen by the next visitor from the storage origin, edited with a new image (the old files leave the bucket), deleted (files gone)', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ storageState: signedInState });
  const page = await context.newPage();
  const stamp = Date.now();
  const title = `Supabase Heron ${stamp}`;
  const slug = `supabase-heron-${stamp}`;
  await submitNewArtwork(page, {
    title,
    slug,
    category: 'Seascapes',
    description: 'A heron waits in the shallows at first light.',
    alt: 'Watercolour of a grey heron in pale blue shallows',
    price: '450',
  });

  // The next visitor (no session) sees it at once, its painting served by Storage, with no
  // console error and no CSP violation.
  // Its own address, as a visitor has: its page views' telemetry counts against its own
  // per-address budget, not the one every address-less context of this suite shares.
  const visitor = await browser.newPage({ extraHTTPHeaders: ownClientAddress() });
  const problems = watchConsole(visitor);
  const artworkPath = `/gallery/seascapes/${slug}`;
  expect((await visitor.goto(artworkPath))?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const painting = visitor.getByRole('img', { name: 'Watercolour of a grey heron in pale blue shallows' }).first();
  await expect(painting).toHaveAttribute('src', inPublicBucket(`seascapes/${slug}/`));
  await expect
    .poll(() => painting.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const firstFiles = [
    ...new Set([
      (await painting.getAttribute('src'))!,
      ...((await painting.getAttribute('srcset')) ?? '').split(',').map((entry) => entry.trim().split(' ')[0]!),
    ]),
  ].filter(Boolean);
  expect(firstFiles.length).toBeGreaterThanOrEqual(2);
  for (const url of firstFiles) expect(await stored(request, url), url).toBe(true);
  await visitor.goto('/gallery');
  await expect(visitor.getByText(title).first()).toBeVisible();
  expect(problems).toEqual([]);

  // Edit with a new image and a new title: the old files leave the bucket, the visitor sees the edit.
  const newImage = path.join(os.tmpdir(), `${slug}-second.png`);
  await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#7a4f2c' } })
    .png()
    .toFile(newImage);
  try {
    await page.goto((await page.getByRole('link', { name: `Edit ${title}` }).getAttribute('href'))!);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Artwork' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} at dusk`);
    await page.getByLabel(/Image file/).setInputFiles(newImage);
    // The preview (named by the alt text the artwork has) now shows the chosen file.
    await expect(page.getByRole('img', { name: 'Watercolour of a grey heron in pale blue shallows' })).toHaveAttribute(
      'src',
      /^blob:/,
    );
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 20_000 });
  } finally {
    fs.rmSync(newImage, { force: true });
  }
  await visitor.goto(artworkPath);
  await expect(visitor.getByRole('heading', { level: 1, name: `${title} at dusk` })).toBeVisible();
  const newSrc = (await painting.getAttribute('src'))!;
  expect(newSrc.startsWith(publicBucket())).toBe(true);
  expect(firstFiles).not.toContain(newSrc);
  await expect
    .poll(() => painting.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  for (const url of firstFiles) expect(await stored(request, url), url).toBe(false);
  expect(problems).toEqual([]);

  // Delete: the page is gone for the next visitor, and so are its files.
  await page.goto('/admin/artworks/manage');
  await page.getByRole('button', { name: `Delete ${title} at dusk`, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete artwork' }).click();
  await expect(page.getByText('Artwork Deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${title} at dusk`, exact: true })).toHaveCount(0);
  expect((await visitor.goto(artworkPath))?.status()).toBe(404);
  expect(await stored(request, newSrc)).toBe(false);
  await context.close();
});

/** A noisy JPEG between 9.7 MB and the 10 MB limit: over twice what a Vercel function takes in. */
async function nearLimitJpeg(): Promise<Buffer> {
  const limit = 10 * 1024 * 1024;
  let [low, high] = [2200, 2700];
  let best: Buffer | undefined;
  for (let round = 0; round < 8; round++) {
    const height = Math.round((low + high) / 2);
    const jpeg = await sharp({
      create: {
        width: 3400,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    if (jpeg.byteLength > limit) high = height;
    else {
      best = jpeg;
      if (jpeg.byteLength >= 9.7 * 1024 * 1024) return jpeg;
      low = height;
    }
  }
  throw new Error(`no JPEG between 9.7 and 10 MB (last under the limit: ${best?.byteLength ?? 0} bytes)`);
}

test('an image of 9.9 MB uploads although the site refuses request bodies over 4.5 MB as Vercel does: it goes straight to Storage', async ({
  browser,
  request,
}) => {
  const jpeg = await nearLimitJpeg();
  expect(jpeg.byteLength).toBeGreaterThan(2 * 4.5 * 1024 * 1024);
  // The cap is real: the same file sent to the upload route in the request is refused before the app.
  const direct = await request.post('/api/upload-artwork-image', {
    multipart: { file: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: jpeg }, path: 'landscapes/big' },
  });
  expect(direct.status()).toBe(413);
  expect(await direct.text()).toContain('FUNCTION_PAYLOAD_TOO_LARGE');

  const context = await browser.newContext({ storageState: signedInState });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const stamp = Date.now();
  const title = `Supabase Big Sky ${stamp}`;
  await page.goto('/admin/artworks/add');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByLabel('Category').selectOption('Landscapes');
  await page.getByLabel('Description (short hook)').fill('A wide sky over the Downs, painted large.');
  await page.getByLabel(/Image file/).setInputFiles({ name: 'big-sky.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Alt text', exact: true })
    .fill('Watercolour of a wide summer sky over the South Downs');
  await page.getByLabel('Price', { exact: true }).fill('900');
  await page.getByRole('button', { name: 'Add Artwork' }).click();
  await expect(page).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 60_000 });

  const visitor = await browser.newPage();
  expect((await visitor.goto(`/gallery/landscapes/supabase-big-sky-${stamp}`))?.status()).toBe(200);
  const painting = visitor.getByRole('img', { name: 'Watercolour of a wide summer sky over the South Downs' }).first();
  await expect(painting).toHaveAttribute('src', inPublicBucket('landscapes/'));
  await expect
    .poll(() => painting.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // The staged file is gone once processed: only the original kept under its own name remains.
  const staging = await request.post(`${project().url}/storage/v1/object/list/artwork-originals`, {
    headers: { apikey: project().serviceRoleKey, authorization: `Bearer ${project().serviceRoleKey}` },
    data: { prefix: 'staging', limit: 100, offset: 0 },
  });
  expect(await staging.json()).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});

test('a bulk upload of 3 paintings: each saved, published and served from Storage', async ({ browser, request }) => {
  const context = await browser.newContext({ storageState: signedInState });
  const page = await context.newPage();
  const run = Date.now();
  const colours = ['#3f6e8c', '#8c6e3f', '#5b8c3f'];
  const files = await Promise.all(
    colours.map(async (colour, i) => ({
      name: `Estuary_${run}_${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 900, height: 675, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    })),
  );
  await page.goto('/admin/artworks/bulk-upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Upload Artworks' })).toBeVisible();
  await page.getByLabel('Choose images').setInputFiles(files);
  await expect(page.getByRole('list', { name: 'Images in the queue' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Upload All' }).click();
  const summary = page.getByRole('status').filter({ hasText: 'Bulk Upload Complete' });
  await expect(summary).toContainText('Bulk Upload Complete (3/3 artworks uploaded successfully.)', {
    timeout: 90_000,
  });
  const links = summary.getByRole('list', { name: 'Uploaded artworks' }).getByRole('link');
  await expect(links).toHaveCount(3);

  const visitor = await browser.newPage();
  for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!))) {
    expect((await visitor.goto(href))?.status()).toBe(200);
    const src = await visitor.locator('main img[fetchpriority="high"]').first().getAttribute('src');
    expect(src?.startsWith(publicBucket()), String(src)).toBe(true);
    expect(await stored(request, src!)).toBe(true);
  }
  await context.close();
});

test('the Sitemap Manager generates the sitemap from the Supabase database', async ({ browser, request }) => {
  const context = await browser.newContext({ storageState: signedInState });
  const page = await context.newPage();
  await page.goto('/admin/tools/sitemap');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/generate-sitemap'));
  await page.getByRole('button', { name: 'Generate & Ping Search Engines' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { fatal: boolean; error: string | null };
  expect(body).toMatchObject({ fatal: false, error: null });
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/gallery/animals/the-crystal-palace-fox');
  await context.close();
});

test('/__debug shows its four checks green against the project, and /debug/health-check is ok', async ({
  page,
  request,
}) => {
  expect((await page.goto('/__debug'))?.status()).toBe(200);
  await expect(page.locator('[data-check][data-status="running"]')).toHaveCount(0, { timeout: 10_000 });
  const card = (id: string) => page.locator(`[data-check="${id}"]`);
  await expect(card('proxy')).toContainText(
    `Proxy mode is on: backend calls go through /api/supabase to ${project().url}`,
  );
  await expect(card('smoke')).toContainText('Auth answered 401 with the CORS header');
  await expect(card('rest')).toContainText('debug_now answered through /api/supabase: server time');
  await expect(card('storage')).toContainText('Storage answered: the gallery-images bucket list returned 0 items');
  for (const id of ['proxy', 'smoke', 'rest', 'storage'])
    await expect(card(id), id).toHaveAttribute('data-status', 'success');

  const health = await request.get('/debug/health-check');
  expect(health.status()).toBe(200);
  const report = (await health.json()) as { ok: boolean; checks: Record<string, { ok: boolean; message: string }> };
  expect(report.ok).toBe(true);
  for (const [name, check] of Object.entries(report.checks)) expect(check.ok, `${name}: ${check.message}`).toBe(true);
  expect(Object.keys(report.checks).sort()).toEqual(['auth', 'cors', 'env', 'rest']);
});

test('a visit is counted for the Insights as a function counts it: the telemetry route writes it after answering, and the owner sees it', async ({
  browser,
  page,
}) => {
  // A visitor's browser on a day no other test visits, set by Playwright's clock: yesterday, the
  // oldest day a browser may name (lib/insights/from-telemetry.ts dayFor).
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const context = await browser.newContext({ ...devices['Desktop Chrome'], extraHTTPHeaders: ownClientAddress() });
  const visitor = await context.newPage();
  await visitor.clock.setFixedTime(new Date(`${day}T12:00:00Z`));
  const sent = visitor.waitForRequest(
    (request) => request.url().endsWith('/api/telemetry') && (request.postData() ?? '').includes('"feature":"view"'),
    { timeout: 20_000 },
  );
  await visitor.goto('/about');
  await sent;
  await context.close();

  await signIn(page);
  await expect(dashboard(page)).toBeVisible();
  const shown = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
  await expect(async () => {
    await page.goto('/admin/insights');
    const visits = page.getByRole('region', { name: 'Visits per day', exact: true });
    await visits.getByText('Show as table').click();
    const row = visits.locator('tbody tr').filter({ has: page.getByRole('cell', { name: shown, exact: true }) });
    await expect(row.locator('td').nth(1)).toHaveText('1', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test('enquiries reach the owner: switched on, a message from the contact page arrives in the inbox, read from PostgreSQL; switched off again', async ({
  browser,
  page,
}) => {
  await signIn(page);
  await expect(dashboard(page)).toBeVisible();
  await setReceiving(page, true);

  const context = await browser.newContext({ extraHTTPHeaders: ownClientAddress() });
  const visitor = await context.newPage();
  await visitor.goto('/contact');
  const form = visitor.getByRole('form', { name: 'Contact form' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Vera Visitor');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('vera@example.com');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Do you take commissions?');
  // A person takes longer than the 3 s the spam check allows a robot.
  await visitor.waitForTimeout(3_200);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByText('Message Sent')).toBeVisible();
  await context.close();

  await page.goto('/admin/messages');
  await page
    .getByRole('list', { name: /messages$/ })
    .getByRole('link', { name: /Vera Visitor/ })
    .click();
  // The message itself, opened (which marks it read), not its line in the list.
  await expect(page.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
    'href',
    /^mailto:vera%40example\.com\?/,
  );
  await expect(page.locator('article').getByText('Do you take commissions?')).toBeVisible();
  const sql = postgres(project().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<
      { read: boolean }[]
    >`select read_at is not null as read from app_private.messages where email = 'vera@example.com'`;
    expect(row?.read).toBe(true);
  } finally {
    await sql.end();
  }
  await setReceiving(page, false);
});

test('stories: the seeded stories come from the Supabase database; a draft stays the owner’s, through the app and the anon key alike; published with a cover in Storage; a scheduled one is announced by the stories-due cron job', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const blog = await (await request.get('/blog')).text();
  expect(blog).toContain('Lavender Morning at Mayfield: A Commission for a Quiet Room');
  const stamp = Date.now();
  const title = `Supabase Story ${stamp}`;
  const slug = `supabase-story-${stamp}`;
  const context = await browser.newContext({ storageState: signedInState });
  const page = await context.newPage();
  await page.goto('/admin/blog/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('Written in Supabase mode.');
  await page.getByRole('textbox', { name: 'Story', exact: true }).click();
  await page.keyboard.type('A story kept in PostgreSQL and Storage.');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/edit\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Story' })).toBeVisible();
  // The anon role (what the anon key is) reads published stories only, in the database itself as
  // well as through the site.
  const asAnon = async (where: string) => {
    const db = postgres(project().databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return await db.begin(async (tx) => {
        await tx`set local role anon`;
        return (await tx.unsafe(`select slug from public.stories ${where}`)).map((row) => String(row.slug));
      });
    } finally {
      await db.end();
    }
  };
  expect(await asAnon(`where slug = '${slug}'`)).toEqual([]);
  expect((await asAnon('')).length).toBeGreaterThanOrEqual(6);
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);

  // A cover straight into Storage, then Publish: the next visitor reads it.
  const cover = path.join(os.tmpdir(), `supabase-story-${stamp}.jpg`);
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 90, g: 120, b: 150 } } })
    .jpeg()
    .toFile(cover);
  await page.locator('input[type=file]:visible').first().setInputFiles(cover);
  await expect(page.getByText('Replace cover')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Alt text', exact: true }).fill('A blue-grey wash');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  const visitor = await browser.newPage();
  expect((await visitor.goto(`/blog/${slug}`))?.status()).toBe(200);
  await expect(visitor.getByRole('img', { name: 'A blue-grey wash' })).toHaveAttribute(
    'src',
    inPublicBucket('stories/'),
  );
  expect(await asAnon(`where slug = '${slug}'`)).toEqual([slug]);

  // Scheduled, then its time comes: the cron job announces it and the blog shows it.
  const sql = postgres(project().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`insert into public.stories (slug, title, excerpt, content, image_url, image_alt, status, published_at)
              values (${`${slug}-due`}, ${`${title} Due`}, 'Due now.', '<p>Due now.</p>', '/blog/1.webp', 'A lake', 'published', now() - interval '1 second')`;
  } finally {
    await sql.end();
  }
  const run = await request.get('/api/cron/stories-due', {
    headers: { authorization: 'Bearer the Supabase e2e cron secret' },
  });
  expect(run.status()).toBe(200);
  expect(await run.json()).toMatchObject({ ok: true, job: 'stories-due', result: { announced: [`${slug}-due`] } });
  await expect(async () => expect(await (await request.get('/blog')).text()).toContain(`${title} Due`)).toPass({
    timeout: 15_000,
  });

  // Delete both: gone from the blog.
  for (const target of [`${title} Due`, title]) {
    await page.goto('/admin/blog/manage');
    await page.getByRole('link', { name: target, exact: true }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/manage$/);
  }
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
  await visitor.close();
  await context.close();
});

test('the shop on Supabase: the owner opens it, a visitor buys an original through the Stripe double, it reads Sold; its order reaches the owner; the event sent again changes nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stripe = { url: 'http://127.0.0.1:5300', auth: { authorization: 'Bearer sk_test_e2eSupabaseDouble' } };
  const owner = await browser.newContext({ storageState: signedInState });
  const ownerPage = await owner.newPage();
  const stamp = Date.now();
  const art = {
    title: `Supabase Shop Gull ${stamp}`,
    slug: `supabase-shop-gull-${stamp}`,
    category: 'Seascapes',
    description: 'A gull over Whitstable harbour.',
    alt: 'A gull in a pale sky',
    price: '520',
  };
  await submitNewArtwork(ownerPage, art);
  await ownerPage.goto('/admin/shop');
  const toggle = ownerPage.getByRole('switch', { name: 'Open the shop' });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // Its own address (see the heron's visitor): a buyer's page holds to no console error.
  const visitor = await browser.newContext({ extraHTTPHeaders: ownClientAddress() });
  const page = await visitor.newPage();
  const problems = watchConsole(page);
  await page.goto(`/gallery/seascapes/${art.slug}`);
  await page.getByRole('button', { name: `Buy this original: ${art.title}` }).click();
  await expect(page).toHaveURL(/\/shop\/basket/);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/`));
  await page.getByLabel('Email').fill('gull-buyer@example.com');
  await page.getByLabel('Full name').fill('Gull Buyer');
  await page.getByLabel('Address').fill('3 Harbour Street');
  await page.getByLabel('City').fill('Whitstable');
  await page.getByLabel('Postcode').fill('CT5 1AB');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Order' })).toBeVisible();
  // Sold on its page and in its JSON-LD, through revalidateTag alone (Next's own cache stands in for Vercel's).
  await page.goto(`/gallery/seascapes/${art.slug}`);
  await expect(page.getByRole('button', { name: /^Buy this original/ })).toHaveCount(0);
  expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain(
    '"availability":"https://schema.org/SoldOut"',
  );
  expect(problems).toEqual([]);

  await ownerPage.goto('/admin/orders');
  await expect(ownerPage.getByRole('row').filter({ hasText: 'gull-buyer@example.com' })).toContainText(
    `${art.title} (original painting)`,
  );
  // Its two emails reached the suite's SMTP server, once each: the artist's and the buyer's.
  await expect
    .poll(
      () =>
        sentMail()
          .filter((mail) => mail.text.includes(art.title))
          .map((mail) => mail.to.join(','))
          .sort(),
      { timeout: 15_000 },
    )
    .toEqual(['artist@supabase-e2e.example', 'gull-buyer@example.com']);
  // Marked shipped: the buyer is emailed (once) with the carrier.
  await ownerPage.getByRole('row').filter({ hasText: 'gull-buyer@example.com' }).getByRole('link').click();
  await ownerPage.getByLabel('Carrier').fill('Royal Mail');
  await ownerPage.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ownerPage.getByText('Emailed the buyer.')).toBeVisible();
  await expect
    .poll(
      () =>
        sentMail().filter((mail) => mail.to.includes('gull-buyer@example.com') && mail.text.includes('Royal Mail'))
          .length,
      { timeout: 15_000 },
    )
    .toBe(1);

  const events = (await (await request.get(`${stripe.url}/_double/events`, { headers: stripe.auth })).json()) as {
    id: string;
    type: string;
  }[];
  const paid = events.filter((event) => event.type === 'checkout.session.completed').at(-1)!;
  const resent = await request.post(`${stripe.url}/_double/events/${paid.id}/resend`, { headers: stripe.auth });
  expect(((await resent.json()) as { deliveries: unknown[] }).deliveries).toMatchObject([
    { status: 200, answer: { outcome: 'duplicate' } },
  ]);

  // Only the order's own checkout pays it: a £5 Payment Link naming a held original's order sells nothing.
  const held = {
    title: `Supabase Shop Tern ${stamp}`,
    slug: `supabase-shop-tern-${stamp}`,
    category: 'Seascapes',
    description: 'A tern over the Swale.',
    alt: 'A tern diving',
    price: '350',
  };
  await submitNewArtwork(ownerPage, held);
  const holder = await browser.newContext({ extraHTTPHeaders: ownClientAddress() });
  const holderPage = await holder.newPage();
  await holderPage.goto(`/gallery/seascapes/${held.slug}`);
  await holderPage.getByRole('button', { name: `Buy this original: ${held.title}` }).click();
  await holderPage.getByRole('button', { name: 'Checkout' }).click();
  await expect(holderPage).toHaveURL(new RegExp(`^${stripe.url}/c/pay/`));
  const orderId = new URL(
    (await holderPage.getByRole('link', { name: 'Back' }).getAttribute('href'))!,
  ).searchParams.get('cancelled')!;
  const link = (await (
    await request.post(`${stripe.url}/_double/outside`, {
      headers: stripe.auth,
      form: { amount: '500', client_reference_id: orderId },
    })
  ).json()) as { id: string; url: string };
  await page.goto(link.url);
  await page.getByLabel('Email').fill('tern-attacker@example.com');
  await page.getByLabel('Full name').fill('Not A Buyer');
  await page.getByLabel('Address').fill('1 Nowhere');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Postcode').fill('E1 1AA');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await page.goto(`/gallery/seascapes/${held.slug}`);
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
  await ownerPage.goto('/admin/orders');
  await expect(
    ownerPage.getByRole('region', { name: 'A payment arrived that matches no order: refund it in Stripe' }),
  ).toContainText(link.id);

  // A Bacs Direct Debit keeps the original through the back button until it clears.
  await holderPage.getByRole('radio', { name: /^Bacs Direct Debit/ }).check();
  await holderPage.getByLabel('Email').fill('tern-buyer@example.com');
  await holderPage.getByLabel('Full name').fill('Tern Buyer');
  await holderPage.getByLabel('Address').fill('4 Harbour Street');
  await holderPage.getByLabel('City').fill('Whitstable');
  await holderPage.getByLabel('Postcode').fill('CT5 1AC');
  await holderPage.getByRole('button', { name: 'Pay' }).click();
  await expect(
    holderPage.getByRole('heading', { level: 1, name: 'Thank You: Your Payment Is on Its Way' }),
  ).toBeVisible();
  const debitCheckout = new URL(holderPage.url()).searchParams.get('checkout')!;
  await holderPage.goBack();
  await holderPage.getByRole('link', { name: 'Back' }).click();
  await expect(
    holderPage.getByRole('heading', { level: 1, name: 'Thank You: Your Payment Is on Its Way' }),
  ).toBeVisible();
  await page.goto(`/gallery/seascapes/${held.slug}`);
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
  await request.post(`${stripe.url}/_double/sessions/${debitCheckout}/settle-succeeded`, { headers: stripe.auth });
  await page.goto(`/gallery/seascapes/${held.slug}`);
  await expect(page.getByText('Sold', { exact: true }).first()).toBeVisible();
  await holder.close();

  await ownerPage.goto('/admin/shop');
  await ownerPage.getByRole('switch', { name: 'Open the shop' }).click();
  await expect(ownerPage.getByRole('switch', { name: 'Open the shop' })).toHaveAttribute('aria-checked', 'false');
  await visitor.close();
  await owner.close();
});

test('the shop on Supabase: a painting the owner marks Sold after an exhibition is offered nowhere, and a posted Buy this original adds nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await browser.newContext({ storageState: signedInState });
  const ownerPage = await owner.newPage();
  const stamp = Date.now();
  const art = {
    title: `Supabase Shop Tern ${stamp}`,
    slug: `supabase-shop-tern-${stamp}`,
    category: 'Seascapes',
    description: 'A tern over the Swale.',
    alt: 'A tern diving into grey water',
    price: '480',
  };
  await submitNewArtwork(ownerPage, art);
  await ownerPage.goto('/admin/shop');
  const toggle = ownerPage.getByRole('switch', { name: 'Open the shop' });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const visitor = await browser.newContext({ extraHTTPHeaders: ownClientAddress() });
  try {
    const page = await visitor.newPage();
    await page.goto('/shop/originals');
    await expect(page.getByRole('heading', { name: art.title })).toBeVisible();
    // The page stays open, as a tab would, while the owner edits.
    await page.goto(`/gallery/seascapes/${art.slug}`);
    const buy = page.getByRole('button', { name: `Buy this original: ${art.title}` });
    await expect(buy).toBeVisible();

    await ownerPage.goto('/admin/artworks/manage');
    await ownerPage.goto((await ownerPage.getByRole('link', { name: `Edit ${art.title}` }).getAttribute('href'))!);
    await ownerPage.getByRole('textbox', { name: 'Availability', exact: true }).fill('Sold');
    await ownerPage.getByRole('button', { name: 'Save Changes' }).click();
    await expect(ownerPage).toHaveURL(/\/admin\/artworks\/manage$/, { timeout: 20_000 });

    await buy.click();
    await expect(page).toHaveURL(/\/shop\/basket\?problem=gone$/);
    await expect(page.getByText('Your basket is empty.')).toBeVisible();
    await page.goto(`/gallery/seascapes/${art.slug}`);
    await expect(page.getByRole('button', { name: 'Enquire to Purchase' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Buy this original/ })).toHaveCount(0);
    expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain(
      '"availability":"https://schema.org/SoldOut"',
    );
    await page.goto('/shop/originals');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: art.title })).toHaveCount(0);
  } finally {
    await ownerPage.goto('/admin/shop');
    if ((await toggle.getAttribute('aria-checked')) === 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await visitor.close();
    await owner.close();
  }
});

// Its readers each have an address of their own (ownClientAddress, in the header a server run as
// on Vercel reads), so the newsletter's many page views spend no other test's telemetry budget.
test('the newsletter on Supabase: readers subscribe and confirm from the email, get a letter, one unsubscribes with one click and gets no more', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await expect(dashboard(page)).toBeVisible();
  await setReceiving(page, true);
  const stamp = Date.now();
  const readers = [`nora.${stamp}@example.com`, `otto.${stamp}@example.com`];
  for (const [index, reader] of readers.entries()) {
    const context = await browser.newContext({ extraHTTPHeaders: ownClientAddress() });
    const visitor = await context.newPage();
    await subscribeWithFooterForm(visitor, `Reader ${index + 1}`, reader);
    let confirmation: SentMail | undefined;
    await expect
      .poll(() => (confirmation = sentMail().find((mail) => mail.to.includes(reader) && /confirm/i.test(mail.subject))))
      .toBeTruthy();
    await visitor.goto(confirmLinkIn(confirmation!.text));
    expect(await confirmOnPage(visitor)).toMatch(/^PRINTS-/);
    await context.close();
  }

  // Sent as on Vercel: "Send now" calls the newsletter job's cron route, which sends and finishes the letter.
  const first = `Supabase letter one ${stamp}`;
  await writeAndSendLetter(page, first, 'The first of the autumn paintings.');
  const letterTo = (reader: string, title: string) =>
    sentMail().filter((mail) => mail.to.includes(reader) && mail.subject === title);
  await expect.poll(() => readers.map((reader) => letterTo(reader, first).length)).toEqual([1, 1]);
  const [letter] = letterTo(readers[0]!, first);
  expect(letter!.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  const oneClick = letter!.listUnsubscribe!.match(/^<(https?:\/\/[^>]+)>$/)![1]!;
  expect((await request.post(oneClick, ONE_CLICK)).status()).toBe(200);

  const second = `Supabase letter two ${stamp}`;
  await writeAndSendLetter(page, second, 'The second of the autumn paintings.');
  await expect.poll(() => letterTo(readers[1]!, second).length).toBe(1);
  expect(letterTo(readers[0]!, second)).toHaveLength(0);
  const sql = postgres(project().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ email: string; status: string }[]>`
      select email, status from app_private.subscribers where email in ${sql(readers)} order by email`;
    expect(rows).toEqual([
      { email: readers[0], status: 'unsubscribed' },
      { email: readers[1], status: 'confirmed' },
    ]);
  } finally {
    await sql.end();
  }
  await page.goto('/newsletter');
  await expect(page.getByRole('link', { name: second })).toBeVisible();
  await setReceiving(page, false);
});

test('two-factor sign-in through Supabase Auth MFA: turned on with a code, then password + code; sign-out ends the session', async ({
  page,
}) => {
  await signIn(page);
  await expect(dashboard(page)).toBeVisible();
  await page.goto('/admin/account');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const key = (await page.getByLabel('Setup key').textContent())!.replace(/\s+/g, '');
  const code = (steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() + steps * 30_000 });
  await page.getByLabel('Code from the app').fill(code());
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(page.getByText('Supabase Auth keeps no recovery codes')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  await page.goto('/admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();

  // Password alone is half a sign-in: the code step, not the dashboard.
  await signIn(page);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(dashboard(page)).toHaveCount(0);
  await page.getByLabel('Authentication code').fill(code(1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard(page)).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await page.goto('/admin/artworks/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
});

test('the scheduled jobs run from their cron routes with CRON_SECRET, as Vercel Cron calls them, and refuse anyone else', async ({
  request,
}) => {
  for (const job of ['log-retention', 'storage-sweep', 'shop-checkouts']) {
    expect((await request.get(`/api/cron/${job}`)).status(), job).toBe(401);
    expect(
      (
        await request.get(`/api/cron/${job}`, { headers: { authorization: 'Bearer not-the-secret-of-this-site' } })
      ).status(),
      job,
    ).toBe(401);
    const run = await request.get(`/api/cron/${job}`, {
      headers: { authorization: 'Bearer the Supabase e2e cron secret' },
    });
    expect(run.status(), job).toBe(200);
    expect(run.headers()['cache-control']).toBe('no-store');
    expect(await run.json()).toMatchObject({ ok: true, job });
  }
});

test('a new instance started while the database is down (a paused project) serves the calm 503 where it needs it, recovers without a restart, and invalidates nothing at start', async ({
  request,
}) => {
  const control = (what: 'pause' | 'resume') => request.post(`${project().url}/__stand-in/postgres/${what}`);
  const tagRows = async () => {
    const sql = postgres(project().databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return (await sql`select tag, updated_at from app_private.cache_tags order by tag`).map(
        (row) => `${row.tag}@${(row.updated_at as Date).toISOString()}`,
      );
    } finally {
      await sql.end();
    }
  };
  const before = await tagRows();
  const port = 3303;
  const base = `http://127.0.0.1:${port}`;
  expect((await control('pause')).status()).toBe(204);
  // Another instance of the same build: on Vercel, a cold start.
  const child = spawn(
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
    { env: { ...process.env, ...project().site }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  try {
    await expect
      .poll(async () => (await request.get(`${base}/robots.txt`).catch(() => null))?.status() ?? 0, { timeout: 30_000 })
      .toBe(200);
    // Nothing any instance has rendered or cached before (a cached answer needs no database).
    const search = `/search?q=heron${Date.now()}`;
    const artwork = await request.get(`${base}/gallery/landscapes/never-requested-${Date.now()}`);
    expect(artwork.status()).toBe(503);
    expect(artwork.headers()['retry-after']).toBe('30');
    expect(await artwork.text()).toContain("We'll be right back");
    // Search streams its results after its status: proxy.ts answers it 503 before rendering
    // (lib/http/outage-page.ts), and asks the database again meanwhile.
    const searching = await request.get(base + search);
    expect(searching.status()).toBe(503);
    expect(await searching.text()).toContain("We'll be right back");
    // What the build rendered is still served.
    expect((await request.get(`${base}/gallery`)).status()).toBe(200);
    expect(child.exitCode, output).toBeNull();

    expect((await control('resume')).status()).toBe(204);
    // Only searches reach it: they alone must find the database back.
    await expect.poll(async () => (await request.get(base + search)).status(), { timeout: 30_000 }).toBe(200);
    expect(await (await request.get(base + search)).text()).not.toContain("We'll be right back");
    expect((await request.get(`${base}/gallery/animals/the-crystal-palace-fox`)).status()).toBe(200);
    expect(child.exitCode, output).toBeNull();
  } finally {
    await control('resume');
    child.kill('SIGTERM');
  }
  // Vercel's cache is per deployment: a new instance expires no tag for the others.
  expect(await tagRows()).toEqual(before);
});

test('nothing was written to the local file system: DATA_DIR, where embedded mode keeps its database, files and key, never appeared', () => {
  expect(fs.existsSync(path.join('test-results', 'e2e-supabase', 'data-dir-never-written'))).toBe(false);
});
