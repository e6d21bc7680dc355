/**
 * The API of a checkout (`BENCH_APP_ROOT`: this one, or BENCH_BASELINE's) listening on loopback in a
 * process of its own, on `BENCH_APP_DATABASE_URL`: forked by app-process.ts's `forkApp`. It tells the
 * parent its port and closes on `stop`.
 */
import { serveBaseline } from './app-process.ts';

const served = await serveBaseline(
  process.env.BENCH_APP_ROOT ?? '.',
  process.env.BENCH_APP_DATABASE_URL ?? '',
);
process.on('message', (message: unknown) => {
  // Closing the app closes its database too.
  if (message === 'stop') void served.close().then(() => process.exit(0));
});
process.send?.({ type: 'ready', port: Number(new URL(served.base).port) });
