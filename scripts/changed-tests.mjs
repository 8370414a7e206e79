// The tests a submission added or changed, run three times each with no retry (Next.js's own
// flake detection for new tests), within five minutes. The submission starts from the commit in
// .ci/base (the last commit that landed; the first commit of a session writes it). A test counts
// as changed when its file is new or a changed line falls between its declaration and the next
// test's. Only the main suite (playwright.config.ts) is repeated: its server starts in seconds
// from the build the suite made. Writes the changed tests' places to test-results/changed.json.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { outcomes, place } from './flaky.mjs';

const BUDGET_MS = 5 * 60_000;
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const playwright = ['node_modules/@playwright/test/cli.js', 'test'];

function baseCommit() {
  const base = fs.existsSync('.ci/base') ? fs.readFileSync('.ci/base', 'utf8').trim() : '';
  try {
    return base && git('rev-parse', '--verify', '--quiet', `${base}^{commit}`).trim();
  } catch {
    return '';
  }
}

/** Line ranges of `file` that differ from `base` (new lines, and the place of deleted ones). */
function changedRanges(base, file) {
  const ranges = [];
  for (const [, start, count] of git('diff', '-U0', base, '--', file).matchAll(/^@@ -\S+ \+(\d+)(?:,(\d+))? @@/gm)) {
    const first = Number(start);
    const length = count === undefined ? 1 : Number(count);
    ranges.push([first, first + Math.max(length, 1) - 1]);
  }
  return ranges;
}

function listTests(files) {
  const out = spawnSync(process.execPath, [...playwright, '--list', '--reporter=json', ...files], { encoding: 'utf8', env: { ...process.env, E2E_WRITES_ALONE: '1' }, maxBuffer: 64 * 1024 * 1024 });
  const report = JSON.parse(out.stdout);
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.relative(process.cwd(), path.resolve(report.config.rootDir, spec.file));
      byFile.set(file, [...(byFile.get(file) ?? []), spec.line]);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return byFile;
}

function changedTests(base) {
  const files = git('diff', '--name-only', base, '--', 'e2e')
    .split('\n')
    .filter((file) => /^e2e\/[^/]+\.spec\.ts$/.test(file) && fs.existsSync(file));
  if (files.length === 0) return [];
  const tests = [];
  for (const [file, lines] of listTests(files)) {
    const declared = [...new Set(lines)].sort((a, b) => a - b);
    const isNew = !git('ls-tree', '--name-only', base, '--', file).trim();
    const ranges = isNew ? [[1, Infinity]] : changedRanges(base, file);
    declared.forEach((line, i) => {
      const end = (declared[i + 1] ?? Infinity) - 1;
      if (ranges.some(([from, to]) => from <= end && to >= line)) tests.push({ file, line });
    });
  }
  return tests;
}

const base = baseCommit();
fs.mkdirSync('test-results', { recursive: true });
if (!base) {
  fs.writeFileSync('test-results/changed.json', '[]');
  console.log('changed tests: no base commit in .ci/base this clone knows; nothing to repeat');
  process.exit(0);
}
const tests = changedTests(base);
fs.writeFileSync('test-results/changed.json', JSON.stringify(tests.map(place)));
if (tests.length === 0) {
  console.log(`changed tests: none since ${base.slice(0, 9)}`);
  process.exit(0);
}
console.log(`changed tests since ${base.slice(0, 9)}: ${tests.length}, each run 3 times without retries, within ${BUDGET_MS / 60_000} min`);
for (const test of tests) console.log(`  ${place(test)}`);
// --list: name them only.
if (process.argv.includes('--list')) process.exit(0);

const reportDir = 'test-results/changed';
fs.rmSync(reportDir, { recursive: true, force: true });
spawnSync(
  process.execPath,
  [...playwright, ...tests.map(place), `--only-changed=${base}`, '--repeat-each=3', '--retries=0', '--workers=1', `--global-timeout=${BUDGET_MS}`],
  // The suite's build is there already; a fresh database; the writes need no read tests first.
  { stdio: 'inherit', env: { ...process.env, E2E_SKIP_BUILD: '1', E2E_WRITES_ALONE: '1', FLAKY_REPORT_DIR: reportDir, E2E_REPORT_NAME: 'repeat', CI: '1' } },
);
const reportFile = path.join(reportDir, 'repeat.json');
if (!fs.existsSync(reportFile)) {
  console.log('changed tests: Playwright wrote no report');
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
const counts = outcomes(report);
const failed = [];
const notReached = [];
(function walk(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${spec.file}:${spec.line} [${test.projectName}] ${spec.title}`;
        const bad = (test.results ?? []).filter((result) => result.status === 'failed' || result.status === 'timedOut');
        if (bad.length) failed.push(`${name}: ${String(bad[0].error?.message ?? '').split('\n')[0]}`);
        else if (test.status === 'skipped') notReached.push(name);
      }
    }
    walk(suite.suites);
  }
})(report.suites);
const ran = counts.expected + counts.unexpected + counts.flaky;
console.log(`changed tests: ${ran} of ${ran + counts.skipped} runs done within the budget, ${failed.length} failed`);
for (const line of failed) console.log(`  FAILED ${line}`);
for (const line of notReached) console.log(`  not reached within the budget: ${line}`);
process.exit(failed.length ? 1 : 0);
