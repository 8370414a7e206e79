import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every server action and route handler is a public endpoint (docs/auth.md, Auth). This
 * inventory reads the source with the TypeScript parser and requires each exported action of a
 * 'use server' file to be `adminAction(...)` and each exported HTTP handler of an app route to be
 * `adminRoute(...)`, both imported from lib/actions/, unless the pair is a named public entry
 * point below.
 */
const PUBLIC_ENTRY_POINTS: Record<string, string> = {
  'lib/account/sign-in-actions.ts#signIn': 'how a session starts; throttled per account and per address',
  'lib/account/sign-in-actions.ts#verifySecondFactor':
    'the second sign-in step; only for a sign-in whose password was right, throttled like it',
  'lib/account/sign-in-actions.ts#signOut': "ends the caller's own session, whoever the caller is",
  'lib/account/setup-actions.ts#completeFirstRunSetup':
    'the first-run setup form: only with a valid one-time token while no admin exists, throttled per address',
  'app/api/messages/route.ts#POST':
    "a visitor's message: refused while the owner has messages off, validated and size-capped, at most five per address in ten minutes, written through the server's system path only to the private messages table",
  'app/api/newsletter/confirm/route.ts#POST':
    "a confirmation link's button: same-origin form posts only; the random single-use token is the key, and it can only confirm the address it was emailed to",
  'app/api/newsletter/unsubscribe/route.ts#POST':
    'RFC 8058 one-click unsubscribe from any origin (mailbox providers post it): the random token in the address is the key, and it can only unsubscribe its own subscriber',
  'app/api/newsletter/unsubscribe/route.ts#GET':
    'redirects to the unsubscribe page: a GET never unsubscribes (mail scanners follow links)',
  'app/api/messages/token/route.ts#GET':
    'the signed time a message form was shown (the spam check); it reads and writes nothing',
  'app/api/telemetry/route.ts#POST':
    "browser telemetry: validated, size-capped and rate-limited; it can only add logs_app rows through the server's system path",
  'app/media/[...path]/route.ts#GET': 'serves public images from local storage (never the private originals)',
  'app/admin/seo-retrofit/route.ts#GET': 'a 308 redirect to /admin/tools/seo-retrofit, a gated admin page',
  'app/admin/sitemap-manager/route.ts#GET': 'a 308 redirect to /admin/tools/sitemap, a gated admin page',
  'app/sitemap.xml/route.ts#GET':
    'the public sitemap (robots.txt names it): public URLs only, from a cached visitor read',
  'app/(site)/blog/rss.xml/route.ts#GET': 'the public feed of published stories, from a cached visitor read',
  'app/sitemap/[part]/route.ts#GET': 'a part of the public sitemap when it is split past 50,000 URLs',
  'app/api/indexnow-key/[file]/route.ts#GET':
    'the IndexNow key file, public by design (search engines fetch it to verify the host)',
  'app/api/supabase/route.ts#GET': 'whether proxy mode is on and the public project URL, for /__debug',
  'app/api/supabase/[...path]/route.ts#DELETE':
    'the Supabase proxy (Supabase mode): forwards to the configured project only and adds no credentials, so a caller gets only what its own anon key or token allows',
  'app/api/supabase/[...path]/route.ts#GET':
    'the Supabase proxy (Supabase mode): forwards to the configured project only and adds no credentials, so a caller gets only what its own anon key or token allows',
  'app/api/supabase/[...path]/route.ts#HEAD':
    'the Supabase proxy (Supabase mode): forwards to the configured project only and adds no credentials, so a caller gets only what its own anon key or token allows',
  'app/api/supabase/[...path]/route.ts#OPTIONS':
    'the Supabase proxy (Supabase mode): forwards to the configured project only and adds no credentials, so a caller gets only what its own anon key or token allows',
  'app/api/supabase/[...path]/route.ts#PATCH':
    'the Supabase proxy (Supabase mode): forwards to the configured project only and adds no credentials, so a caller gets only what its own anon key or token allows',
  'app/api/supabase/[...path]/route.ts#POST':
    'the Supabase proxy (Supabase mode): forwards to the configured project only and adds no credentials, so a caller gets only what its own anon key or token allows',
  'app/api/supabase/[...path]/route.ts#PUT':
    'the Supabase proxy (Supabase mode): forwards to the configured project only and adds no credentials, so a caller gets only what its own anon key or token allows',
  'app/debug/health-check/route.ts#GET': 'for uptime monitors: check results only, at most one real run a second',
  'app/api/cron/[job]/route.ts#GET':
    'scheduled jobs for Vercel Cron: refused (401) without the bearer CRON_SECRET, 503 while it is unset (lib/cron/jobs.ts)',
  'app/(site)/gallery/[collection]/[slug]/opengraph-image/route.ts#GET':
    "an artwork's public share image, drawn from its public display image (cached per artwork)",
  'app/api/stripe/webhook/route.ts#POST':
    "Stripe's events for the shop: 404 while payments are not configured; refused (400) unless Stripe-Signature verifies over the raw body with STRIPE_WEBHOOK_SECRET within five minutes; size-capped; each event applied once by its id",
  'lib/shop/basket-actions.ts#addToBasket':
    "a visitor's basket: an item's id (and a quantity from 1 to 10) into the signed basket cookie; refused while the shop is closed, and for what is no longer for sale (checked against the database); it writes nothing else",
  'lib/shop/basket-actions.ts#changeBasket':
    "a visitor's basket: a line's quantity (0 removes it) in the signed basket cookie; it writes nothing else",
  'lib/shop/basket-actions.ts#applyDiscount':
    "a visitor's basket: a subscriber's discount code, checked against the subscribers (at most 10 wrong codes an hour per address block), into the signed discount cookie; it writes nothing else but the wrong try",
  'lib/shop/basket-actions.ts#removeDiscount': "a visitor's basket: drops the discount cookie; it writes nothing else",
  'lib/shop/basket-actions.ts#checkout':
    "opens a Stripe Checkout for the visitor's own signed basket at the database's prices, holding what it buys until the checkout closes (lib/shop/checkout.ts); refused while the shop is closed",
  'app/api/shop/return/route.ts#GET':
    "the buyer's way back from Stripe: only asks Stripe about the checkout or order named, settles it as the verified webhook would (paid) or closes a pending one and gives back what it held; unknown ids change nothing",
  'app/debug/probe/[check]/route.ts#GET':
    "/__debug's embedded-mode checks: what a visitor may read, at most one real run a second",
};

