import { defineConfig, devices } from '@playwright/test';
import { runOptions, trace } from './playwright.ci';
import { launchOptions } from './playwright.chromium';

/**
 * Supabase mode as it is deployed (docs/operations.md, Deploy to Vercel with Supabase): a
 * production build against PostgreSQL 17 migrated as `supabase db push` would, with Supabase Auth,
 * Storage and the one REST read served on localhost by our doubles behind one origin
 * (scripts/e2e-supabase-server.ts). The main suite (playwright.config.ts) runs embedded mode.
 */
const PORT = Number(process.env.E2E_SUPABASE_SITE_PORT ?? 3300);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './e2e/supabase',
  outputDir: `test-results/e2e-supabase-${PORT}/results`,
  forbidOnly: true,
  // One owner, one story: the specs run in order and share the project.
  workers: 1,
  timeout: 120_000,
  ...runOptions('supabase'),
  use: { baseURL, trace, launchOptions },
  projects: [{ name: 'supabase', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    command: 'node_modules/.bin/tsx scripts/e2e-supabase-server.ts',
    env: { E2E_PORT: String(PORT) },
    url: `${baseURL}/gallery`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
