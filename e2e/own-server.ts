import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { builtSiteUrl, startNext, type NextServer } from '../scripts/next-process';
import { admin } from './fixtures';

const port = process.env.E2E_PORT ?? '3100';
const root = path.resolve(__dirname, '..');

/**
 * Where the suite's server (scripts/e2e-server.mjs, by E2E_PORT) keeps its build and its data.
 * `distDir` is relative to the repository, as Next takes NEXT_DIST_DIR.
 */
export const suiteServer = {
  distDir: process.env.NEXT_DIST_DIR ?? (port === '3100' ? '.next' : `.next-e2e-${port}`),
  dataDir: path.resolve(root, process.env.E2E_DATA_DIR ?? (port === '3100' ? '.data-e2e' : `.data-e2e-${port}`)),
};

export type OwnServer = NextServer & {
  dataDir: string;
  /** The settings it was started with (to start it again on the same data). */
  env: Record<string, string>;
  /** The site's address as the build knows it (links in its emails name it). */
  siteUrl: string;
  dispose(): Promise<void>;
};

/**
 * A server of a spec's own, for settings the suite's server does not have (short deadlines,
 * Insights on): the suite's build, a fresh seeded database in a folder of its own, the suite's
 * admin account. With `prepare`, the server is stopped once it has seeded its database, `prepare`
 * writes to that database (the embedded database is opened by one process at a time), and it is
 * started again on the same port.
 */
export async function startOwnServer(
  name: string,
  env: Record<string, string>,
  { port, prepare }: { port?: number; prepare?: (dataDir: string) => void } = {},
): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-e2e-`));
  const fullEnv = {
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    BCRYPT_COST: '4',
    LOG_LEVEL: 'warn',
    ...env,
  };
  let server = await startNext({ distDir: suiteServer.distDir, dataDir, env: fullEnv, port });
  if (prepare) {
    await server.stop();
    prepare(dataDir);
    server = await startNext({ distDir: suiteServer.distDir, dataDir, env: fullEnv, port: server.port });
  }
  const siteUrl = builtSiteUrl(path.resolve(root, suiteServer.distDir)) ?? server.url;
  return {
    ...server,
    dataDir,
    env: fullEnv,
    siteUrl,
    async dispose() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the suite's admin in through the sign-in form, in `page`. */
export async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 30_000 });
}

/** The Cookie header of the admin's session on the server at `url`. */
export async function adminCookie(browser: Browser, url: string): Promise<string> {
  const context = await browser.newContext({ baseURL: url });
  try {
    await signInAdmin(await context.newPage());
    return (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
  } finally {
    await context.close();
  }
}
