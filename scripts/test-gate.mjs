// npm run test:gate — proves that the runners fail a run that has a failing test, and that the CI
// retry keeps a real failure red while naming a first-try-only failure as flaky. Runs the
// project's own vitest and Playwright configurations on fixtures (tests/gate):
// - without CI: one passing and one failing test: the runner must exit non-zero and say so (once, a
//   hook in a dependency turned vitest's exit code into 0, and `npm test` passed with failing tests);
// - with CI (one retry): a test that fails every try must exit non-zero; a test that fails only its
//   first try must exit 0 and be the one flaky test scripts/flaky.mjs reads from the reports, and
//   the one failing every try must be the one failed test it reads (npm test's last lines name it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { place, readFailed, readFlaky } from './flaky.mjs';

const reportDir = 'test-results/gate-reports';
const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/gate/vitest.config.mts'];
const playwright = ['node_modules/@playwright/test/cli.js', 'test', '--config', 'tests/gate/playwright.config.ts'];

const checks = [
  {
    name: 'vitest fails a failing test',
    args: vitest,
    fixture: 'tests/gate/gate.fixture.ts',
    ci: false,
    exits: 'non-zero',
    summary: /Tests\s+1 failed \| 1 passed \(2\)/,
  },
  {
    name: 'playwright fails a failing test',
    args: [...playwright, '--reporter=line'],
    fixture: 'gate.pw.ts',
    ci: false,
    exits: 'non-zero',
    summary: /1 failed[\s\S]*1 passed/,
  },
  {
    name: 'vitest on CI: a test failing every try stays red',
    args: [...vitest, '-t', 'fails every try'],
    fixture: 'tests/gate/retry.fixture.ts',
    ci: true,
    exits: 'non-zero',
    summary: /Tests\s+1 failed \| 1 skipped \(2\)/,
    flaky: 0,
    failed: 1,
  },
  {
    name: 'vitest on CI: a test failing its first try only is green and flaky',
    args: [...vitest, '-t', 'fails only its first try'],
    fixture: 'tests/gate/retry.fixture.ts',
    ci: true,
    exits: 'zero',
    summary: /Tests\s+1 passed \| 1 skipped \(2\)/,
    flaky: 1,
    failed: 0,
  },
  {
    name: 'playwright on CI: a test failing every try stays red',
    args: [...playwright, '-g', 'fails every try'],
    fixture: 'retry.pw.ts',
    ci: true,
    exits: 'non-zero',
    summary: /1 failed/,
    flaky: 0,
    failed: 1,
  },
  {
    name: 'playwright on CI: a test failing its first try only is green and flaky',
    args: [...playwright, '-g', 'fails only its first try'],
    fixture: 'retry.pw.ts',
    ci: true,
    exits: 'zero',
    summary: /1 flaky/,
    flaky: 1,
    failed: 0,
  },
];

let broken = 0;
for (const check of checks) {
  fs.rmSync(reportDir, { recursive: true, force: true });
  const started = Date.now();
  const result = spawnSync(process.execPath, check.args, {
    encoding: 'utf8',
    env: {
      ...process.env,
      FORCE_COLOR: '0',
      NO_COLOR: '1',
      CI: check.ci ? '1' : '',
      GATE_FIXTURE: check.fixture,
      FLAKY_REPORT_DIR: reportDir,
      E2E_REPORT_NAME: 'gate',
    },
  });
  const output = `${result.stdout}\n${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const exitOk = check.exits === 'zero' ? result.status === 0 : result.status !== 0 && result.status !== null;
  const summaryOk = check.summary.test(output);
  const flaky = check.ci ? readFlaky(reportDir) : [];
  const failed = check.ci ? readFailed(reportDir) : [];
  const named = (tests, count) =>
    count === undefined ||
    (tests.length === count && tests.every((test) => path.basename(test.file) === path.basename(check.fixture)));
  const flakyOk = named(flaky, check.flaky);
  const failedOk = named(failed, check.failed);
  const list = (tests) => tests.map(place).join(', ') || 'none';
  if (exitOk && summaryOk && flakyOk && failedOk) {
    console.log(
      `test gate: ${check.name}: exit ${result.status}${check.ci ? `, flaky ${list(flaky)}, failed ${list(failed)}` : ''} (${seconds} s)`,
    );
    continue;
  }
  broken++;
  console.log(
    `test gate: BROKEN ${check.name}: exit ${result.status ?? result.signal} (expected ${check.exits}), summary ${summaryOk ? 'found' : 'NOT found'}, flaky ${JSON.stringify(flaky)}, failed ${JSON.stringify(failed)}`,
  );
  console.log(output.slice(-4000));
}
fs.rmSync(reportDir, { recursive: true, force: true });
process.exit(broken ? 1 : 0);
