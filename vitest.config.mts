import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next*/**', 'e2e/**', '.data*/**', 'test-results/**'],
    environment: 'node',
    globalSetup: ['./tests/postgres-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite and embedded Postgres each use real memory and CPU: keep parallelism modest.
    maxWorkers: 2,
  },
});
