import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Files that start servers, child processes or `next build`: on CI (process.env.CI) each of their
// tests is retried once, and a pass on the retry is reported as flaky (tests/flaky-reporter.ts)
// so it is seen and fixed. Unit tests are never retried.
const integration = ['lib/artworks/admin/write-crash.test.ts', 'lib/db/lock.test.ts', 'lib/backup/backup.test.ts'];
// The two that build Next run after every other file, side by side, which keeps both cores busy
// (see docs/decisions/0009-build-tests-run-last.md).
const builds = ['lib/env.secrets.test.ts', 'lib/cache/durability.test.ts'];
/** On CI, the retry of the integration and build files (tests/gate checks it with a fixture). */
export const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    exclude: ['node_modules/**', '.next*/**', '.vercel/**', 'e2e/**', '.data*/**', 'test-results/**'],
    environment: 'node',
    // The server key (lib/auth/server-key.ts) for code under test; without it, embedded mode
    // would make one in the working copy's DATA_DIR. Its own tests pass their configuration.
    // bcrypt at its lowest cost: hashing is not what these tests measure (lib/users/password.test.ts
    // checks the production default of 12 itself).
    env: { AUTH_SECRET: 'vitest only: a server key that signs nothing real', BCRYPT_COST: '4' },
    globalSetup: ['./tests/postgres-global-setup.ts'],
    setupFiles: ['./tests/support/next-request-scope.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite and embedded Postgres each use real memory and CPU: keep parallelism modest.
    maxWorkers: 2,
    // Each test's line, for the flaky list.
    includeTaskLocation: true,
    reporters: process.env.CI ? ['default', './tests/flaky-reporter.ts'] : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [
            ...integration,
            ...builds,
            'node_modules/**',
            '.next*/**',
            '.vercel/**',
            'e2e/**',
            '.data*/**',
            'test-results/**',
          ],
        },
      },
      { extends: true, test: { name: 'integration', include: integration, retry, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'builds', include: builds, retry, sequence: { groupOrder: 1 } } },
    ],
  },
});
