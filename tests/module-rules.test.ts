import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkModules } from '../scripts/check-modules.mjs';

/**
 * The module rules (.dependency-cruiser.cjs and scripts/check-modules.mjs, run by `npm run lint`):
 * each fails on a breach planted in a small tree of its own, laid out like the repository, and a
 * tree that keeps them passes.
 */
const trees: string[] = [];
afterAll(() => trees.forEach((tree) => fs.rmSync(tree, { recursive: true, force: true })));

/** Writes `files` (path → source) into a fresh tree with the repository's `@/` alias, and checks it. */
function check(files: Record<string, string>): string[] {
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'module-rules-'));
  trees.push(tree);
  const tsconfig = { compilerOptions: { baseUrl: '.', paths: { '@/*': ['./*'] }, jsx: 'preserve', strict: true } };
  fs.writeFileSync(path.join(tree, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), source);
  }
  const roots = ['app', 'components', 'lib'].filter((root) => fs.existsSync(path.join(tree, root)));
  return checkModules({ cwd: tree, roots });
}

/** A tree that keeps every rule: a feature over a port, the port choosing its adapter, a route and a component. */
const lawful = {
  'lib/mail/port.ts': 'export type Mailer = { send(text: string): Promise<void> };\n',
  'lib/mail/smtp-adapter.ts':
    "import type { Mailer } from './port';\nexport const smtp = (): Mailer => ({ send: async () => {} });\n",
  'lib/mail/index.ts': "import { smtp } from './smtp-adapter';\nexport const mailer = () => smtp();\n",
  'lib/shop/orders.ts': "import { mailer } from '@/lib/mail';\nexport const ship = () => mailer().send('shipped');\n",
  'components/shop/ship-button.tsx':
    "import { ship } from '@/lib/shop/orders';\nexport const ShipButton = () => ship;\n",
  'app/orders/page.tsx': "import { ShipButton } from '@/components/shop/ship-button';\nexport default ShipButton;\n",
  'lib/shop/orders.test.ts': "import { double } from '@/tests/support/double';\nexport const t = double;\n",
  'tests/support/double.ts': 'export const double = 1;\n',
};

describe('module rules', () => {
  it('pass a tree that keeps them (a test may use test support)', () => {
    expect(check(lawful)).toEqual([]);
  }, 60_000);

  it('fail an import cycle between two modules', () => {
    const problems = check({
      ...lawful,
      'lib/shop/basket.ts': "import { total } from './prices';\nexport const basket = () => total;\n",
      'lib/shop/prices.ts':
        "import { basket } from './basket';\nexport const total = 1;\nexport const again = basket;\n",
    });
    expect(problems).toEqual(['no-circular: lib/shop/basket.ts → lib/shop/prices.ts → lib/shop/basket.ts']);
  }, 60_000);

  it('fail two lib folders that import each other, through their surfaces', () => {
    const problems = check({
      ...lawful,
      'lib/artworks/index.ts': "export { artworkCard } from './cards';\n",
      'lib/artworks/cards.ts': 'export const artworkCard = 1;\n',
      'lib/artworks/search.ts': "import { story } from '@/lib/stories';\nexport const search = story;\n",
      'lib/stories/index.ts': "export { story } from './public';\n",
      'lib/stories/public.ts': "import { artworkCard } from '@/lib/artworks';\nexport const story = artworkCard;\n",
    });
    expect(problems).toEqual([
      'folder-cycle: lib/artworks, lib/stories import each other:\n' +
        '    lib/artworks/search.ts → lib/stories/index.ts\n' +
        '    lib/stories/public.ts → lib/artworks/index.ts',
    ]);
  }, 60_000);

  it('fail an upward import: lib into components, components into app', () => {
    const problems = check({
      ...lawful,
      'lib/shop/labels.ts':
        "import type { ShipButton } from '@/components/shop/ship-button';\nexport type B = typeof ShipButton;\n",
      'components/shop/menu.tsx': "import Page from '@/app/orders/page';\nexport const Menu = Page;\n",
    });
    expect(problems).toEqual([
      'no-upward-from-components: components/shop/menu.tsx → app/orders/page.tsx',
      'no-upward-from-lib: lib/shop/labels.ts → components/shop/ship-button.tsx',
    ]);
  }, 60_000);

  it('fail an adapter imported around its port, from lib or from a route', () => {
    const problems = check({
      ...lawful,
      'lib/shop/receipts.ts': "import { smtp } from '@/lib/mail/smtp-adapter';\nexport const receipt = smtp;\n",
      'app/api/mail/route.ts': "import { smtp } from '@/lib/mail/smtp-adapter';\nexport const GET = smtp;\n",
    });
    expect(problems).toEqual([
      'adapter-from-outside-lib: app/api/mail/route.ts → lib/mail/smtp-adapter.ts',
      'adapter-outside-its-port: lib/shop/receipts.ts → lib/mail/smtp-adapter.ts',
    ]);
  }, 60_000);

  it('fail shared infrastructure that imports a feature, and the kernel that imports a folder', () => {
    const problems = check({
      ...lawful,
      'lib/stories/titles.ts': "export const title = 'Tide';\n",
      'lib/mail/receipt.ts': "import { title } from '@/lib/stories/titles';\nexport const receipt = title;\n",
      'lib/env.ts': "import { mailer } from '@/lib/mail';\nexport const env = mailer;\n",
    });
    expect(problems).toEqual([
      'infrastructure-imports-a-feature: lib/mail/receipt.ts → lib/stories/titles.ts',
      'kernel-imports-a-folder: lib/env.ts → lib/mail/index.ts',
    ]);
  }, 60_000);

  it('fail a feature that imports what puts the features together', () => {
    const problems = check({
      ...lawful,
      'lib/cron/schedule.ts': 'export const everyMinute = 60_000;\n',
      'lib/shop/next-run.ts': "import { everyMinute } from '@/lib/cron/schedule';\nexport const next = everyMinute;\n",
    });
    expect(problems).toEqual(['composition-imported: lib/shop/next-run.ts → lib/cron/schedule.ts']);
  }, 60_000);

  it("fail a feature that imports another's module instead of its surface", () => {
    const problems = check({
      ...lawful,
      'lib/shop/index.ts': "export { ship } from './orders';\n",
      'lib/shop/client.ts': "export { SHIPPING } from './shipping';\n",
      'lib/shop/shipping.ts': 'export const SHIPPING = 5;\n',
      'lib/messages/orders-note.ts':
        "import { ship } from '@/lib/shop';\nimport { SHIPPING } from '@/lib/shop/client';\nexport const note = [ship, SHIPPING];\n",
      'lib/messages/shipping-note.ts':
        "import { SHIPPING } from '@/lib/shop/shipping';\nexport const note = SHIPPING;\n",
    });
    expect(problems).toEqual(['feature-internals: lib/messages/shipping-note.ts → lib/shop/shipping.ts']);
  }, 60_000);

  it('fail product code that imports test support', () => {
    const problems = check({
      ...lawful,
      'lib/shop/fake-payments.ts': "import { double } from '@/tests/support/double';\nexport const fake = double;\n",
    });
    expect(problems).toEqual(['test-support-in-product: lib/shop/fake-payments.ts → tests/support/double.ts']);
  }, 60_000);
});
