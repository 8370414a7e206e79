import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures';

/**
 * First run (docs/product.md, First admin account): a fresh install with local auth, no admin and
 * no ADMIN_EMAIL prints a one-time setup link to its console; /admin/setup?token=… asks for the
 * owner's email and a password, creates the admin and signs them in; the link then answers 404, as
 * does any other token. The suite's own server has an admin, so this spec starts a second one on
 * the next port, from the same build, on a DATA_DIR of its own, and reads the link from its output.
 */
const suitePort = Number(process.env.E2E_PORT ?? 3100);
// The desktop and phone projects run at the same time: a server (port, DATA_DIR) each.
let port = suitePort + 1;
// Where this spec's server listens; its SITE_URL is the suite build's, which it was built for
// (a server refuses any other), so the link it prints names the suite's origin.
let origin = '';
const siteUrl = `http://127.0.0.1:${suitePort}`;
/** A URL of the site, on this spec's own server. */
const here = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${origin}${pathname}${search}`;
};
let dataDir = '';
const distDir = process.env.NEXT_DIST_DIR ?? (suitePort === 3100 ? '.next' : `.next-e2e-${suitePort}`);

let server: ChildProcess | null = null;
let link = '';
let output = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(180_000);
  port = suitePort + (testInfo.project.name === 'phone' ? 2 : 1);
  origin = `http://127.0.0.1:${port}`;
  dataDir = `.data-e2e-first-run-${port}`;
  await fs.rm(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: distDir,
    BCRYPT_COST: '4',
    SITE_URL: siteUrl,
    TRUSTED_PROXY_HOPS: '0',
    LOG_LEVEL: 'info',
  };
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  server = spawn('node', ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const found = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/\S+\/admin\/setup\?token=[A-Za-z0-9_-]{43})/.exec(output);
      if (match) resolve(match[1]!);
    };
    server!.stdout!.on('data', read);
    server!.stderr!.on('data', read);
    server!.on('exit', (code) => reject(new Error(`the first-run server stopped (${code}):\n${output}`)));
  });
  link = await found;
  // The link is printed at start, before the server takes requests: wait until it answers.
  await expect(async () => expect((await fetch(`${origin}/gallery`)).status).toBe(200)).toPass({ timeout: 120_000 });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Set Up Your Admin Account' });

test('the server prints a one-time setup link, and keeps only its hash', async () => {
  expect(output).toContain('No admin account yet. To create one, open this link within the hour (it works once):');
  expect(link).toMatch(new RegExp(`^${siteUrl}/admin/setup\\?token=[A-Za-z0-9_-]{43}$`));
  // Only the console shows the token: the log line that goes with it does not carry it.
  const token = new URL(link).searchParams.get('token')!;
  expect(output.split(token)).toHaveLength(2);
});

test('@phone without a valid token the setup route is a 404, and a visitor sees no setup form', async ({ page }) => {
  for (const path of ['/admin/setup', `/admin/setup?token=${'A'.repeat(43)}`, '/admin/setup?token=not-a-token']) {
    await page.goto(`${origin}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(heading(page)).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
  }
  // Before setup there is no admin to sign in as: /admin is the login screen as ever.
  await page.goto(`${origin}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
});

test('@phone the link asks for an email and a checked password, then creates the admin and signs them in', async ({
  page,
}) => {
  await page.goto(here(link));
  await expect(heading(page)).toBeVisible();
  await expect(page).toHaveTitle('Set Up Your Admin Account | Elena Marsh Watercolours');
  await expectNoA11yViolations(page);

  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const again = page.getByLabel('Password again');
  const submit = page.getByRole('button', { name: 'Create Admin Account' });
  await email.fill('owner@example.com');
  // Length, then strength, then the two must match: nothing is created meanwhile.
  await password.fill('short');
  await again.fill('short');
  await submit.click();
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await password.fill('password123');
  await again.fill('password123');
  await submit.click();
  await expect(page.getByText('That password is too easy to guess.', { exact: false })).toBeVisible();
  await password.fill('pale blue heron at dusk');
  await again.fill('pale blue heron at night');
  await submit.click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await expectNoA11yViolations(page);

  await again.fill('pale blue heron at dusk');
  await submit.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByText('owner@example.com').visible().first()).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Signed in' })).toContainText(
    'Welcome, owner@example.com.',
  );
});

test('@phone the link works once: afterwards it is a 404, and the owner signs in with the new password', async ({
  page,
  browser,
}) => {
  await page.goto(here(link));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(heading(page)).toHaveCount(0);

  // A signed-in owner sees the same 404, in the admin frame, with the way back.
  const context = await browser.newContext();
  try {
    const owner = await context.newPage();
    await owner.goto(`${origin}/admin`);
    await owner.getByLabel('Email').fill('owner@example.com');
    await owner.getByLabel('Password').fill('pale blue heron at dusk');
    await owner.getByRole('button', { name: 'Sign In' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await owner.goto(here(link));
    await expect(owner.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');
    // The link's use is a security event in the Application Logs.
    await owner.goto(`${origin}/admin/logs/app?feature=auth`);
    await expect(owner.getByRole('row').filter({ hasText: 'First admin created through the setup link' })).toHaveCount(
      1,
    );
  } finally {
    await context.close();
  }
});

test('a restart with an admin prints no link', async () => {
  const stopped = new Promise((resolve) => server!.once('exit', resolve));
  server!.kill('SIGTERM');
  await stopped;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: distDir,
    BCRYPT_COST: '4',
    SITE_URL: siteUrl,
    LOG_LEVEL: 'warn',
  };
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  output = '';
  server = spawn('node', ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect(async () => expect((await fetch(`${origin}/gallery`)).status).toBe(200)).toPass({ timeout: 120_000 });
  expect(output).not.toContain('/admin/setup?token=');
});

test('a server started with another SITE_URL than its build’s refuses to start, naming both', async () => {
  const other = 'https://another-origin.example';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: `${dataDir}-other`,
    NEXT_DIST_DIR: distDir,
    SITE_URL: other,
    LOG_LEVEL: 'warn',
  };
  const refused = spawn(
    'node',
    ['node_modules/next/dist/bin/next', 'start', '-p', String(port + 10), '-H', '127.0.0.1'],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let said = '';
  refused.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  refused.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => refused.once('exit', resolve));
  expect(code).toBe(1);
  expect(said).toContain(`SITE_URL is ${other}, but this build was made for ${siteUrl}`);
  await fs.rm(`${dataDir}-other`, { recursive: true, force: true });
});
