// npm run test:gate — proves that a failing test fails the run. Runs the project's vitest and
// Playwright configurations on a fixture holding one passing and one failing test, and exits
// non-zero unless each runner reports exactly that and exits non-zero itself. Once, a hook in a
// dependency turned vitest's exit code into 0, and `npm test` passed with failing tests.
import { spawnSync } from 'node:child_process';

const runners = [
  {
    name: 'vitest',
    args: ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/gate/vitest.config.mts'],
    // vitest's summary line, e.g. "Tests  1 failed | 1 passed (2)", colours stripped.
    expected: /Tests\s+1 failed \| 1 passed \(2\)/,
  },
  {
    name: 'playwright',
    args: ['node_modules/@playwright/test/cli.js', 'test', '--config', 'tests/gate/playwright.config.ts', '--reporter=line'],
    expected: /1 failed[\s\S]*1 passed/,
  },
];

let broken = 0;
for (const runner of runners) {
  const started = Date.now();
  const result = spawnSync(process.execPath, runner.args, {
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', CI: '' },
  });
  const output = `${result.stdout}\n${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const reported = runner.expected.test(output);
  if (result.status !== 0 && result.status !== null && reported) {
    console.log(`test gate: ${runner.name} reports the failing fixture and exits ${result.status} (${seconds} s)`);
    continue;
  }
  broken++;
  console.log(`test gate: ${runner.name} exited ${result.status ?? result.signal} with a failing fixture; summary ${reported ? 'found' : 'NOT found'}`);
  console.log(output.slice(-4000));
}
process.exit(broken ? 1 : 0);
