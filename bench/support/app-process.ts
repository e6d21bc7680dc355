/**
 * Where the benches' apps run: this checkout's, and BENCH_BASELINE's (a checkout of another commit,
 * node_modules hard-linked) beside it on the same database, for before and after in one run.
 */
import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../apps/api/src/config.ts';
import type { Database } from '../../apps/api/src/db/client.ts';

/** This checkout's root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface AppProcess {
  /** `http://127.0.0.1:port` */
  base: string;
  close: () => Promise<void>;
  /** The serving process when it is a child of its own (PostgreSQL), for its CPU time (`processCpuMs`). */
  pid?: number;
}

/**
 * The CPU time (user and system, all threads) `pid` has used so far, in ms, from Linux's
 * `/proc/<pid>/stat`; undefined elsewhere. Its clock ticks are 10 ms: read it over hundreds of requests.
 */
export async function processCpuMs(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing bracket: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** A checkout's app listening on loopback, with what a bench reaches of it in process. */
export interface BaselineServer extends AppProcess {
  name: string;
  /** Its own pool to the database, for statements a bench times in process. */
  db: Database['db'];
  /** Imports one of its API source files (e.g. its chart service, for the in-process aggregate). */
  load: (file: string) => Promise<Record<string, unknown>>;
}

/**
 * The app of the checkout at `dir` (its modules, not ours) listening in this process, on its own pool
 * to `database` (PostgreSQL's URL) or on a PGlite directory. Closing it closes its database too.
 */
export async function serveBaseline(
  dir: string,
  database: string | { pgliteDir: string },
  config: Record<string, string> = {},
): Promise<BaselineServer> {
  const root = path.resolve(dir);
  const load = (file: string) => import(path.join(root, 'apps/api/src', file));
  const [{ buildApp: build }, client, { parseConfig: parse }] = await Promise.all([
    load('app.ts'),
    load('db/client.ts'),
    load('config.ts'),
  ]);
  const opened: Database =
    typeof database === 'string'
      ? await client.openPostgres(database)
      : await client.openPglite({ dataDir: database.pgliteDir });
  const app = await build({
    config: parse({
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: 'low',
      WEB_DIST_DIR: '/none',
      DATA_DIR: '/none',
      ...config,
    }),
    database: opened,
    logger: false,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { name: `baseline (${path.basename(root)})`, base, db: opened.db, load, close: () => app.close() };
}

/**
 * The API of the checkout at `root` on `databaseUrl` (PostgreSQL), in a child process (app-server.ts):
 * the bench's clients (fetch, JSON parsing, timing) then run on an event loop of their own, as a
 * browser's do, and what a request costs is the server's work alone. In one process the clients' work
 * was queued on the server's event loop and counted in every latency. PGlite cannot be shared between
 * processes, so a PGlite bench keeps its app in process.
 */
export async function forkApp(root: string, databaseUrl: string): Promise<AppProcess> {
  const child = fork(fileURLToPath(new URL('./app-server.ts', import.meta.url)), {
    // `BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`: profile the server (written as it stops).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, BENCH_APP_ROOT: path.resolve(root), BENCH_APP_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the app of ${root} exited (${code}) before listening`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: async () => {
      child.send('stop');
      await exited;
    },
  };
}

/**
 * This checkout's app on `database`: forked when `url` (PostgreSQL) is given, as the baseline's is,
 * in process on PGlite. Closing it closes `database` too, either way.
 */
export async function serveApp(database: Database, config: Config, url?: string): Promise<AppProcess> {
  if (url) {
    const served = await forkApp(REPO_ROOT, url);
    return { base: served.base, pid: served.pid, close: () => served.close().then(() => database.close()) };
  }
  // Imported here, not at the top: the forked app-server.ts imports this module and runs another checkout's app.
  const { buildApp } = await import('../../apps/api/src/app.ts');
  const app = await buildApp({ config, database, logger: false });
  return { base: await app.listen({ host: '127.0.0.1', port: 0 }), close: () => app.close() };
}

/** BENCH_BASELINE's app for a PostgreSQL bench, forked as this checkout's is (`serveApp`). */
export async function forkBaseline(dir: string, databaseUrl: string): Promise<BaselineServer> {
  const root = path.resolve(dir);
  const load = (file: string) => import(path.join(root, 'apps/api/src', file));
  const [served, client] = await Promise.all([forkApp(root, databaseUrl), load('db/client.ts')]);
  const database: Database = await client.openPostgres(databaseUrl);
  return {
    name: `baseline (${path.basename(root)})`,
    base: served.base,
    pid: served.pid,
    db: database.db,
    load,
    close: () => served.close().then(() => database.close()),
  };
}
