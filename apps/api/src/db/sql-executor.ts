import type { DbOrTx } from './types.ts';

export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

/** The `{ executeSql }` shape pg-boss takes as its `db` option. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
}

interface PgliteLike {
  query(
    text: string,
    params?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; affectedRows?: number }>;
  exec(text: string): Promise<Array<{ rows: Record<string, unknown>[]; affectedRows?: number }>>;
}
interface PgLike {
  query(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
}

/**
 * Runs plain SQL text on the connection behind a drizzle database or transaction, on either engine:
 * what pg-boss needs to insert a job inside the caller's transaction (pg-boss's `send(…, { db })`).
 * On PGlite, statements without values run through `exec`, which accepts the multi-statement scripts
 * pg-boss sends.
 */
/** As node-postgres sends them: dates as ISO text, objects as JSON; PGlite takes arrays as they are. */
function toPgliteParam(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value)) {
    return JSON.stringify(value);
  }
  return value;
}

export function sqlExecutorFor(db: DbOrTx): SqlExecutor {
  const client = (db as unknown as { session: { client: PgliteLike | PgLike } }).session.client;
  if ('exec' in client && typeof client.exec === 'function') {
    const pglite = client as PgliteLike;
    return {
      async executeSql(text, values) {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          const last = results[results.length - 1];
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
        }
        const result = await pglite.query(text, values.map(toPgliteParam));
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      },
    };
  }
  const pg = client as PgLike;
  return {
    async executeSql(text, values) {
      const result = await pg.query(text, values);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
    },
  };
}