const ROOT = process.cwd();
const SCANNED = ['app', 'lib', 'components'];
const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const ROUTE = /^route\.(ts|tsx|js|jsx|mjs)$/;
const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const WRAPPERS = {
  action: { name: 'adminAction', module: 'lib/actions/admin-action' },
  route: { name: 'adminRoute', module: 'lib/actions/admin-route' },
} as const;

type Kind = keyof typeof WRAPPERS;
type Entry = { id: string; guarded: boolean; why: string };

function sourceFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'));
}

function parse(file: string, text: string): ts.SourceFile {
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts') || file.endsWith('.mts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** The directive prologue of a file or function body: its leading string-literal statements. */
function directives(statements: ts.NodeArray<ts.Statement>): string[] {
  const found: string[] = [];
  for (const statement of statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) break;
    found.push(statement.expression.text);
  }
  return found;
}

/** Functions that declare themselves server actions with a 'use server' of their own. */
function inlineServerActions(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const isFunction =
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node);
    if (isFunction && node.body && ts.isBlock(node.body) && directives(node.body.statements).includes('use server')) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${source.fileName}:${line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

/** Where an import specifier points, relative to the repository root, without extension. */
function resolveModule(file: string, specifier: string): string {
  const target = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? path.posix.join(path.posix.dirname(file), specifier)
      : specifier;
  return target.replace(/\.(ts|tsx|js|mjs)$/, '');
}

/** Local name → module it is imported from (named imports only). */
function importsOf(source: ts.SourceFile): Map<string, { module: string; imported: string }> {
  const imports = new Map<string, { module: string; imported: string }>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      imports.set(element.name.text, {
        module: resolveModule(source.fileName, statement.moduleSpecifier.text),
        imported: (element.propertyName ?? element.name).text,
      });
    }
  }
  return imports;
}

function unwrap(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isNonNullExpression(e)
  )
    e = e.expression;
  return e;
}

/**
 * The exported values of a file, each with whether it is the right wrapper's call. Anything the
 * parser cannot follow (re-exports, `export *`, default exports, destructuring) counts as
 * unguarded: the inventory must be able to see the guard.
 */
