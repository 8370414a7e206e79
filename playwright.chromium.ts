import fs from 'node:fs';

/**
 * The browser every test drives: Debian's `chromium-headless-shell`, the headless-only build of
 * Chromium that Playwright itself uses for headless runs. On this 2-core machine it is about a
 * quarter quicker than the full browser in new headless mode (the main suite's stage: 378 s
 * against 510 s, same tests). Without it, Debian's full `chromium`. CHROME_PATH chooses another.
 * Playwright's own browser download is not reachable here or in CI; `.ci/run` installs both
 * packages. Benchmarks that measure what a visitor's browser does (Lighthouse, scripts/bench.ts)
 * use the full `/usr/bin/chromium`.
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
