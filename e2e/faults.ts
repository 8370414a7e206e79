import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test as base } from '@playwright/test';

// Where tests/support/faults.ts looks: the e2e server's DATA_DIR (scripts/e2e-server.mjs).
const port = process.env.E2E_PORT ?? '3100';
const faultsDir = path.resolve(__dirname, '..', process.env.E2E_DATA_DIR ?? (port === '3100' ? '.data-e2e' : `.data-e2e-${port}`), 'faults');

/** The day the suite's fixtures counted Insights back from (scripts/e2e-fixtures.ts), which the server's Insights take as today. */
export function insightsToday(): string {
  return readFileSync(path.join(faultsDir, 'insights-today'), 'utf8').trim();
}

export type Faults = { on(name: string): Promise<void>; off(name: string): Promise<void> };

/**
 * `faults.on(name)` switches a server-side fault on (tests/support/faults.ts names them, each
 * scoped to one page number, search or account); whatever the test's outcome, every fault it
 * switched on is off again when it ends.
 */
export const test = base.extend<{ faults: Faults }>({
  faults: async ({}, provide) => {
    const on = new Set<string>();
    const off = async (name: string) => {
      await fs.rm(path.join(faultsDir, name), { force: true });
      on.delete(name);
    };
    await provide({
      on: async (name) => {
        await fs.mkdir(faultsDir, { recursive: true });
        await fs.writeFile(path.join(faultsDir, name), '');
        on.add(name);
      },
      off,
    });
    for (const name of [...on]) await off(name);
  },
});

export { expect } from '@playwright/test';
