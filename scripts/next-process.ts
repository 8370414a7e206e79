import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BUILT_SITE_URL } from '../lib/env';

/**
 * Builds and starts production Next servers for the cache durability test and the benchmark:
 * each in its own dist dir and DATA_DIR, on a free port, stopped with SIGTERM so PGlite closes.
 */
const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Environment for a child Next process: the caller's, minus what would leak into it. */
function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'NEXT_PHASE'])
    delete env[key];
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * `siteUrl`: the origin the build is made for (its prerendered pages name it); a server started
 * from it runs with that SITE_URL unless told otherwise, and refuses to start with another one.
 */
export function buildNext(distDir: string, options: { quiet?: boolean; siteUrl?: string } = {}): void {
  const result = spawnSync(process.execPath, [nextBin, 'build'], {
    env: childEnv({ NEXT_DIST_DIR: distDir, NEXT_BUILD_SKIP_TYPECHECK: '1', SITE_URL: options.siteUrl }),
    stdio: options.quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `next build into ${distDir} failed (${result.status}):\n${(result.stdout ?? '').slice(-4000)}\n${(result.stderr ?? '').slice(-4000)}`,
    );
  }
}

/**
 * The SITE_URL a build was made for (next.config.ts records it in Next's `env`, which the build
 * keeps in required-server-files.json); undefined for a build that recorded none (the
 * benchmark's bare reference app).
 */
export function builtSiteUrl(distDir: string): string | undefined {
  try {
    const files = JSON.parse(fs.readFileSync(path.join(distDir, 'required-server-files.json'), 'utf8')) as {
      config?: { env?: Record<string, string> };
    };
    return files.config?.env?.[BUILT_SITE_URL];
  } catch {
    return undefined;
  }
}

// A failing caller must not leave servers behind holding ports and DATA_DIRs.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export type NextServer = {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
};

type StartOptions = {
  distDir: string;
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  /** Another Next app's folder (the benchmark's bare reference page); default: this project. */
  cwd?: string;
  /** What answers once the server is ready; default /robots.txt. */
  readyPath?: string;
};

/** Thrown when the port freePort() chose was taken by someone else before Next could bind it. */
class PortTaken extends Error {}

/**
 * Starts `next start` and waits until it answers. Without a port of the caller's, a free one: the
 * port is free when chosen and may be taken before Next binds it, so a start that finds it taken
 * tries again on another (three times in all).
 */
export async function startNext(options: StartOptions): Promise<NextServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOn(options.port ?? (await freePort()), options);
    } catch (error) {
      if (!(error instanceof PortTaken) || options.port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startOn(port: number, options: StartOptions): Promise<NextServer> {
  const url = `http://127.0.0.1:${port}`;
  // A bare reference app runs its own copy of Next, so its pages and server share one React.
  const bin = options.cwd ? path.join(options.cwd, 'node_modules', 'next', 'dist', 'bin', 'next') : nextBin;
  const child = spawn(process.execPath, [bin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    env: childEnv({
      NEXT_DIST_DIR: options.distDir,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      SITE_URL: builtSiteUrl(path.resolve(options.cwd ?? process.cwd(), options.distDir)) ?? url,
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: options.cwd,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: NextServer = {
    url,
    port,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  // Generous: a loaded 2-core machine (a test run building and serving beside this) starts slowly.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (log.includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken before next start bound it`);
      throw new Error(`next start exited (${child.exitCode}):\n${log}`);
    }
    try {
      const response = await fetch(`${url}${options.readyPath ?? '/robots.txt'}`, {
        signal: AbortSignal.timeout(2_000),
      });
      await response.arrayBuffer();
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await server.stop();
  throw new Error(`next start did not answer within 120 s:\n${log}`);
}
