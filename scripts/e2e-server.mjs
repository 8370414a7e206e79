// The Playwright suite's server: builds the app (unless E2E_SKIP_BUILD=1), makes a fresh DATA_DIR
// with the suite's fixtures (scripts/e2e-fixtures.ts) and starts `next start` in embedded mode
// with a known admin. Refuses a port something already listens on, before the build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { exitUnlessPortFree } from './port-free.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = process.env.E2E_DATA_DIR ?? (port === '3100' ? '.data-e2e' : `.data-e2e-${port}`);
// A suite on another port builds into a folder of its own, so two suites never share a build.
process.env.NEXT_DIST_DIR ??= port === '3100' ? '.next' : `.next-e2e-${port}`;
const next = 'node_modules/next/dist/bin/next';
// Test-only settings: cheap password hashes (sign-in is a setup step of many tests).
// The specs play the one proxy in front of the app: each sets its own X-Forwarded-For
// (e2e/fixtures.ts ownClientAddress), so sign-in throttling in one test never blocks another.
// INSIGHTS=off: the suite's own visits must not add to the Insights its specs read (the fixtures
// record those); e2e/insights-counting.spec.ts counts on a server of its own.
const testEnv = { DATA_DIR: dataDir, BCRYPT_COST: '4', TRUSTED_PROXY_HOPS: '1', INSIGHTS: 'off' };
// The AI helper talks to a local OpenAI-compatible stand-in (tests/support/openai-stand-in.ts),
// never a real provider: on the suite's port + 1000 unless E2E_OPENAI_PORT says otherwise.
const standInPort = process.env.E2E_OPENAI_PORT ?? String(Number(port) + 1000);
const aiEnv = {
  OPENAI_API_KEY: 'e2e-stand-in-key',
  OPENAI_BASE_URL: `http://127.0.0.1:${standInPort}/v1`,
  OPENAI_MODEL: 'stand-in-model',
};

// Payments go to the Stripe double (tests/support/stripe-double-server.ts), never to Stripe: on the
// suite's port + 2000 unless E2E_STRIPE_PORT says otherwise, with keys of the suite's own. Its
// events go to this server's webhook endpoint. The shop stays closed until a spec opens it.
const stripePort = process.env.E2E_STRIPE_PORT ?? String(Number(port) + 2000);
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_e2eSuiteDouble',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2eSuiteDouble',
  STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
};

await exitUnlessPortFree(port, 'e2e server', 'E2E_PORT');

if (process.env.E2E_SKIP_BUILD !== '1') {
  // The build `npm run build` makes, for the origin it is served at: a server refuses a SITE_URL
  // other than its build's.
  const build = spawnSync('node', [next, 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_BUILD_SKIP_TYPECHECK: '1', SITE_URL: `http://127.0.0.1:${port}` },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
fs.rmSync(dataDir, { recursive: true, force: true });

// Before the server starts: the embedded database is opened by one process at a time.
const fixtures = spawnSync('npx', ['tsx', 'scripts/e2e-fixtures.ts'], {
  stdio: 'inherit',
  env: { ...process.env, ...testEnv },
});
if (fixtures.status !== 0) process.exit(fixtures.status ?? 1);

const standIn = spawn('node_modules/.bin/tsx', ['tests/support/openai-stand-in.ts', standInPort], {
  stdio: 'inherit',
  env: { ...process.env, STAND_IN_DELAY_MS: '150' },
});
const stripeDouble = spawn('node_modules/.bin/tsx', ['tests/support/stripe-double-server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...stripeEnv,
    STRIPE_DOUBLE_PORT: stripePort,
    STRIPE_DOUBLE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook`,
  },
});
// Keep-alive longer than any pause in a test: with Node's 5 s default, a test's request client
// that reuses a connection idle for about 5 s can meet the server closing it (ECONNRESET).
// The suite's database faults (e2e/faults.ts) come from outside the build: Node loads
// tests/support/database-faults.mjs before the server, and it reads its rules from E2E_FAULTS_DIR.
const faults = new URL('../tests/support/database-faults.mjs', import.meta.url).href;
const server = spawn(
  'node',
  ['--import', faults, next, 'start', '-p', port, '-H', '127.0.0.1', '--keepAliveTimeout', '65000'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...testEnv,
      E2E_FAULTS_DIR: `${dataDir}/faults`,
      ...aiEnv,
      ...stripeEnv,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com',
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'correct horse battery staple',
      SITE_URL: `http://127.0.0.1:${port}`,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.kill(signal);
    standIn.kill(signal);
    stripeDouble.kill(signal);
  });
server.on('exit', (code) => {
  standIn.kill('SIGTERM');
  stripeDouble.kill('SIGTERM');
  process.exit(code ?? 0);
});
