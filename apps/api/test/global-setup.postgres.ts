import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client.ts';
import { writeSecondFactorRequirement } from '../src/modules/core/auth/index.ts';
import { migrateDatabase } from '../src/modules/registry.ts';
import { databaseUrlFor } from './template.ts';

/** A migrated template database; each test file gets `CREATE DATABASE … TEMPLATE` of it. */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const templateName = `vetboard_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${templateName}"`);
  await admin.end();
  const database = await openPostgres(databaseUrlFor(adminUrl, templateName));
  await migrateDatabase(database);
  // Like the demo seed: tests log in with a password alone unless they turn the requirement on.
  await writeSecondFactorRequirement(database.db, 'none', new Date());
  await database.close();
  project.provide('databaseTemplate', { engine: 'postgres', adminUrl, templateName });
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${templateName}" WITH (FORCE)`);
    // The demo-seeded copy that test/seeded-database.ts makes of it on first use, with its lock files.
    await client.query(`DROP DATABASE IF EXISTS "${templateName}_seeded" WITH (FORCE)`);
    fs.rmSync(path.join(os.tmpdir(), `${templateName}-seeded`), { recursive: true, force: true });
    await client.end();
  };
}
