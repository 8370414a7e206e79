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

/** The flaky tests of one Playwright JSON report. */
export function playwrightFlaky(report) {
  const flaky = [];
  for (const { spec, file } of specsOf(report)) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'flaky') continue;
      // The first try that failed (in a serial file's retry, the first try may have passed).
      const first = test.results?.find((result) => result.status !== 'passed' && result.status !== 'skipped');
      flaky.push({
        file,
        line: spec.line,
        project: test.projectName,
        title: spec.title,
        error: brief(first?.error?.message ?? first?.errors?.[0]?.message),
      });
    }
  }
  return flaky;
}

/** The failed tests of one Playwright JSON report, each with its last try's error. */
export function playwrightFailed(report) {
  const failed = [];
  for (const { spec, file } of specsOf(report)) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      // The last try that failed (a serial file's retry skips the tests after a failure).
      const last = test.results?.findLast((result) => result.status !== 'passed' && result.status !== 'skipped');
      failed.push({
        file,
        line: spec.line,
        project: test.projectName,
        title: spec.title,
        error: brief(last?.error?.message ?? last?.errors?.[0]?.message),
      });
    }
  }
  // A failure outside any test (global setup, a file that does not load).
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

/** Every flaky test the reports in `dir` name, each with the report it came from. */
export function readFlaky(dir = 'test-results/reports') {
  const flaky = [];
  for (const { stage, report } of reports(dir)) {
    if (report.runner === 'vitest') flaky.push(...report.flaky.map((test) => ({ ...test, stage })));
    else if (report.suites) flaky.push(...playwrightFlaky(report).map((test) => ({ ...test, stage })));
  }
  return flaky;
}

/** Every failed test the reports in `dir` name, each with the report it came from. */
export function readFailed(dir = 'test-results/reports') {
  const failed = [];
  for (const { stage, report } of reports(dir)) {
    if (report.runner === 'vitest') failed.push(...(report.failed ?? []).map((test) => ({ ...test, stage })));
    else if (report.suites) failed.push(...playwrightFailed(report).map((test) => ({ ...test, stage })));
  }
  return failed;
}

/** Counts of a Playwright JSON report's tests by outcome (expected, unexpected, flaky, skipped). */
export function outcomes(report) {
  const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  for (const { spec } of specsOf(report))
    for (const test of spec.tests ?? []) counts[test.status] = (counts[test.status] ?? 0) + 1;
  return counts;
}
