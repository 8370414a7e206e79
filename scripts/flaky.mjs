// Reads the reports a test run leaves in one folder (test-results/reports by default): Playwright's
// JSON reports (playwright.ci.ts) and vitest's list of flaky tests (tests/flaky-reporter.ts), and
// names every test that failed its first try and passed its retry.
import fs from 'node:fs';
import path from 'node:path';

/** A test's place, as the flaky list and the changed-tests list both name it. */
export const place = (test) => `${test.file}:${test.line}`;

function firstLine(text) {
  return (
    String(text ?? '')
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim()) ?? ''
  );
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
      const first = test.results?.find((result) => result.retry === 0);
      flaky.push({
        file,
        line: spec.line,
        project: test.projectName,
        title: spec.title,
        error: firstLine(first?.error?.message ?? first?.errors?.[0]?.message),
      });
    }
  }
  return flaky;
}

/** Every flaky test the reports in `dir` name, each with the report it came from. */
export function readFlaky(dir = 'test-results/reports') {
  if (!fs.existsSync(dir)) return [];
  const flaky = [];
  for (const name of fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    const stage = name.replace(/\.json$/, '');
    if (report.runner === 'vitest') flaky.push(...report.flaky.map((test) => ({ ...test, stage })));
    else if (report.suites) flaky.push(...playwrightFlaky(report).map((test) => ({ ...test, stage })));
  }
  return flaky;
}

/** Counts of a Playwright JSON report's tests by outcome (expected, unexpected, flaky, skipped). */
export function outcomes(report) {
  const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  for (const { spec } of specsOf(report))
    for (const test of spec.tests ?? []) counts[test.status] = (counts[test.status] ?? 0) + 1;
  return counts;
}
