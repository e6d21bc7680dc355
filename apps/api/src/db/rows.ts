/** Both drivers (node-postgres and PGlite) answer a raw `db.execute` with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
