import pg from 'pg';

/**
 * A query sent to a client that is still running one: node-postgres queues it today, deprecates that
 * (an error from pg 9), and warns only from the second one waiting. On the pool each query takes a
 * connection of its own, so this only happens when reads run at once on a transaction, which is one
 * client: `db/read-together.ts` runs them one after the other there. Here any such query throws (the
 * test that sent it fails, with its stack), and the deprecation itself fails the run, in case pg's
 * internals used below change. Installed once per worker (test files share it).
 */
const installed = Symbol.for('vetboard.noQueuedQueries');
const holder = globalThis as { [installed]?: true };

if (!holder[installed]) {
  holder[installed] = true;
  type Busy = { activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client & Busy, ...args: unknown[]) {
    if ((this.activeQuery || (this._queryQueue?.length ?? 0) > 0) && !this.pipeline) {
      throw new Error(
        'A query was sent to a busy client (reads at once on a transaction?): use readTogether.',
      );
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && /already executing a query/.test(warning.message)) {
      throw new Error(`A query was queued on a busy client: use readTogether. ${warning.message}`);
    }
  });
}
