// npm test: every stage of the project's tests, each run even when one before it failed, then a
// table of stage, exit code and seconds, the flaky tests of the run (scripts/flaky.mjs) and a
// check that no test rewrote a tracked file. Exits non-zero when a stage failed, when more than
// 3 tests were flaky, or when a test this submission added or changed was flaky (the `changed`
// stage, scripts/changed-tests.mjs, lists them). One run shows every failure, and its last lines
// name the failed tests (CI may show only the end of a long run's output). Before any stage,
// scripts/preflight.mjs checks the machine has what the chosen stages need.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { place, readFailed, readFlaky } from './flaky.mjs';
import { exitOnLacks } from './preflight.mjs';

const MAX_FLAKY = 3;
const npm = (script) => ['npm', ['run', '--silent', script]];
const playwright = (...args) => [process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...args]];

// A list inside the list runs side by side: typecheck and lint are one process each, one core each.
const stages = [
  [
    { name: 'typecheck', run: npm('typecheck') },
    { name: 'lint', run: npm('lint') },
  ],
  { name: 'gate', run: npm('test:gate') },
  { name: 'unit', run: npm('test:unit') },
  { name: 'vercel', run: npm('test:vercel') },
  { name: 'dev', run: npm('test:e2e:dev') },
  { name: 'supabase', run: npm('test:e2e:supabase') },
  // The main suite in two parts on two fresh servers from one build: the read tests, then the
  // @writes tests (which would otherwise be skipped after one failing read test).
  { name: 'e2e', run: playwright('--project=desktop', '--project=phone'), env: { E2E_REPORT_NAME: 'e2e' } },
  {
    name: 'e2e writes',
    run: playwright('--project=writes'),
    env: { E2E_SKIP_BUILD: '1', E2E_WRITES_ALONE: '1', E2E_REPORT_NAME: 'e2e-writes' },
  },
  { name: 'changed', run: [process.execPath, ['scripts/changed-tests.mjs']] },
];

const only = process.env.TEST_STAGES?.split(',').map((name) => name.trim());
const chosen = (entry) =>
  (Array.isArray(entry) ? entry : [entry]).filter((stage) => !only || only.includes(stage.name));
// What the chosen stages need from the machine (Chromium, PostgreSQL, free ports, ...), checked
// in a second: each lack is named with its fix and nothing runs, rather than a stage failing late.
await exitOnLacks(stages.flatMap(chosen).map((stage) => stage.name));
fs.rmSync('test-results/reports', { recursive: true, force: true });
fs.rmSync('test-results/changed.json', { force: true });

/** Runs one stage; side by side with others, its output is held and printed when it ends. */
function runStage(stage, { alone }) {
  const started = Date.now();
  const [command, args] = stage.run;
  if (alone) console.log(`\n=== ${stage.name} ===`);
  const child = spawn(command, args, {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...stage.env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) => {
      if (!alone) process.stdout.write(`\n=== ${stage.name} ===\n${output}`);
      resolve({ name: stage.name, code: code ?? signal ?? 1, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const runStarted = Date.now();
const results = [];
for (const entry of stages) {
  const group = chosen(entry);
  results.push(...(await Promise.all(group.map((stage) => runStage(stage, { alone: group.length === 1 })))));
}

// Tests never rewrite tracked files (tsconfig.json by a build into another folder, for one).
const tracked = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' });
if (tracked.status === 0) {
  const changed = tracked.stdout.trim();
  if (changed && process.env.CI) console.log(`\nTracked files changed by the run:\n${changed}`);
  // Locally the tree may hold your own edits: the check is CI's, on a clean clone.
  if (process.env.CI) results.push({ name: 'tracked files unchanged', code: changed ? 1 : 0, seconds: 0 });
}

const flaky = readFlaky();
const changedPlaces = new Set(
  fs.existsSync('test-results/changed.json') ? JSON.parse(fs.readFileSync('test-results/changed.json', 'utf8')) : [],
);
const flakyChanged = flaky.filter((test) => changedPlaces.has(place(test)));

const width = Math.max(...results.map((row) => row.name.length), 5);
console.log(`\n${'stage'.padEnd(width)}  exit  seconds`);
for (const row of results)
  console.log(`${row.name.padEnd(width)}  ${String(row.code).padStart(4)}  ${String(row.seconds).padStart(7)}`);
// Wall-clock: stages side by side count once.
const total = Math.round((Date.now() - runStarted) / 1000);
console.log(`${'total'.padEnd(width)}        ${String(total).padStart(7)}`);

console.log(`\nflaky: ${flaky.length}`);
for (const test of flaky)
  console.log(`  ${place(test)} [${test.project}] (${test.stage}) ${test.title}\n    first try: ${test.error}`);

const problems = results.filter((row) => row.code !== 0).map((row) => `stage ${row.name} failed (exit ${row.code})`);
const failed = readFailed();
const SHOWN_FAILED = 10;
for (const test of failed.slice(0, SHOWN_FAILED))
  problems.push(`  ${place(test)} [${test.project}] (${test.stage}) ${test.title}: ${test.error.slice(0, 300)}`);
if (failed.length > SHOWN_FAILED) problems.push(`  and ${failed.length - SHOWN_FAILED} more failed tests`);
if (flaky.length > MAX_FLAKY) problems.push(`${flaky.length} flaky tests, more than ${MAX_FLAKY}`);
for (const test of flakyChanged) problems.push(`${place(test)} is flaky and this submission added or changed it`);
console.log(problems.length ? `\nFAILED:\n${problems.map((line) => `  ${line}`).join('\n')}` : '\nAll stages passed.');
process.exit(problems.length ? 1 : 0);
