// The module rules, checked in `npm run lint`: dependency-cruiser's (.dependency-cruiser.cjs) on
// every product module, and no cycle between lib/'s folders, which dependency-cruiser's folder
// scope cannot say (it counts a parent folder as holding its children). Why each rule exists:
// docs/architecture.md, "Modules and their rules".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** What a build bundles or a server runs, from the repository's root. */
export const PRODUCT_ROOTS = ['app', 'components', 'lib', 'cache-handlers', 'proxy.ts', 'instrumentation.ts'];

/** The folder a lib module belongs to: `lib/artworks` for lib/artworks/admin/save.ts; null outside lib/'s folders. */
export function libFolder(source) {
  const match = /^lib\/([^/]+)\//.exec(source);
  return match ? `lib/${match[1]}` : null;
}

/** Every set of lib/ folders that reach each other (Tarjan's strongly connected components of two or more). */
export function folderCycles(modules) {
  const edges = new Map();
  for (const entry of modules) {
    const from = libFolder(entry.source);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of entry.dependencies) {
      const to = libFolder(dependency.resolved);
      if (to && to !== from) edges.get(from).add(to);
    }
  }
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (folder) => {
    order.set(folder, index);
    low.set(folder, index++);
    stack.push(folder);
    onStack.add(folder);
    for (const next of edges.get(folder) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder), low.get(next)));
      } else if (onStack.has(next)) low.set(folder, Math.min(low.get(folder), order.get(next)));
    }
    if (low.get(folder) !== order.get(folder)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const folder of edges.keys()) if (!order.has(folder)) visit(folder);
  return cycles;
}

/** The imports of one folder into another of the cycle: what to move to break it. */
function cycleImports(modules, cycle) {
  const members = new Set(cycle);
  const lines = [];
  for (const entry of modules) {
    const from = libFolder(entry.source);
    if (!members.has(from)) continue;
    for (const dependency of entry.dependencies) {
      const to = libFolder(dependency.resolved);
      if (to !== from && members.has(to)) lines.push(`${entry.source} → ${dependency.resolved}`);
    }
  }
  return lines;
}

/**
 * Cruises `roots` (relative to `cwd`) with the repository's rules. Resolves to the problems, one
 * line each (empty when the rules hold).
 */
export function checkModules({
  cwd = repo,
  roots = PRODUCT_ROOTS,
  config = path.join(repo, '.dependency-cruiser.cjs'),
} = {}) {
  const run = spawnSync(process.execPath, [depcruise, '--config', config, '--output-type', 'json', ...roots], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser did not run: ${run.stderr || run.error}`);
  const result = JSON.parse(run.stdout);
  const problems = result.summary.violations.map((violation) => {
    const where = violation.cycle
      ? [violation.from, ...violation.cycle.map((step) => step.name ?? step)].join(' → ')
      : `${violation.from} → ${violation.to}`;
    return `${violation.rule.name}: ${where}`;
  });
  const product = result.modules.filter((entry) => !/\.test\.tsx?$/.test(entry.source));
  for (const cycle of folderCycles(product)) {
    problems.push(
      `folder-cycle: ${cycle.join(', ')} import each other:\n    ${cycleImports(product, cycle).join('\n    ')}`,
    );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkModules();
  if (problems.length > 0) {
    console.error(
      `Module rules broken (${problems.length}); docs/architecture.md, "Modules and their rules", says why each holds:`,
    );
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
}
