/**
 * The module rules `npm run lint` holds (scripts/check-modules.mjs runs them, and adds the one
 * dependency-cruiser cannot say: no cycle between lib/'s folders). Why each exists is in
 * docs/architecture.md, "Modules and their rules"; tests/module-rules.test.ts plants a breach of each.
 */

/** Product code: what a build bundles or a server runs (tests, e2e and scripts are not). */
const PRODUCT = '^(app|components|lib|cache-handlers)/|^[^/]+\\.tsx?$';

/** An adapter: one implementation of a port, reached only through its port's index.ts. */
const ADAPTER = '^lib/([^/]+)/(.+-adapter\\.ts|local/|supabase/)';

/** lib/'s shared infrastructure: below every feature, so it never imports one (docs/architecture.md, lib/). */
const INFRASTRUCTURE =
  '^lib/(db|database|users|auth|actions|http|cache|log|mail|storage|payments|images|rich-text|search-engines|redirects|telemetry|seed)/';

/** lib/'s features: each shows the others one surface, index.ts (server) and client.ts (safe in the browser). */
const FEATURES =
  '^lib/(account|ai|artworks|backup|bulk-manage|bulk-upload|content|diagnostics|forms|insights|log-viewer|messages|moved-pages|newsletter|retention|search|seo|shop|sitemap|stories|telemetry-intake)/';

/** Test support: doubles, fixtures and helpers for tests, never part of the product. */
const TEST_SUPPORT = '^(tests|e2e)/|\\.test\\.tsx?$|\\.fixture\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module never reaches itself through its imports: a cycle makes load order matter and every part depend on all.',
      from: { path: PRODUCT },
      to: { circular: true },
    },
    {
      name: 'no-upward-from-lib',
      severity: 'error',
      comment: 'lib/ is the domain below the UI: it never imports components/ or app/.',
      from: { path: '^lib/' },
      to: { path: '^(components|app)/' },
    },
    {
      name: 'no-upward-from-components',
      severity: 'error',
      comment: 'components/ render what routes hand them: they never import app/.',
      from: { path: '^components/' },
      to: { path: '^app/' },
    },
    {
      name: 'adapter-outside-its-port',
      severity: 'error',
      comment:
        "An adapter is chosen by its port's index.ts from the environment: code outside the port imports the port.",
      from: { path: '^lib/([^/]+)/' },
      to: { path: ADAPTER, pathNot: '^lib/$1/' },
    },
    {
      name: 'adapter-from-outside-lib',
      severity: 'error',
      comment: "Routes, components and the proxy reach an adapter through its port's index.ts.",
      from: { path: '^(app|components|cache-handlers)/|^[^/]+\\.tsx?$' },
      to: { path: ADAPTER },
    },
    {
      name: 'kernel-imports-a-folder',
      severity: 'error',
      comment: "The files at lib/'s top (env, slugs, prices, ...) are below every folder: they import none.",
      from: { path: '^lib/[^/]+\\.tsx?$' },
      to: { path: '^lib/[^/]+/' },
    },
    {
      name: 'infrastructure-imports-a-feature',
      severity: 'error',
      comment:
        'Shared infrastructure sits below the features: it never imports one (a feature hands it what it needs).',
      from: { path: INFRASTRUCTURE },
      to: { path: '^lib/[^/]+/', pathNot: INFRASTRUCTURE },
    },
    {
      name: 'feature-internals',
      severity: 'error',
      comment:
        'A feature uses another through its surface (lib/<feature>/index.ts, or client.ts for what is safe in the browser), never a module inside it.',
      from: { path: FEATURES },
      to: { path: FEATURES, pathNot: ['^lib/$1/', '^lib/[^/]+/(index|client)\\.ts$'] },
    },
    {
      name: 'composition-imported',
      severity: 'error',
      comment: 'lib/cron (the job table) and lib/startup put the features together: nothing in lib/ imports them.',
      from: { path: '^lib/', pathNot: '^lib/(cron|startup)/' },
      to: { path: '^lib/(cron|startup)/' },
    },
    {
      name: 'test-support-in-product',
      severity: 'error',
      comment: 'Doubles and fixtures stay out of what a build bundles (docs/testing.md).',
      from: { path: PRODUCT, pathNot: TEST_SUPPORT },
      to: { path: TEST_SUPPORT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.js', '.cjs'],
    },
    reporterOptions: {
      archi: { collapsePattern: '^(lib/[^/]+|components/[^/]+/[^/]+|components/[^/]+|app/[^/]+|cache-handlers)' },
    },
  },
};
