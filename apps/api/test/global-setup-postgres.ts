import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { startTempPostgres, TEMPLATE_DB } from './pg-server';

/**
 * A real PostgreSQL server for the same API suite: TEST_DATABASE_URL (an admin URL) when given,
 * otherwise a temp cluster. A migrated template database is cloned per test file.
 */
export default async function setup(project: TestProject) {
  const started = process.env.TEST_DATABASE_URL ? null : await startTempPostgres();
  const adminUrl = process.env.TEST_DATABASE_URL ?? started!.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const handle = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), max: 1 });
  await migrateDatabase(handle);
  await handle.close();
  project.provide('pgAdminUrl', adminUrl);
  return () => started?.stop();
}
