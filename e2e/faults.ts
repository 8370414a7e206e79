import fs from 'node:fs/promises';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { suiteServer } from './own-server';

/** The e2e server's DATA_DIR (scripts/e2e-server.mjs). */
export const serverDataDir = suiteServer.dataDir;
// Where tests/support/database-faults.mjs, loaded into the e2e server, reads its rules
// (scripts/e2e-server.mjs sets E2E_FAULTS_DIR to this folder).
const faultsDir = path.join(serverDataDir, 'faults');

/**
 * A database fault (tests/support/database-faults.mjs): the queries whose SQL contains `sql`
 * and whose SQL or parameters contain `mentions` fail, or are answered only once the fault is off.
 */
export type Fault = { action: 'fail' | 'hold'; mentions?: string; sql?: string };

export type Faults = { on(name: string, fault: Fault): Promise<void>; off(name: string): Promise<void> };

/**
 * `faults.on(name, fault)` makes the e2e server's database refuse or stall the queries the fault
 * describes, each scoped by a text only this test's requests send; whatever the test's outcome,
 * every fault it switched on is off again when it ends.
 */
export const test = base.extend<{ faults: Faults }>({
  faults: async ({}, provide) => {
    const on = new Set<string>();
    const off = async (name: string) => {
      await fs.rm(path.join(faultsDir, `${name}.json`), { force: true });
      on.delete(name);
    };
    await provide({
      on: async (name, fault) => {
        await fs.mkdir(faultsDir, { recursive: true });
        // Written whole, then renamed: the server never reads half a rule.
        const file = path.join(faultsDir, `${name}.json`);
        await fs.writeFile(`${file}.tmp`, JSON.stringify(fault));
        await fs.rename(`${file}.tmp`, file);
        on.add(name);
      },
      off,
    });
    for (const name of [...on]) await off(name);
  },
});

export { expect } from '@playwright/test';
