import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { suiteServer } from './own-server';

/**
 * The suite runs on the build users run (scripts/e2e-server.mjs: `next build` with no test
 * variable): its faults come from outside the build (e2e/faults.ts). Proof, on this very build:
 * no module of the test tree or the specs went into it, and none of the words of a fault switch
 * is in the code it runs.
 */
const distDir = path.resolve(__dirname, '..', suiteServer.distDir);

/**
 * Words only a fault switch or test seam would put into the code: the switches of old, and the
 * step names the admin's writes once called a fault hook with (their fault tests now stop them
 * through the ports they hand in: tests/support/port-points.ts).
 */
const FAULT_WORDS = [
  'Injected fault',
  'injectedFault',
  'heldByFault',
  'E2E_FAULTS',
  'E2E_SEAMS',
  'lib/seams',
  'database-faults',
  'save:before-write',
  'delete:before-commit',
  'bulk-delete:after-delete',
  'port-points',
];

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'cache' || entry.name === 'dev' ? [] : filesOf(full);
    return [full];
  });
}

test('the build holds no test module and no fault switch', () => {
  const files = filesOf(distDir);
  const code = files.filter((file) => /\.(js|mjs|cjs|json|html|rsc|body)$/.test(file));
  const maps = files.filter((file) => file.endsWith('.js.map'));
  expect(code.length).toBeGreaterThan(100);
  expect(maps.length).toBeGreaterThan(100);

  // The modules each chunk was made from, as its source map lists them.
  const testModules = new Set<string>();
  for (const map of maps) {
    const { sources = [], sections = [] } = JSON.parse(fs.readFileSync(map, 'utf8')) as {
      sources?: string[];
      sections?: { map: { sources: string[] } }[];
    };
    for (const source of [...sources, ...sections.flatMap((section) => section.map.sources)]) {
      if (/(^|\/)(tests|e2e)\//.test(source.replace(/^.*\[project\]\//, ''))) testModules.add(source);
    }
  }
  expect([...testModules]).toEqual([]);

  const found: string[] = [];
  for (const file of code) {
    const text = fs.readFileSync(file, 'utf8');
    for (const word of FAULT_WORDS) if (text.includes(word)) found.push(`${path.relative(distDir, file)}: ${word}`);
  }
  expect(found).toEqual([]);
});
