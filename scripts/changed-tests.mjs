// The tests a submission added or changed, run three times each with no retry (Next.js's own
// flake detection for new tests), within five minutes. The submission starts from the commit in
// .ci/base (the last commit that landed). A test counts as changed when its file is new or a
// changed line falls between its declaration and the next test's. Only the main suite
// (playwright.config.ts) is repeated: its server starts in seconds from the build the suite made.
//
// Five minutes rarely hold every changed test three times, so the run is planned: from the main
// stages' reports (test-results/reports/e2e*.json) each test's time is known; tests of new files
// come first, then the quickest changed ones, as many as fit three times in the plan. A file in
// serial group is one unit (its tests build on each other). What does not fit is named, not run.
// Writes the changed tests' places to test-results/changed.json (scripts/test-all.mjs fails the
// run when one of them was flaky in the main stages).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { outcomes, place, specsOf } from './flaky.mjs';

const BUDGET_MS = 5 * 60_000;
/** Planned test time: the rest of the budget is the server's start and the browser's. */
const PLAN_MS = 4 * 60_000;
/** A test the reports do not time (a new one run locally without reports). */
const UNTIMED_MS = 10_000;
const REPEATS = 3;
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const playwright = ['node_modules/@playwright/test/cli.js', 'test'];

function baseCommit() {
  const base = fs.existsSync('.ci/base') ? fs.readFileSync('.ci/base', 'utf8').trim() : '';
  try {
    return base && git('rev-parse', '--verify', '--quiet', `${base}^{commit}`).trim();
  } catch {
    return '';
  }
}

/** Line ranges of `file` that differ from `base` (new lines, and the place of deleted ones). */
function changedRanges(base, file) {
  const ranges = [];
  for (const [, start, count] of git('diff', '-U0', base, '--', file).matchAll(/^@@ -\S+ \+(\d+)(?:,(\d+))? @@/gm)) {
    const first = Number(start);
    const length = count === undefined ? 1 : Number(count);
    ranges.push([first, first + Math.max(length, 1) - 1]);
  }
  return ranges;
}

