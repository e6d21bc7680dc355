import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// Spreadsheet apps execute cells starting with these characters as formulas (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  // Quoted when it holds a separator of either kind: spreadsheets in `;`-separated locales (Excel in
  // most of Europe) split an unquoted cell at its `;` and shift the rest of the row (issue #47).
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * Pages through a query in batches so an export of any size holds one batch in memory at a time.
 * `fetchBatch` must order by a unique key, so batches neither overlap nor skip rows.
 */
export async function* inBatches<T>(
  fetchBatch: (offset: number, limit: number) => Promise<T[]>,
  batchSize = 1000,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await fetchBatch(offset, batchSize);
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

/**
 * Streams a CSV download: the header line, then one line per row as rows arrive from the database.
 * The first row is read before anything is sent, so a query that fails answers as an error instead of
 * a 200 file holding only the header row; a failure after that cuts the download, which browsers show
 * as failed.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  options: {
    filename: string;
    header: readonly string[];
    rows: AsyncIterable<T>;
    toLine: (row: T) => unknown[];
  },
) {
  const iterator = options.rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* lines() {
    yield '\uFEFF'; // so spreadsheet apps read the file as UTF-8
    yield csvLine(options.header);
    for (let next = first; !next.done; next = await iterator.next())
      yield csvLine(options.toLine(next.value));
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${options.filename}"`)
    .send(Readable.from(lines()));
}
