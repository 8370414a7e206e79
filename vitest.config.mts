import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next*/**', '.vercel/**', 'e2e/**', '.data*/**', 'test-results/**'],
    environment: 'node',
    // The server key (lib/auth/server-key.ts) for code under test; without it, embedded mode
    // would make one in the working copy's DATA_DIR. Its own tests pass their configuration.
    // bcrypt at its lowest cost: hashing is not what these tests measure (lib/auth/password.test.ts
    // checks the production default of 12 itself).
    env: { AUTH_SECRET: 'vitest only: a server key that signs nothing real', BCRYPT_COST: '4' },
    globalSetup: ['./tests/postgres-global-setup.ts'],
    setupFiles: ['./tests/next-request-scope.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite and embedded Postgres each use real memory and CPU: keep parallelism modest.
    maxWorkers: 2,
  },
});
