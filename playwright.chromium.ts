import fs from 'node:fs';

/**
 * The browser every test drives: Debian's `chromium-headless-shell`, about a quarter quicker than
 * the full browser on a 2-core machine (see docs/decisions/0008-chromium-headless-shell.md).
 * Playwright's own download is not reachable here or in CI. Without it, Debian's full `chromium`;
 * CHROME_PATH chooses another. `.ci/run` installs both.
 * Benchmarks that measure what a visitor's browser does (Lighthouse, scripts/bench.ts) use the
 * full `/usr/bin/chromium`.
 */
const shell = '/usr/bin/chromium-headless-shell';
export const executablePath = process.env.CHROME_PATH ?? (fs.existsSync(shell) ? shell : '/usr/bin/chromium');

export const launchOptions = {
  executablePath,
  args: [
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};
