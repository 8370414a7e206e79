import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The function length limit (eslint.config.mjs, max-lines-per-function): in force where the
 * product lives, every line counted, and not on tests or scripts. Only the planted text is
 * linted, so this stays fast.
 */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** A function of exactly `lines` lines, its signature and closing brace included. */
function planted(lines: number): string {
  // One line in three blank and one a comment: the limit counts them too.
  const body = Array.from({ length: lines - 4 }, (_, i) =>
    i % 3 === 1 ? '' : i % 3 === 2 ? `  // step ${i}` : `  total += ${i};`,
  );
  return ['export function planted(): number {', '  let total = 0;', ...body, '  return total;', '}', ''].join('\n');
}

async function lengthErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'max-lines-per-function')
    .map((message) => `${message.severity === 2 ? 'error' : 'warning'} ${message.line}: ${message.message}`);
}

describe('eslint: max-lines-per-function', () => {
  it('the planted text is as long as it says', () => {
    expect(planted(121).trimEnd().split('\n')).toHaveLength(121);
    expect(planted(120).trimEnd().split('\n')).toHaveLength(120);
  });

  it('fails a 121-line function in product code', async () => {
    expect(await lengthErrors(planted(121), 'lib/planted-long.ts')).toEqual([
      "error 1: Function 'planted' has too many lines (121). Maximum allowed is 120.",
    ]);
  }, 60_000);

  it('passes a 120-line function', async () => {
    expect(await lengthErrors(planted(120), 'lib/planted-long.ts')).toEqual([]);
  }, 60_000);

  it.each(['app/planted/page.tsx', 'components/site/planted.tsx', 'cache-handlers/planted.mjs', 'planted.ts'])(
    'holds %s too',
    async (file) => {
      expect(await lengthErrors(planted(121), file)).toHaveLength(1);
    },
    60_000,
  );

  it.each([
    'lib/planted-long.test.ts',
    'components/planted.test.tsx',
    'e2e/planted.spec.ts',
    'tests/planted.ts',
    'scripts/planted.ts',
  ])(
    'leaves %s alone',
    async (file) => {
      expect(await lengthErrors(planted(121), file)).toEqual([]);
    },
    60_000,
  );
});
