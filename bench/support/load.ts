/**
 * What the benches share: autocannon loads summarised as medians over alternating rounds (a shared
 * machine's noise hits every target alike), and the "bare route" baseline: the statements one app
 * request sends, recorded at the `pg` client, replayed by a bare Fastify route with `pg`.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

export type Load = { rps: number; p50: number; p99: number };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** A fixed overall request rate; flat out without it. */
  rate?: number;
}

/** One autocannon run against `url`; any non-2xx answer or error fails the bench. */
export async function load(
  url: string,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<Load> {
  const { rate } = options;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers,
    // The load comes from a worker thread, so it does not compete with the servers for the event loop.
    workers: 1,
    ...(rate ? { overallRate: rate } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export function summary(loads: Load[]): Load {
  return {
    rps: Math.round(median(loads.map((l) => l.rps))),
    p50: median(loads.map((l) => l.p50)),
    p99: median(loads.map((l) => l.p99)),
  };
}

export const row = (l: Load) => ({ 'req/s': l.rps, 'p50 ms': l.p50, 'p99 ms': l.p99 });

export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** Alternating rounds over `targets`: every target once per round, in order. */
export async function rounds(
  targets: Target[],
  count: number,
  options: LoadOptions,
): Promise<Map<string, Load>> {
  const loads = new Map<string, Load[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < count; round++)
    for (const t of targets) loads.get(t.name)?.push(await load(t.url, t.headers, options));
  return new Map([...loads].map(([name, l]) => [name, summary(l)]));
}

/** A statement as the app's `pg` client sent it, with the type parsers it read the answer with. */
export type Recorded = {
  text: string;
  values?: unknown[];
  rowMode?: string;
  name?: string;
  types?: pg.CustomTypesConfig;
};

/**
 * The statements one app request sends, captured at the `pg` client, in groups: a statement sent while
 * another of the request is still running joins its group (the app sent them at once). Each keeps its
 * prepared statement's name, row mode and type parsers (drizzle reads timestamps as text), so the bare
 * route plans and parses the answers as the app does. `warm` first
 * makes one request, so that what is recorded is a steady-state request (the session lookup cached).
 */
export async function recordStatements(
  base: string,
  path: string,
  cookie: string,
  warm: boolean,
): Promise<Recorded[][]> {
  if (warm) await (await fetch(`${base}${path}`, { headers: { cookie } })).arrayBuffer();
  const groups: Recorded[][] = [];
  let running = 0;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    let statement: Recorded | undefined;
    if (typeof first === 'string') statement = { text: first, values: second as unknown[] };
    else if (first && typeof first === 'object' && 'text' in first) {
      const { text, values, rowMode, name, types } = first as Recorded;
      const params = Array.isArray(second) ? second : values;
      statement = {
        text,
        values: params,
        ...(rowMode ? { rowMode } : {}),
        ...(name ? { name } : {}),
        ...(types ? { types } : {}),
      };
    }
    if (!statement) return original.apply(this, args);
    if (running === 0 || groups.length === 0) groups.push([]);
    groups.at(-1)?.push(statement);
    running++;
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        running--;
        return callback(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.finally(() => running--).catch(() => {});
    else running--;
    return result;
  };
  try {
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  } finally {
    proto.query = original;
  }
  return groups;
}

export function describe(groups: Recorded[][]): string {
  return groups.map((g) => (g.length > 1 ? `(${g.length} at once)` : '1')).join(' then ');
}

/** A bare route sending `groups` of statements one group after the other, each group's at once. */
export async function startBare(url: string, groups: Recorded[][]) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => {
    const results: unknown[][] = [];
    for (const group of groups) {
      const answers = await Promise.all(group.map((s) => pool.query(s)));
      for (const answer of answers) results.push(answer.rows);
    }
    return { results };
  });
  const base = await bare.listen({ host: '127.0.0.1', port: 0 });
  const probe = await fetch(`${base}/bare`);
  if (!probe.ok) throw new Error(`bare route: ${probe.status} ${await probe.text()}`);
  const close = async () => {
    await bare.close();
    await pool.end();
  };
  return { base, close };
}