function exportedEntries(file: string, text: string, kind: Kind): Entry[] {
  const source = parse(file, text);
  const wrapper = WRAPPERS[kind];
  const imports = importsOf(source);
  const locals = new Map<string, ts.VariableDeclaration | ts.FunctionDeclaration | ts.ClassDeclaration>();
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) locals.set(d.name.text, d);
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      locals.set(statement.name.text, statement);
  }
  const judge = (declaration: ts.Node | undefined): { guarded: boolean; why: string } => {
    if (!declaration) return { guarded: false, why: 'imported or not found in this file' };
    if (!ts.isVariableDeclaration(declaration))
      return {
        guarded: false,
        why: `a plain ${ts.isClassDeclaration(declaration) ? 'class' : 'function'}, not ${wrapper.name}(...)`,
      };
    const init = declaration.initializer && unwrap(declaration.initializer);
    if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression))
      return { guarded: false, why: `not defined as ${wrapper.name}(...)` };
    const origin = imports.get(init.expression.text);
    if (origin?.imported === wrapper.name && origin.module === wrapper.module)
      return { guarded: true, why: `${wrapper.name}(...)` };
    return { guarded: false, why: `calls ${init.expression.text}(...), not ${wrapper.name} from ${wrapper.module}` };
  };

  const entries: Entry[] = [];
  const add = (name: string, verdict: { guarded: boolean; why: string }) =>
    entries.push({ id: `${file}#${name}`, ...verdict });
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) add(d.name.text, judge(d));
        else add(d.name.getText(source), { guarded: false, why: 'a destructuring export the inventory cannot follow' });
      }
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      hasModifier(statement, ts.SyntaxKind.ExportKeyword)
    ) {
      add(
        hasModifier(statement, ts.SyntaxKind.DefaultKeyword) ? 'default' : (statement.name?.text ?? 'default'),
        judge(statement),
      );
    } else if (ts.isExportAssignment(statement)) {
      add('default', { guarded: false, why: 'a default export the inventory cannot follow' });
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
        add('*', { guarded: false, why: `re-exports everything from ${from}` });
        continue;
      }
      for (const element of statement.exportClause.elements) {
        if (element.isTypeOnly) continue;
        const local = (element.propertyName ?? element.name).text;
        add(element.name.text, from ? { guarded: false, why: `re-exported from ${from}` } : judge(locals.get(local)));
      }
    }
  }
  // A route file's other exports (dynamic, revalidate, generateStaticParams…) are not handlers.
  return kind === 'route'
    ? entries.filter((entry) => HTTP_METHODS.has(entry.id.split('#')[1]!) || entry.id.endsWith('#*'))
    : entries;
}

function inventory() {
  const entries: Entry[] = [];
  const inline: string[] = [];
  for (const file of SCANNED.flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    if (!text.includes('use server') && !(file.startsWith('app/') && ROUTE.test(path.posix.basename(file)))) continue;
    const source = parse(file, text);
    const isActions = directives(source.statements).includes('use server');
    if (isActions) entries.push(...exportedEntries(file, text, 'action'));
    else inline.push(...inlineServerActions(source));
    if (file.startsWith('app/') && ROUTE.test(path.posix.basename(file)))
      entries.push(...exportedEntries(file, text, 'route'));
  }
  return { entries, inline };
}

describe('guard inventory: every server action and route handler requires an admin unless declared public', () => {
  const { entries, inline } = inventory();

  it('sees the artwork actions and the upload route, guarded (the scan is not blind)', () => {
    const guarded = entries.filter((entry) => entry.guarded).map((entry) => entry.id);
    expect(guarded).toEqual(
      expect.arrayContaining([
        'lib/artworks/admin/actions.ts#saveArtwork',
        'lib/artworks/admin/actions.ts#deleteArtwork',
        'app/api/upload-artwork-image/route.ts#POST',
      ]),
    );
  });

  it('wraps every exported action in adminAction(...) and every route handler in adminRoute(...), or names it a public entry point', () => {
    const unguarded = entries
      .filter((entry) => !entry.guarded && !(entry.id in PUBLIC_ENTRY_POINTS))
      .map((entry) => `${entry.id}: ${entry.why}`);
    expect(unguarded).toEqual([]);
  });

  it("defines no server action inline with a function-level 'use server' (the inventory could not see its guard)", () => {
    expect(inline).toEqual([]);
  });

  it('keeps the public list short and true: each entry exists and is really unguarded', () => {
    const stale = Object.keys(PUBLIC_ENTRY_POINTS).filter(
      (id) => !entries.some((entry) => entry.id === id && !entry.guarded),
    );
    expect(stale).toEqual([]);
    for (const reason of Object.values(PUBLIC_ENTRY_POINTS)) expect(reason.length).toBeGreaterThan(10);
  });
});

/**
 * 'use cache' functions are callable references too: each one that takes
 * arguments must bound them before any work, and says here how. What the bounds do is tested
 * with hostile arguments in lib/cache/cached-arguments.test.ts and
 * lib/artworks/public.property.test.ts.
 */
const CACHED_WITH_ARGUMENTS: Record<string, string> = {
  'lib/artworks/public.ts#getGalleryPage':
    'category and page parsed by its own zod schema; anything else answers an empty page without a query',
  'lib/shop/public.ts#artworkOffer': 'anything but a uuid answers null without a query',
  'lib/artworks/public.ts#getPublicArtwork':
    'a slug that is not plausible (lib/artworks/slug-guard.ts) answers null without a query or a tag of its own',
  'lib/stories/public.ts#getPublicStory':
    'a slug that is not plausible (lib/stories/paths.ts isPlausibleStorySlug) answers null without a query or a tag of its own',
  'lib/newsletter/public.ts#getPublicLetter':
    'a slug that is not plausible (lib/newsletter/public.ts isPlausibleLetterSlug) answers null without a query',
  'lib/artworks/public.ts#searchPublicArtworks':
    'a query over SEARCH_MAX_LENGTH or with control characters answers [] without a query',
  'lib/artworks/og-image.ts#artworkOgImage':
    'a slug that is not plausible answers an empty image: nothing read, drawn or tagged',
  'lib/moved-pages/resolve.ts#resolveRedirect':
    'anything but /gallery/{plausible}/{plausible} answers null without a query',
};

