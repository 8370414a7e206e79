// The development suite's server (playwright.dev.config.ts): `next dev` as a new user runs it,
// embedded mode on a fresh DATA_DIR with no admin (so it prints the one-time setup link), in a
// build folder of its own. Everything it prints also goes to a log file, which the suite reads
// for the setup link and checks for errors once every page has been visited.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { exitUnlessPortFree } from './port-free.mjs';

const port = process.env.E2E_DEV_PORT ?? '3200';
const dataDir = `.data-e2e-dev-${port}`;
const distDir = `.next-e2e-dev-${port}`;
const logFile = path.join('test-results', `e2e-dev-${port}`, 'server.log');

await exitUnlessPortFree(port, 'dev server', 'E2E_DEV_PORT');

// Fresh as a new clone: no database, no compiled output.
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(distDir, { recursive: true, force: true });
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const log = fs.createWriteStream(logFile);

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NEXT_DIST_DIR: distDir,
  BCRYPT_COST: '4',
  SITE_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'info',
  NEXT_TELEMETRY_DISABLED: '1',
};
for (const name of [
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'E2E_FAULTS_DIR',
  'DATABASE_URL',
  'NEXT_PUBLIC_SUPABASE_URL',
  'NEXT_PUBLIC_SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'OPENAI_API_KEY',
])
  delete env[name];

// As `npm run dev` starts it (no -H: it serves as localhost); the suite opens it at 127.0.0.1.
const server = spawn('node', ['node_modules/next/dist/bin/next', 'dev', '-p', port], {
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.on('data', (chunk) => {
    process.stdout.write(chunk);
    log.write(chunk);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => log.end(() => process.exit(code ?? 0)));
