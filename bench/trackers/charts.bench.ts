import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import {
  type ChartPet,
  readingChartOfRange,
  readingChartOfScope,
} from '../../apps/api/src/modules/records/trackers/trackers.charts.service.ts';
import { forkBaseline, processCpuMs } from '../support/app-process.ts';
import { rows, YEAR_SECONDS } from '../support/tracker-data.ts';
import {
  type EngineSetup,
  forEachEngine,
  percentile,
  serveLoadedTrackers,
} from '../support/tracker-server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARMUP = 20;
const BASELINE = process.env.BENCH_BASELINE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (BASELINE ? 3 : 1));

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * `inProcess`: the same chart's aggregate called in this process on the app's pool (the buckets
 * statement and its period, no HTTP, session or pet lookup): the "raw aggregate" baseline.
 */
type Scope = {
  name: string;
  url: (petId: string, at: number) => string;
  inProcess?: (charts: Target['charts'], db: Db, pet: ChartPet, at: Date) => Promise<unknown>;
};

const DAY = 86_400;
const SCOPES: Scope[] = [
  {
    name: 'respiratory day (48 × 30m)',
    url: (id, at) => `/v1/pets/${id}/respiratory-history/chart?timeScope=day&date=${at}`,
    inProcess: ({ readingChartOfScope }, db, pet, at) =>
      readingChartOfScope(db, pet, 'respiratory_rate', 'day', at),
  },
  {
    name: 'respiratory week (168 × 1h)',
    url: (id, at) => `/v1/pets/${id}/respiratory-history/chart?timeScope=week&date=${at}`,
    inProcess: ({ readingChartOfScope }, db, pet, at) =>
      readingChartOfScope(db, pet, 'respiratory_rate', 'week', at),
  },
  {
    name: 'respiratory month (1d)',
    url: (id, at) => `/v1/pets/${id}/respiratory-history/chart?timeScope=month&date=${at}`,
    inProcess: ({ readingChartOfScope }, db, pet, at) =>
      readingChartOfScope(db, pet, 'respiratory_rate', 'month', at),
  },
  {
    name: 'respiratory range 300 days (1d)',
    url: (id, at) => `/v1/pets/${id}/respiratory-history/chart?startDate=${at - 300 * DAY}&endDate=${at}`,
    inProcess: (charts, db, pet, at) =>
      charts.readingChartOfRange(db, pet, 'respiratory_rate', {
        start: new Date(at.getTime() - 300 * DAY * 1000),
        end: at,
      }),
  },
  {
    name: 'shaking week (1h)',
    url: (id, at) => `/v1/pets/${id}/shaking/chart?timeScope=week&date=${at}`,
    inProcess: ({ readingChartOfScope }, db, pet, at) => readingChartOfScope(db, pet, 'shaking', 'week', at),
  },
  {
    name: 'drinking month (1d)',
    url: (id, at) => `/v1/pets/${id}/drinking/chart?timeScope=month&date=${at}`,
    inProcess: ({ readingChartOfScope }, db, pet, at) =>
      readingChartOfScope(db, pet, 'drinking', 'month', at),
  },
  {
    name: 'heart rate 8 days (384 × 30m)',
    url: (id, at) =>
      `/v1/pets/heart-rate/half-hourly-averages?petUuid=${id}&startDate=${at - 8 * DAY}&endDate=${at}`,
    inProcess: (charts, db, pet, at) =>
      charts.readingChartOfRange(
        db,
        pet,
        'heart_rate',
        { start: new Date(at.getTime() - 8 * DAY * 1000), end: at },
        '30m',
      ),
  },
  {
    name: 'weight year (52/53 × 1w)',
    url: (id, at) => `/v1/pets/${id}/weight-history/chart?timeScope=year&date=${at}`,
  },
];

async function timeOne(base: string, url: string, cookie: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  const body = (await response.json()) as { buckets?: unknown[] };
  const elapsed = performance.now() - start;
  if (!response.ok || !Array.isArray(body.buckets)) throw new Error(`${url}: ${response.status}`);
  return elapsed;
}

/** One app to time: this checkout's, or BENCH_BASELINE's on the same database. */
interface Target {
  name: string;
  base: string;
  pid?: number;
  db: Db;
  charts: {
    readingChartOfScope: typeof readingChartOfScope;
    readingChartOfRange: typeof readingChartOfRange;
  };
}

