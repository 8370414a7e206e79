import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrate } from '../lib/db/migrate';
import { startPostgresServer } from '../lib/db/server/start-postgres';
import { postgresRunner } from '../lib/db/sql-runner';

/**
 * Starts a real PostgreSQL 17 server for the run (in a child process: see
 * lib/db/server/postgres-child.mjs for why), migrates a template database once, and hands its
 * URL to the tests, which clone the template per file.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgresServer();
  try {
    const admin = postgres(`${server.url}/postgres`, { onnotice: () => {} });
    await admin.unsafe('create database wc_template');
    await admin.end();
    const template = postgres(`${server.url}/wc_template`, { onnotice: () => {}, max: 1 });
    await migrate(postgresRunner(template));
    await template.end();
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
