import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Writes the tests that passed only on a retry to `<FLAKY_REPORT_DIR or test-results/reports>/
 * vitest.json`, in the shape scripts/flaky.mjs reads beside Playwright's JSON reports: file, line,
 * project and the first try's error. Vitest prints its own summary; this keeps the list for the
 * run's table (scripts/test-all.mjs).
 */
type Flaky = { file: string; line: number; project: string; title: string; error: string };

export default class FlakyReporter implements Reporter {
  private flaky: Flaky[] = [];

  onTestCaseResult(test: TestCase) {
    if (!test.diagnostic()?.flaky) return;
    const error = test.result().errors?.[0];
    this.flaky.push({
      file: path.relative(process.cwd(), test.module.moduleId),
      line: test.location?.line ?? 0,
      project: test.project.name,
      title: test.fullName,
      error: (error?.message ?? 'no error recorded').split('\n')[0]!,
    });
  }

  onTestRunEnd() {
    const dir = process.env.FLAKY_REPORT_DIR ?? 'test-results/reports';
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'vitest.json'), JSON.stringify({ runner: 'vitest', flaky: this.flaky }, null, 2));
  }
}
