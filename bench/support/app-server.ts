/**
 * The API of a checkout (`BENCH_APP_ROOT`: this one, or BENCH_BASELINE's) listening on loopback in a
 * process of its own, on `BENCH_APP_DATABASE_URL`: forked by app-process.ts. It tells the parent its
 * port and closes on `stop`.
 */
import path from 'node:path';

const root = path.resolve(process.env.BENCH_APP_ROOT ?? '.');
const databaseUrl = process.env.BENCH_APP_DATABASE_URL ?? '';
const load = (file: string) => import(path.join(root, 'apps/api/src', file));
const [{ buildApp }, { openPostgres }, { parseConfig }] = await Promise.all([
  load('app.ts'),
  load('db/client.ts'),
  load('config.ts'),
]);
const database = await openPostgres(databaseUrl);
const config = parseConfig({
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_COST: 'low',
  WEB_DIST_DIR: '/none',
  DATA_DIR: '/none',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.on('message', (message: unknown) => {
  // Closing the app closes its database too.
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
