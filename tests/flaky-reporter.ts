import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';

/**
 * Writes the tests that passed only on a retry, and the tests that failed, to
 * `<FLAKY_REPORT_DIR or test-results/reports>/vitest.json`, in the shape scripts/flaky.mjs reads
 * beside Playwright's JSON reports: file, line, project and the first line of the error (the first
 * try's for a flaky test, the last try's for a failed one). Vitest prints its own summary; this
 * keeps both lists for the run's closing lines (scripts/test-all.mjs), which are what CI shows
 * when a long run's output is cut.
 */
type Entry = { file: string; line: number; project: string; title: string; error: string };

function entry(test: TestCase, error: { message?: string } | undefined): Entry {
  return {
    file: path.relative(process.cwd(), test.module.moduleId),
    line: test.location?.line ?? 0,
    project: test.project.name,
    title: test.fullName,
    error: (error?.message ?? 'no error recorded').split('\n')[0]!,
  };
}

export default class FlakyReporter implements Reporter {
  private flaky: Entry[] = [];
  private failed: Entry[] = [];

  onTestCaseResult(test: TestCase) {
    const result = test.result();
    if (result.state === 'failed') this.failed.push(entry(test, result.errors?.at(-1)));
    else if (test.diagnostic()?.flaky) this.flaky.push(entry(test, result.errors?.[0]));
  }

  /** A failure outside any test (a file that does not load, a failing hook, an unhandled error) fails the run too. */
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>) {
    const outside = (file: string, project: string, title: string, error: SerializedError) =>
      this.failed.push({
        file,
        line: 0,
        project,
        title,
        error: (error.message ?? 'no error recorded').split('\n')[0]!,
      });
    for (const testModule of modules) {
      const file = path.relative(process.cwd(), testModule.moduleId);
      for (const error of testModule.errors()) outside(file, testModule.project.name, '(the file itself)', error);
      for (const suite of testModule.children.allSuites())
        for (const error of suite.errors()) outside(file, testModule.project.name, suite.fullName, error);
    }
    for (const error of unhandled) outside('(unhandled error)', '', error.name ?? 'Error', error);
    const dir = process.env.FLAKY_REPORT_DIR ?? 'test-results/reports';
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'vitest.json'),
      JSON.stringify({ runner: 'vitest', flaky: this.flaky, failed: this.failed }, null, 2),
    );
  }
}
