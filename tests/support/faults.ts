import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/env';

/**
 * Fault injection for the Playwright suite (e2e/faults.ts): server-side failures a browser
 * cannot cause, so the real error screens can be shown. Off unless the server was started with
 * E2E_FAULTS=1, which only scripts/e2e-server.mjs sets; then a fault is on while the file
 * `${DATA_DIR}/faults/{name}` exists. Each name carries the scope of the request it hits (a
 * gallery page number, a search query, an account's email), so a test's fault never reaches a
 * parallel test's requests.
 */
const NAME = /^[a-z0-9@._-]{1,200}$/;

function faultPath(name: string): string | null {
  const { E2E_FAULTS, DATA_DIR } = env();
  if (E2E_FAULTS !== '1' || !NAME.test(name)) return null;
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), DATA_DIR, 'faults', name);
}

export function injectedFault(name: string): boolean {
  const file = faultPath(name);
  return file !== null && fs.existsSync(file);
}

/**
 * What the fault's file says (trimmed), or undefined while it is off: a value the suite and the
 * server share, such as the day the fixtures were recorded on.
 */
export function faultValue(name: string): string | undefined {
  const file = faultPath(name);
  if (file === null || !fs.existsSync(file)) return undefined;
  return fs.readFileSync(file, 'utf8').trim() || undefined;
}

/**
 * Waits while the fault is on (at most 30 s): a slow dependency, so loading states show, or a
 * render held open across a write (lib/cache/durability.test.ts). While it waits, the file
 * `{name}.held` says so, so a test knows the code before the seam has run.
 */
export async function heldByFault(name: string): Promise<void> {
  const file = faultPath(name);
  if (file === null || !fs.existsSync(file)) return;
  fs.writeFileSync(`${file}.held`, String(Date.now()));
  for (let waited = 0; waited < 30_000 && fs.existsSync(file); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
