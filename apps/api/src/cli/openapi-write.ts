import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { migrateDatabase } from '../modules/registry.ts';

/**
 * Writes the OpenAPI document the app serves at /openapi.json, without a server or a data directory
 * (an in-memory database), so `npm run lint` can check it with Redocly.
 * Usage: tsx apps/api/src/cli/openapi-write.ts <output.json>
 */
const output = process.argv[2];
if (!output) {
  console.error('usage: openapi-write <output.json>');
  process.exit(2);
}

const config = parseConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
  WEB_DIST_DIR: '/nonexistent-web-build',
  DATA_DIR: '/nonexistent-data-dir',
});
const database = await openPglite();
await migrateDatabase(database);
const app = await buildApp({ config, database, logger: false });
await app.ready();
fs.mkdirSync(path.dirname(path.resolve(output)), { recursive: true });
fs.writeFileSync(output, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
