import { expect, it } from 'vitest';

// Run only by scripts/test-gate.mjs, which expects exactly this outcome: one pass, one fail,
// and a non-zero exit code. Never part of the normal run (not named *.test.ts).
it('gate fixture: passes', () => {
  expect(1 + 1).toBe(2);
});

it('gate fixture: fails on purpose', () => {
  expect(1).toBe(2);
});
