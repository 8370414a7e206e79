// Builds the app (unless E2E_SKIP_BUILD=1) and starts `next start` in embedded mode on a fresh
// DATA_DIR, with a known admin, for the Playwright suite.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
const next = 'node_modules/next/dist/bin/next';

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('node', [next, 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_BUILD_SKIP_TYPECHECK: '1' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

// A signed-in non-admin for the gate's Access Denied test. Created before the server starts:
// the embedded database is opened by one process at a time.
const viewer = spawnSync('npx', ['tsx', 'scripts/users.ts', 'add', '--email', 'viewer@example.com', '--password', 'viewer password 123'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
if (viewer.status !== 0) process.exit(viewer.status ?? 1);
const fixtures = spawnSync('npx', ['tsx', 'scripts/e2e-auth-fixtures.ts'], { stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir } });
if (fixtures.status !== 0) process.exit(fixtures.status ?? 1);

const server = spawn('node', [next, 'start', '-p', port, '-H', '127.0.0.1'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com',
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'correct horse battery staple',
    SITE_URL: `http://127.0.0.1:${port}`,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
