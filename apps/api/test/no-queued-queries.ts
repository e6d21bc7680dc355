/**
 * node-postgres deprecates sending a query to a client that is still running one (it queues it today and
 * will throw from pg 9). On the pool each query takes a connection of its own, so this only happens
 * when reads are run at once on a transaction, which is one client: `db/read-together.ts` runs them one
 * after the other there. A test that does it fails the PostgreSQL pass instead of printing a warning.
 * Node emits a deprecation once per process, so one listener per worker is enough.
 */
const QUEUED_QUERY = /already executing a query/;
const installed = Symbol.for('vetboard.noQueuedQueries');
const holder = globalThis as { [installed]?: true };

if (!holder[installed]) {
  holder[installed] = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && QUEUED_QUERY.test(warning.message)) {
      throw new Error(
        `A query was queued on a busy client (a transaction?): use readTogether. ${warning.message}`,
      );
    }
  });
}
