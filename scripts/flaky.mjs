// Reads the reports a test run leaves in one folder (test-results/reports by default): Playwright's
// JSON reports (playwright.ci.ts) and vitest's lists of flaky and failed tests
// (tests/flaky-reporter.ts), and names every test that failed its first try and passed its retry,
// and every test that failed.
import fs from 'node:fs';
import path from 'node:path';

/** A test's place, as the flaky list and the changed-tests list both name it. */
export const place = (test) => `${test.file}:${test.line}`;

/** An error's first lines, on one line: an assertion's name, then what was expected and received. */
function brief(text) {
  return String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 8)
    .join(' | ');
}

/** Every spec of a Playwright JSON report (or --list output), each with its file relative to the working directory. */
export function* specsOf(report) {
  const rootDir = report.config?.rootDir ?? process.cwd();
  function* walk(suite) {
    for (const spec of suite.specs ?? [])
      yield { spec, file: path.relative(process.cwd(), path.resolve(rootDir, spec.file)) };
    for (const child of suite.suites ?? []) yield* walk(child);
  }
  for (const suite of report.suites ?? []) yield* walk(suite);
}

/**
 * The tests of one Playwright JSON report with one outcome, each with the error of one try that
 * failed: for a flaky test the first (in a serial file's retry the first try may have passed), for
 * a failed one the last (a serial file's retry skips the tests after a failure).
 */
function playwrightTests(report, status) {
  const tests = [];
  for (const { spec, file } of specsOf(report)) {
    for (const test of spec.tests ?? []) {
      if (test.status !== status) continue;
      const failedTries = (test.results ?? []).filter(
        (result) => result.status !== 'passed' && result.status !== 'skipped',
      );
      const shown = status === 'flaky' ? failedTries[0] : failedTries.at(-1);
      tests.push({
        file,
        line: spec.line,
        project: test.projectName,
        title: spec.title,
        error: brief(shown?.error?.message ?? shown?.errors?.[0]?.message),
      });
    }
  }
  return tests;
}

/** The flaky tests of one Playwright JSON report. */
export const playwrightFlaky = (report) => playwrightTests(report, 'flaky');

/** The failed tests of one Playwright JSON report, and the failures outside any test (global setup, a file that does not load). */
export function playwrightFailed(report) {
  const failed = playwrightTests(report, 'unexpected');
  for (const error of report.errors ?? [])
    failed.push({ file: '(outside any test)', line: 0, project: '', title: '', error: brief(error.message) });
  return failed;
}

/** The reports in `dir`, each with its stage (the file's name). */
function reports(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((name) => ({
      stage: name.replace(/\.json$/, ''),
      report: JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')),
    }));
}

/** The tests of one kind (`flaky` or `failed`) the reports in `dir` name, each with the report it came from. */
function readTests(dir, kind) {
  const tests = [];
  for (const { stage, report } of reports(dir)) {
    const found =
      report.runner === 'vitest'
        ? (report[kind] ?? [])
        : report.suites
          ? (kind === 'flaky' ? playwrightFlaky : playwrightFailed)(report)
          : [];
    tests.push(...found.map((test) => ({ ...test, stage })));
  }
  return tests;
}

/** Every flaky test the reports in `dir` name, each with the report it came from. */
export const readFlaky = (dir = 'test-results/reports') => readTests(dir, 'flaky');

/** Every failed test the reports in `dir` name, each with the report it came from. */
export const readFailed = (dir = 'test-results/reports') => readTests(dir, 'failed');

/** Counts of a Playwright JSON report's tests by outcome (expected, unexpected, flaky, skipped). */
export function outcomes(report) {
  const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  for (const { spec } of specsOf(report))
    for (const test of spec.tests ?? []) counts[test.status] = (counts[test.status] ?? 0) + 1;
  return counts;
}
