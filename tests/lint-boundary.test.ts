import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Test support (tests/support/) stays out of the product: the ESLint rule that enforces it
 * (eslint.config.mjs, docs/testing.md "Test support") is in force where the product lives and
 * lets tests beside the code through.
 */
const root = path.resolve(import.meta.dirname, '..');
/** An alias import and a relative one (from `file`'s folder) of test support. */
const relativeDb = (file: string) =>
  path.posix.relative(path.posix.dirname(file), 'tests/support/db').replace(/^(?!\.)/, './');
const source = (file: string) =>
  `import { csvRows } from '@/tests/support/csv';\nimport { testDb } from '${relativeDb(file)}';\nexport const used = [csvRows, testDb];\n`;

async function boundaryErrors(file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source(file), { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => `${message.line}: ${message.message}`);
}

describe('test support stays out of the product', () => {
  it.each([
    'lib/insights/probe.ts',
    'app/admin/probe.tsx',
    'components/site/probe.tsx',
    'cache-handlers/probe.mjs',
    'proxy-probe.ts',
  ])(
    'an import of tests/ from %s fails lint',
    async (file) => {
      expect(await boundaryErrors(file)).toEqual([
        '1: Unexpected path "@/tests/support/csv" imported in restricted zone. Test support stays out of the product (docs/testing.md).',
        `2: Unexpected path "${relativeDb(file)}" imported in restricted zone. Test support stays out of the product (docs/testing.md).`,
      ]);
    },
    60_000,
  );

  it('a test beside the code may import it', async () => {
    expect(await boundaryErrors('lib/insights/probe.test.ts')).toEqual([]);
  }, 60_000);
});
