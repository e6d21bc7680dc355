import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout's root, for `forkApp`. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface AppProcess {
  /** `http://127.0.0.1:port` */
  base: string;
  close: () => Promise<void>;
}

/**
 * The API of the checkout at `root` on `databaseUrl` (PostgreSQL), in a child process: the bench's
 * clients (fetch, JSON parsing, timing) then run on an event loop of their own, as a browser's do, and
 * what a request costs is the server's work alone. In one process the clients' work was queued on
 * the server's event loop and counted in every latency. PGlite cannot be shared between processes,
 * so a PGlite bench keeps its app in process.
 */
export async function forkApp(root: string, databaseUrl: string): Promise<AppProcess> {
  const child = fork(fileURLToPath(new URL('./app-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
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
    close: async () => {
      child.send('stop');
      await exited;
    },
  };
}

/** BENCH_BASELINE's app for a PostgreSQL bench, as `serveBaseline` gives it but forked like this one's. */
export interface ForkedBaseline {
  name: string;
  base: string;
  /** The baseline's own pool to the database, for statements a bench times in process. */
  db: unknown;
  /** Imports one of its API source files (e.g. its chart service, for the in-process aggregate). */
  load: (file: string) => Promise<Record<string, unknown>>;
  close: () => Promise<void>;
}

export async function forkBaseline(dir: string, databaseUrl: string): Promise<ForkedBaseline> {
  const root = path.resolve(dir);
  const load = (file: string) => import(path.join(root, 'apps/api/src', file));
  const [served, client] = await Promise.all([forkApp(root, databaseUrl), load('db/client.ts')]);
  const database = (await client.openPostgres(databaseUrl)) as { db: unknown; close: () => Promise<void> };
  return {
    name: `baseline (${path.basename(root)})`,
    base: served.base,
    db: database.db,
    load,
    close: () => served.close().then(() => database.close()),
  };
}
