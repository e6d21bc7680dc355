import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.ts';
import { writeSecondFactorRequirement } from '../src/modules/core/auth/index.ts';
import { migrateDatabase } from '../src/modules/registry.ts';

/** Creating and migrating PGlite takes seconds; do it once and let each file load the dump. */
export default async function setup(project: TestProject) {
  const database = await openPglite();
  await migrateDatabase(database);
  // Like the demo seed: tests log in with a password alone unless they turn the requirement on.
  await writeSecondFactorRequirement(database.db, 'none', new Date());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-test-'));
  const dumpPath = path.join(dir, 'template.tar');
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('databaseTemplate', { engine: 'pglite', dumpPath });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
