import { defineConfig, devices } from '@playwright/test';
import { runOptions, trace } from './playwright.ci';
import { launchOptions } from './playwright.chromium';

// A port of the suite's own. The server is always the one this run starts (a fresh build on a
// fresh database); scripts/e2e-server.mjs fails at once if something already listens there.
// E2E_REUSE_SERVER=1 runs against a server you started yourself with that script.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

const desktop = { ...devices['Desktop Chrome'], launchOptions };

/**
 * Projects: `setup` signs each account in once (e2e/auth.setup.ts); `desktop` runs every test;
 * `phone` only those tagged @phone (they depend on the viewport). Tests tagged @writes add or
 * delete artworks: they run in `writes`, after the others, so no test that pages through the
 * catalogue sees it change under it. E2E_WRITES_ALONE=1 makes `writes` wait for `setup` only:
 * scripts/test-all.mjs runs the writes as a stage of their own, on a fresh server, so a failing
 * read test never keeps the writes from running.
 */
export default defineConfig({
  testDir: './e2e',
  // e2e/dev runs against `next dev` (playwright.dev.config.ts), e2e/supabase against Supabase
  // mode (playwright.supabase.config.ts).
  testIgnore: ['dev/**', 'supabase/**'],
  // Per port, like the server and the saved sign-ins: runs against two servers keep apart.
  outputDir: `test-results/e2e-${PORT}`,
  forbidOnly: true,
  workers: 2,
  timeout: 60_000,
  ...runOptions('e2e'),
  use: { baseURL, trace, launchOptions },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/, use: desktop },
    { name: 'desktop', use: desktop, dependencies: ['setup'], grepInvert: /@writes/ },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions },
      dependencies: ['setup'],
      grep: /@phone/,
      grepInvert: /@writes/,
    },
    {
      name: 'writes',
      use: desktop,
      dependencies: process.env.E2E_WRITES_ALONE === '1' ? ['setup'] : ['desktop', 'phone'],
      grep: /@writes/,
    },
  ],
  webServer: {
    // A production build, started in embedded mode on a fresh DATA_DIR.
    command: 'node scripts/e2e-server.mjs',
    env: { E2E_PORT: String(PORT) },
    url: `${baseURL}/gallery`,
    timeout: 600_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
