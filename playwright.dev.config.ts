import { defineConfig, devices } from '@playwright/test';
import { runOptions, trace } from './playwright.ci';
import { launchOptions } from './playwright.chromium';

/**
 * `npm run dev` as a new user meets it (docs/operations.md, Development server): one short suite
 * against `next dev` on a port, a fresh DATA_DIR and a build folder of its own
 * (scripts/e2e-dev-server.mjs). The main suite (playwright.config.ts) runs a production build.
 */
const PORT = Number(process.env.E2E_DEV_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './e2e/dev',
  outputDir: `test-results/e2e-dev-${PORT}/results`,
  forbidOnly: true,
  workers: 1,
  // Development compiles each route on its first visit.
  timeout: 480_000,
  ...runOptions('dev'),
  expect: { timeout: 30_000 },
  use: { baseURL, trace, launchOptions, navigationTimeout: 120_000, actionTimeout: 30_000 },
  projects: [{ name: 'dev', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    command: 'node scripts/e2e-dev-server.mjs',
    env: { E2E_DEV_PORT: String(PORT) },
    url: `${baseURL}/robots.txt`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
