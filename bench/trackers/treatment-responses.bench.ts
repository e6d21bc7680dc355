import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  type EngineSetup,
  forEachEngine,
  percentile,
  serveLoadedTrackers,
} from '../support/tracker-server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARMUP = 20;
const DAY_MS = 86_400_000;

async function timeOne(base: string, url: string, cookie: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  const body = (await response.json()) as { responses?: unknown[] };
  const elapsed = performance.now() - start;
  if (!response.ok || !Array.isArray(body.responses) || body.responses.length === 0)
    throw new Error(`${url}: ${response.status}`);
  return elapsed;
}

/**
 * GET /v1/pets/{id}/treatment-responses over a year of readings: each pet gets a treatment started
 * 300 days before the end, one started 100 days before and stopped 40 days before, and one started 20
 * days before, so a read spans 300 days of daily rollups and answers 4 facts × 4 vitals.
 */
async function benchEngine(setup: EngineSetup) {
  const end = new Date();
  const { petIds, base, cookie, close, db } = await serveLoadedTrackers(
    setup,
    { id: '00000000-0000-4000-8000-00000000be05', email: 'bench.treatments@example.test' },
    end,
  );
  try {
    const day = (daysBefore: number) => new Date(end.getTime() - daysBefore * DAY_MS);
    const iso = (daysBefore: number) => day(daysBefore).toISOString().slice(0, 10);
    for (const [index, petId] of petIds.entries()) {
      for (const [n, started, stopped] of [
        [1, 300, null],
        [2, 100, 40],
        [3, 20, null],
      ] as const) {
        const id = `00000000-0000-4000-8${String(n).padStart(3, '0')}-${String(index).padStart(12, '0')}`;
        await db.execute(sql`
          insert into prescriptions (id, pet_id, drug_code, drug_name, strength_id, strength_label, strength_unit,
            mg_per_unit, dose_mg_per_kg, weight_kg, weight_measured_at, mg_per_dose, units_per_dose, amount_text,
            frequency, route, start_on, status, created_at, updated_at, stopped_at)
          values (${id}, ${petId}, 'furosemide', 'Furosemide', 'furosemide-tab-10', 'Tablet, 10 mg', 'tablet',
            10, 1, 10, ${day(started).toISOString()}, 10, 1, '1 tablet of 10 mg', 'twice_daily', 'oral',
            ${iso(started)}, ${stopped === null ? 'active' : 'stopped'}, ${day(started).toISOString()},
            ${day(started).toISOString()}, ${stopped === null ? null : day(stopped).toISOString()})
          on conflict (id) do nothing`);
      }
    }
    await db.execute(sql`analyze prescriptions`);
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = (query: string) =>
      `/v1/pets/${petIds[Math.floor(next() * petIds.length)] ?? ''}/treatment-responses${query}`;
    const table: Record<string, Record<string, number>> = {};
    for (const [name, query] of [
      ['all four vitals', ''],
      ['respiratory chart', '?vital=respiratoryRate'],
    ] as const) {
      const alone: number[] = [];
      const concurrent: number[] = [];
      for (let i = 0; i < WARMUP; i++) await timeOne(base, pick(query), cookie);
      for (let i = 0; i < REQUESTS; i++) alone.push(await timeOne(base, pick(query), cookie));
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let i = 0; i < Math.ceil(REQUESTS / 4); i++)
            concurrent.push(await timeOne(base, pick(query), cookie));
        }),
      );
      alone.sort((a, b) => a - b);
      concurrent.sort((a, b) => a - b);
      table[name] = {
        'alone p50': Number(percentile(alone, 50).toFixed(1)),
        'alone p99': Number(percentile(alone, 99).toFixed(1)),
        [`${CONCURRENCY} conc. p50`]: Number(percentile(concurrent, 50).toFixed(1)),
        [`${CONCURRENCY} conc. p99`]: Number(percentile(concurrent, 99).toFixed(1)),
      };
    }
    console.log(
      `ms per request over loopback: ${REQUESTS} one at a time after ${WARMUP} warm-up ones, then ` +
        `${CONCURRENCY} clients × ${Math.ceil(REQUESTS / 4)} requests; random pet`,
    );
    console.table(table);
  } finally {
    await close();
  }
}

await forEachEngine('treatment-responses', benchEngine);