async function benchEngine(setup: EngineSetup, databaseUrl?: string) {
  // The readings end now, or (BENCH_PRELOADED) when the kept database was loaded: set by the set-up.
  const end = new Date();
  const { petIds, base, cookie, close, db, pid } = await serveLoadedTrackers(
    setup,
    { id: '00000000-0000-4000-8000-00000000be01', email: 'bench.vet@example.test' },
    end,
  );
  const baseline = BASELINE && databaseUrl ? await forkBaseline(BASELINE, databaseUrl) : undefined;
  try {
    const targets: Target[] = [
      { name: 'this', base, pid, db, charts: { readingChartOfScope, readingChartOfRange } },
    ];
    if (baseline) {
      targets.push({
        name: baseline.name,
        base: baseline.base,
        pid: baseline.pid,
        db: baseline.db as Db,
        // A baseline from before the modules were put in tiers has the file one folder up.
        charts: (await baseline
          .load('modules/records/trackers/trackers.charts.service.ts')
          .catch(() => baseline.load('modules/trackers/trackers.charts.service.ts'))) as Target['charts'],
      });
    }
    // Deterministic picks: any pet, any moment of the loaded year.
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = (scope: Scope) =>
      scope.url(
        petIds[Math.floor(next() * petIds.length)] ?? '',
        seconds(end.getTime()) - Math.floor(next() * (YEAR_SECONDS - 10 * DAY)),
      );

    const zones = new Map(
      rows<{ id: string; timezone: string }>(
        await db.execute(sql`
          select p.id, u.timezone from pets p
          join families f on f.id = p.family_id join users u on u.id = f.owner_user_id`),
      ).map((r) => [r.id, r.timezone]),
    );
    const pickInProcess = (): [ChartPet, Date] => {
      const id = petIds[Math.floor(next() * petIds.length)] ?? '';
      const at = seconds(end.getTime()) - Math.floor(next() * (YEAR_SECONDS - 10 * DAY));
      return [{ id, timezone: zones.get(id) ?? 'UTC' }, new Date(at * 1000)];
    };

    const table: Record<string, Record<string, number>> = {};
    // `BENCH_SCOPES=300,heart`: only the scopes whose name contains one of these.
    const only = process.env.BENCH_SCOPES?.split(',').filter(Boolean);
    const scopes = only ? SCOPES.filter((scope) => only.some((part) => scope.name.includes(part))) : SCOPES;
    for (const scope of scopes) {
      const samples = targets.map(() => ({
        alone: [] as number[],
        concurrent: [] as number[],
        inProcess: [] as number[],
        // The server's CPU time over its concurrent requests, and how many: the figure least moved by a
        // shared machine's other work, since it is the server's own.
        cpuMs: 0,
        cpuRequests: 0,
      }));
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which app goes first: a busy shared machine drifts within a round.
        const order = targets.map((_, i) => i);
        if (round % 2 === 1) order.reverse();
        for (const t of order) {
          const target = targets[t] as Target;
          const sample = samples[t] as (typeof samples)[number];
          for (let i = 0; i < WARMUP; i++) await timeOne(target.base, pick(scope), cookie);
          for (let i = 0; i < REQUESTS; i++)
            sample.alone.push(await timeOne(target.base, pick(scope), cookie));
          const cpuBefore = await processCpuMs(target.pid);
          await Promise.all(
            Array.from({ length: CONCURRENCY }, async () => {
              for (let i = 0; i < Math.ceil(REQUESTS / 4); i++)
                sample.concurrent.push(await timeOne(target.base, pick(scope), cookie));
            }),
          );
          const cpuAfter = await processCpuMs(target.pid);
          if (cpuBefore !== undefined && cpuAfter !== undefined) {
            sample.cpuMs += cpuAfter - cpuBefore;
            sample.cpuRequests += CONCURRENCY * Math.ceil(REQUESTS / 4);
          }
          const run = scope.inProcess;
          if (run) {
            await Promise.all(
              Array.from({ length: CONCURRENCY }, async () => {
                for (let i = 0; i < Math.ceil(REQUESTS / 4); i++) {
                  const started = performance.now();
                  await run(target.charts, target.db, ...pickInProcess());
                  sample.inProcess.push(performance.now() - started);
                }
              }),
            );
          }
        }
      }
      targets.forEach((target, t) => {
        const { alone, concurrent, inProcess, cpuMs, cpuRequests } = samples[t] as (typeof samples)[number];
        alone.sort((a, b) => a - b);
        concurrent.sort((a, b) => a - b);
        inProcess.sort((a, b) => a - b);
        const p99 = percentile(concurrent, 99);
        const rawP99 = percentile(inProcess, 99);
        table[targets.length > 1 ? `${scope.name} · ${target.name}` : scope.name] = {
          'alone p50': Number(percentile(alone, 50).toFixed(1)),
          'alone p99': Number(percentile(alone, 99).toFixed(1)),
          [`${CONCURRENCY} conc. p50`]: Number(percentile(concurrent, 50).toFixed(1)),
          [`${CONCURRENCY} conc. p99`]: Number(p99.toFixed(1)),
          ...(cpuRequests > 0 ? { 'server CPU ms/req': Number((cpuMs / cpuRequests).toFixed(2)) } : {}),
          ...(scope.inProcess
            ? {
                'in-process p50': Number(percentile(inProcess, 50).toFixed(1)),
                'in-process p99': Number(rawP99.toFixed(1)),
                'p99 ÷ in-process': Number((p99 / rawP99).toFixed(2)),
              }
            : {}),
        };
      });
    }
    console.log(
      `ms per request over loopback: ${REQUESTS} one at a time after ${WARMUP} warm-up ones, then ` +
        `${CONCURRENCY} clients × ${Math.ceil(REQUESTS / 4)} requests; random pet and date; in-process: the ` +
        `chart's aggregate called on the app's pool by ${CONCURRENCY} callers at once (no HTTP, session or pet lookup); ` +
        `server CPU: the app process's CPU time (all its threads) over its concurrent requests, per request` +
        (targets.length > 1 ? `; ${ROUNDS} rounds, the apps alternating, samples pooled` : ''),
    );
    console.table(table);
  } finally {
    await baseline?.close();
    await close();
  }
}

await forEachEngine('charts', benchEngine);
