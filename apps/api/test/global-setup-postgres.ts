import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { startTempPostgres, TEMPLATE_DB } from './pg-server';
import { startPgbouncer } from './pgbouncer';

/**
 * A real PostgreSQL server for the same API suite: TEST_DATABASE_URL (an admin URL) when given,
 * otherwise a temp cluster. A migrated template database is cloned per test file. With
 * TEST_PGBOUNCER=1 the app's connections go through pgbouncer in transaction mode (the databases
 * are still created and dropped directly).
 */
export default async function setup(project: TestProject) {
  const started = process.env.TEST_DATABASE_URL ? null : await startTempPostgres();
  const adminUrl = process.env.TEST_DATABASE_URL ?? started!.url;
  // One template per project: projects that share a server (api-pg and api-pgbouncer) start together.
  const template = `${TEMPLATE_DB}_${project.name.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const handle = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), max: 1 });
  await migrateDatabase(handle);
  await handle.close();
  const pooler = project.config.env.TEST_PGBOUNCER === '1' ? await startPgbouncer(adminUrl) : null;
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('pgPoolerUrl', pooler?.url ?? null);
  return () => {
    pooler?.stop();
    started?.stop();
  };
}
