#!/usr/bin/env node
// The API suite's PostgreSQL pass (production may run either engine) runs only where a server is configured; without one,
// `npm test` says so instead of failing on a project vitest does not know.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite runs on PGlite only.');
  process.exit(0);
}
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const run = spawnSync(npx, ['vitest', 'run', '--project', 'api:postgres'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
