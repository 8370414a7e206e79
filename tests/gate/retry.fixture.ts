import { expect, it } from 'vitest';

// Run only by scripts/test-gate.mjs, with CI set and the retry of vitest.config.mts's
// integration files, one test at a time: the first must fail the run in spite of the retry, the
// second must leave it green and be named flaky.
it('gate retry fixture: fails every try', () => {
  expect(1).toBe(2);
});

let tries = 0;
it('gate retry fixture: fails only its first try', () => {
  tries += 1;
  expect(tries).toBe(2);
});
