import { performance } from 'node:perf_hooks';
import { forkBaseline } from '../support/app-process.ts';
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
const RANGES = ['24h', '7d', '30d', '90d'] as const;

async function timeOne(base: string, url: string, cookie: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  const body = (await response.json()) as { vitals?: { heartRate?: { buckets?: unknown[] } } };
  const elapsed = performance.now() - start;
  if (!response.ok || !Array.isArray(body.vitals?.heartRate?.buckets))
    throw new Error(`${url}: ${response.status}`);
  return elapsed;
}

async function benchEngine(setup: EngineSetup, databaseUrl?: string) {
  // The readings end now: the panel's ranges are rolling windows ending at the server's clock.
  const end = new Date();
  const { petIds, base, cookie, close } = await serveLoadedTrackers(
    setup,
    { id: '00000000-0000-4000-8000-00000000be02', email: 'bench.vitals@example.test' },
    end,
  );
  const baseline = BASELINE && databaseUrl ? await forkBaseline(BASELINE, databaseUrl) : undefined;
  try {
    const targets = [
      { name: 'this', base },
      ...(baseline ? [{ name: baseline.name, base: baseline.base }] : []),
    ];
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = (range: string) =>
      `/v1/pets/${petIds[Math.floor(next() * petIds.length)] ?? ''}/vitals?range=${range}`;

    const table: Record<string, Record<string, number>> = {};
    for (const range of RANGES) {
      const samples = targets.map(() => ({ alone: [] as number[], concurrent: [] as number[] }));
      for (let round = 0; round < ROUNDS; round++) {
        // Alternating which app goes first: a busy shared machine drifts within a round.
        const order = targets.map((_, i) => i);
        if (round % 2 === 1) order.reverse();
        for (const t of order) {
          const target = targets[t] as (typeof targets)[number];
          const { alone, concurrent } = samples[t] as (typeof samples)[number];
          for (let i = 0; i < WARMUP; i++) await timeOne(target.base, pick(range), cookie);
          for (let i = 0; i < REQUESTS; i++) alone.push(await timeOne(target.base, pick(range), cookie));
          await Promise.all(
            Array.from({ length: CONCURRENCY }, async () => {
              for (let i = 0; i < Math.ceil(REQUESTS / 4); i++)
                concurrent.push(await timeOne(target.base, pick(range), cookie));
            }),
          );
        }
      }
      targets.forEach((target, t) => {
        const { alone, concurrent } = samples[t] as (typeof samples)[number];
        alone.sort((a, b) => a - b);
        concurrent.sort((a, b) => a - b);
        table[targets.length > 1 ? `vitals ${range} · ${target.name}` : `vitals ${range}`] = {
          'alone p50': Number(percentile(alone, 50).toFixed(1)),
          'alone p99': Number(percentile(alone, 99).toFixed(1)),
          [`${CONCURRENCY} conc. p50`]: Number(percentile(concurrent, 50).toFixed(1)),
          [`${CONCURRENCY} conc. p99`]: Number(percentile(concurrent, 99).toFixed(1)),
        };
      });
    }
    console.log(
      `ms per request over loopback: ${REQUESTS} one at a time after ${WARMUP} warm-up ones, then ` +
        `${CONCURRENCY} clients × ${Math.ceil(REQUESTS / 4)} requests; random pet` +
        (targets.length > 1 ? `; ${ROUNDS} rounds, the apps alternating, samples pooled` : ''),
    );
    console.table(table);
  } finally {
    await baseline?.close();
    await close();
  }
}

await forEachEngine('vitals', benchEngine);
