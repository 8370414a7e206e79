// Builds the app (unless E2E_SKIP_BUILD=1) and starts `next start` in embedded mode on a fresh
// DATA_DIR, with a known admin, for the Playwright suite.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
const next = 'node_modules/next/dist/bin/next';

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('node', [next, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

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