/** Every function in the scanned folders whose body opens with 'use cache', with its parameter count. */
function cachedFunctions(): { id: string; parameters: number }[] {
  const found: { id: string; parameters: number }[] = [];
  for (const file of SCANNED.flatMap(sourceFiles)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    if (!text.includes('use cache')) continue;
    const source = parse(file, text);
    const visit = (node: ts.Node) => {
      const isFunction =
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node);
      if (
        isFunction &&
        node.body &&
        ts.isBlock(node.body) &&
        directives(node.body.statements).some((d) => d.startsWith('use cache'))
      ) {
        const name =
          ts.isFunctionDeclaration(node) && node.name
            ? node.name.text
            : `line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
        found.push({ id: `${file}#${name}`, parameters: node.parameters.length });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("guard inventory: every 'use cache' function that takes arguments bounds them", () => {
  const cached = cachedFunctions();

  it('sees the cached reads (the scan is not blind)', () => {
    expect(cached.map((entry) => entry.id)).toEqual(
      expect.arrayContaining(['lib/artworks/public.ts#getPublicArtwork', 'lib/moved-pages/resolve.ts#resolveRedirect']),
    );
  });

  it('names how each one with arguments bounds them, and the list holds only such functions', () => {
    const withArguments = cached.filter((entry) => entry.parameters > 0).map((entry) => entry.id);
    expect(withArguments.filter((id) => !(id in CACHED_WITH_ARGUMENTS))).toEqual([]);
    expect(Object.keys(CACHED_WITH_ARGUMENTS).filter((id) => !withArguments.includes(id))).toEqual([]);
  });
});

describe('the inventory parser', () => {
  const actions = (text: string) => exportedEntries('lib/x/actions.ts', `'use server';\n${text}`, 'action');
  const routes = (text: string) => exportedEntries('app/api/x/route.ts', text, 'route');

  it('accepts adminAction and adminRoute only when imported from lib/actions/', () => {
    expect(
      actions(`import { adminAction } from '@/lib/actions/admin-action';\nexport const a = adminAction(schema, fn);`),
    ).toEqual([{ id: 'lib/x/actions.ts#a', guarded: true, why: 'adminAction(...)' }]);
    expect(
      actions(`import { adminAction } from '../actions/admin-action';\nexport const a = adminAction(schema, fn);`)[0]
        ?.guarded,
    ).toBe(true);
    expect(actions(`const adminAction = (s, f) => f;\nexport const a = adminAction(schema, fn);`)[0]?.guarded).toBe(
      false,
    );
    expect(
      actions(
        `import { adminRoute as adminAction } from '@/lib/actions/admin-route';\nexport const a = adminAction(fn);`,
      )[0]?.guarded,
    ).toBe(false);
    expect(
      routes(
        `import { adminRoute } from '@/lib/actions/admin-route';\nexport const POST = adminRoute(fn);\nexport const dynamic = 'force-dynamic';`,
      ),
    ).toEqual([{ id: 'app/api/x/route.ts#POST', guarded: true, why: 'adminRoute(...)' }]);
  });

  it('counts plain functions, local aliases, re-exports and defaults as unguarded', () => {
    const found = actions(
      [
        `import { adminAction } from '@/lib/actions/admin-action';`,
        `export async function plain() {}`,
        `const wrapped = adminAction(schema, fn);`,
        `const bare = async () => {};`,
        `export { wrapped, bare as renamed };`,
        `export { other } from './other';`,
        `export * from './more';`,
        `export default async function () {}`,
        `export type Hidden = string;`,
      ].join('\n'),
    );
    expect(found.map((entry) => [entry.id.split('#')[1], entry.guarded])).toEqual([
      ['plain', false],
      ['wrapped', true],
      ['renamed', false],
      ['other', false],
      ['*', false],
      ['default', false],
    ]);
  });

  it('finds a function-level use server, and reads a file-level one only from the prologue', () => {
    const source = parse(
      'components/x.tsx',
      `export function Form() {\n  async function act() {\n    'use server';\n  }\n  return null;\n}`,
    );
    expect(inlineServerActions(source)).toEqual(['components/x.tsx:2']);
    expect(
      directives(
        parse('lib/y.ts', `/** 'use server' in a comment */\nimport 'server-only';\n'use server';`).statements,
      ),
    ).toEqual([]);
  });
});
