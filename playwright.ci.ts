import path from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * How every Playwright suite runs. On CI (process.env.CI, which .ci/run's caller sets) a failed
 * test is tried once more: a test that fails twice fails the run, one that passes on the retry is
 * reported as flaky, with its trace from the retry kept. The JSON report beside the list reporter
 * is what scripts/flaky.mjs reads to name every flaky test after the run (scripts/test-all.mjs).
 * Locally a failure is a failure at once. Web-first assertions wait up to 10 s everywhere: this is
 * a 2-core machine that builds, serves and drives a browser at the same time.
 */
const onCI = Boolean(process.env.CI);

/** For `use.trace`: the retry's trace on CI, a failure's trace locally. */
export const trace = onCI ? 'on-first-retry' : 'retain-on-failure';

export function runOptions(report: string): Pick<PlaywrightTestConfig, 'retries' | 'reporter' | 'expect'> {
  // From the working directory (npm's: the project's root), not the configuration's folder.
  const dir = path.resolve(process.env.FLAKY_REPORT_DIR ?? 'test-results/reports');
  const name = process.env.E2E_REPORT_NAME ?? report;
  return {
    retries: onCI ? 1 : 0,
    reporter: onCI ? [['list'], ['json', { outputFile: `${dir}/${name}.json` }]] : [['list']],
    expect: { timeout: 10_000 },
  };
}