/** Each file's test lines, and its describe blocks' lines with the test lines inside each. */
function listTests(files) {
  const out = spawnSync(process.execPath, [...playwright, '--list', '--reporter=json', ...files], {
    encoding: 'utf8',
    env: { ...process.env, E2E_WRITES_ALONE: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(out.stdout);
  const byFile = new Map();
  const linesIn = (suite) => [
    ...(suite.specs ?? []).map((spec) => spec.line),
    ...(suite.suites ?? []).flatMap(linesIn),
  ];
  const walk = (suite, file, entry) => {
    for (const child of suite.suites ?? []) {
      entry.blocks.push({ line: child.line, lines: linesIn(child) });
      walk(child, file, entry);
    }
  };
  for (const suite of report.suites ?? []) {
    const file = path.relative(process.cwd(), path.resolve(report.config.rootDir, suite.file));
    const entry = byFile.get(file) ?? { lines: [], blocks: [] };
    entry.lines.push(...linesIn(suite));
    walk(suite, file, entry);
    byFile.set(file, entry);
  }
  return byFile;
}

/**
 * The test lines that run as one serial group with the test at `line`: every test of the file when
 * the file is in serial mode, those of the innermost describe that is, or just this one.
 */
function serialGroup(source, blocks, allLines, line) {
  const lines = source.split('\n');
  const serialAt = lines.flatMap((text, i) =>
    /describe\.configure\(\{\s*mode:\s*'serial'/.test(text) ? [{ line: i + 1, topLevel: !/^\s/.test(text) }] : [],
  );
  if (serialAt.some((at) => at.topLevel)) return allLines;
  for (const at of serialAt) {
    // The describe holding the configure call: the last one opened before it.
    const block = blocks.filter((b) => b.line < at.line).sort((a, b) => b.line - a.line)[0];
    if (block?.lines.includes(line)) return block.lines;
  }
  return [line];
}

/** Each test's time in the main stages, over all its projects (first try). */
function timings() {
  const times = new Map();
  for (const name of ['e2e.json', 'e2e-writes.json']) {
    const file = path.join('test-results/reports', name);
    if (!fs.existsSync(file)) continue;
    for (const { spec, file: specFile } of specsOf(JSON.parse(fs.readFileSync(file, 'utf8')))) {
      const ms = (spec.tests ?? []).reduce((sum, test) => sum + (test.results?.[0]?.duration ?? 0), 0);
      const key = `${specFile}:${spec.line}`;
      times.set(key, (times.get(key) ?? 0) + ms);
    }
  }
  return times;
}

/** The changed tests, grouped in units that run together: a test, or a serial file whole. */
function changedUnits(base) {
  const files = git('diff', '--name-only', base, '--', 'e2e')
    .split('\n')
    .filter((file) => /^e2e\/[^/]+\.spec\.ts$/.test(file) && fs.existsSync(file));
  if (files.length === 0) return [];
  const units = [];
  for (const [file, { lines, blocks }] of listTests(files)) {
    const declared = [...new Set(lines)].sort((a, b) => a - b);
    const isNew = !git('ls-tree', '--name-only', base, '--', file).trim();
    const ranges = isNew ? [[1, Infinity]] : changedRanges(base, file);
    const changed = declared.filter((line, i) =>
      ranges.some(([from, to]) => from <= (declared[i + 1] ?? Infinity) - 1 && to >= line),
    );
    const source = fs.readFileSync(file, 'utf8');
    const byGroup = new Map();
    for (const line of changed) {
      const group = [...new Set(serialGroup(source, blocks, declared, line))].sort((a, b) => a - b);
      const key = group.join(',');
      byGroup.set(key, {
        isNew,
        changed: [...(byGroup.get(key)?.changed ?? []), { file, line }],
        run: group.map((l) => ({ file, line: l })),
      });
    }
    units.push(...byGroup.values());
  }
  return units;
}

const base = baseCommit();
fs.mkdirSync('test-results', { recursive: true });
if (!base) {
  fs.writeFileSync('test-results/changed.json', '[]');
  console.log('changed tests: no base commit in .ci/base this clone knows; nothing to repeat');
  process.exit(0);
}
const units = changedUnits(base);
const changed = units.flatMap((unit) => unit.changed);
fs.writeFileSync('test-results/changed.json', JSON.stringify(changed.map(place)));
if (changed.length === 0) {
  console.log(`changed tests: none since ${base.slice(0, 9)}`);
  process.exit(0);
}

// The plan: new files first, then the quickest units, while three runs of each fit.
const times = timings();
const cost = (unit) => unit.run.reduce((sum, test) => sum + (times.get(place(test)) || UNTIMED_MS), 0) * REPEATS;
const ordered = [...units].sort((a, b) => Number(b.isNew) - Number(a.isNew) || cost(a) - cost(b));
const chosen = [];
const left = [];
let planned = 0;
for (const unit of ordered) {
  if (planned + cost(unit) <= PLAN_MS) {
    chosen.push(unit);
    planned += cost(unit);
  } else left.push(unit);
}
const runs = chosen.flatMap((unit) => unit.run);
console.log(
  `changed tests since ${base.slice(0, 9)}: ${changed.length}; ${runs.length} run ${REPEATS} times without retries (about ${Math.round(planned / 1000)} s of the main stages' time), within ${BUDGET_MS / 60_000} min`,
);
for (const test of runs) console.log(`  ${place(test)}`);
for (const test of left.flatMap((unit) => unit.changed)) console.log(`  not repeated, over the budget: ${place(test)}`);
// --list: name them only.
if (process.argv.includes('--list') || runs.length === 0) process.exit(0);

const reportDir = 'test-results/changed';
fs.rmSync(reportDir, { recursive: true, force: true });
spawnSync(
  process.execPath,
  [
    ...playwright,
    ...runs.map(place),
    `--only-changed=${base}`,
    `--repeat-each=${REPEATS}`,
    '--retries=0',
    '--workers=1',
    `--global-timeout=${BUDGET_MS}`,
  ],
  // The suite's build is there already; a fresh database; the writes need no read tests first.
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_SKIP_BUILD: '1',
      E2E_WRITES_ALONE: '1',
      FLAKY_REPORT_DIR: reportDir,
      E2E_REPORT_NAME: 'repeat',
      CI: '1',
    },
  },
);
const reportFile = path.join(reportDir, 'repeat.json');
if (!fs.existsSync(reportFile)) {
  console.log('changed tests: Playwright wrote no report');
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
const counts = outcomes(report);
const failed = [];
const notReached = [];
for (const { spec, file } of specsOf(report)) {
  for (const test of spec.tests ?? []) {
    const name = `${file}:${spec.line} [${test.projectName}] ${spec.title}`;
    const bad = (test.results ?? []).filter((result) => result.status === 'failed' || result.status === 'timedOut');
    if (bad.length) failed.push(`${name}: ${String(bad[0].error?.message ?? '').split('\n')[0]}`);
    else if (test.status === 'skipped') notReached.push(name);
  }
}
const ran = counts.expected + counts.unexpected + counts.flaky;
console.log(`changed tests: ${ran} of ${ran + counts.skipped} runs done within the budget, ${failed.length} failed`);
for (const line of failed) console.log(`  FAILED ${line}`);
for (const line of notReached) console.log(`  not reached within the budget: ${line}`);
process.exit(failed.length ? 1 : 0);
