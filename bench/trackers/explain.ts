/**
 * The chart and vitals statements of one pet under EXPLAIN (ANALYZE, BUFFERS), on a loaded bench
 * database (support/load-trackers.ts): where a chart's time goes, without the HTTP around it.
 *
 *   BENCH_DATABASE_URL=postgres://…/copy npx tsx trackers/explain.ts [pattern]
 */
import { type SQL, sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import {
  bucketsOfPeriod,
  dailyBucketsOfKinds,
  subDailyBucketsOfKinds,
} from '../../apps/api/src/modules/records/trackers/trackers.charts.repository.ts';
import {
  localDaysPeriod,
  periodContainingOf,
  periodCovering,
} from '../../apps/api/src/modules/records/trackers/trackers.periods.repository.ts';
import { rows } from '../support/tracker-data.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL');
const only = process.argv[2];
const database = await openPostgres(url);
const db = database.db;
const pet = rows<{ id: string; timezone: string; end: Date }>(
  await db.execute(sql`
    select p.id, u.timezone, (select max(measured_at) from tracker_readings r where r.pet_id = p.id) as end
    from pets p join families f on f.id = p.family_id join users u on u.id = f.owner_user_id
    where p.name = 'Bench 7'`),
)[0];
if (!pet) throw new Error('no bench pet');
const end = new Date(pet.end);
const at = new Date(end.getTime() - 100 * 86_400_000);

// The repository functions run their statement through this: EXPLAIN instead, the plan printed.
// Statements come either as drizzle SQL (`db.execute`) or, prepared (`executePrepared`), as text and
// parameters; both are explained the same way.
let label = '';
const printPlan = (plan: string[]) => {
  if (!only || label.includes(only)) console.log(`\n=== ${label}\n${plan.join('\n')}`);
  // A row each reader takes apart without failing: one bucket, as rows or as `bucketsOfPeriod`'s arrays.
  return [
    {
      period_start: 0,
      period_end: 0,
      start: 0,
      starts: '[0]',
      counts: '[0]',
      sums: '[null]',
      avgs: '[null]',
      mins: '[null]',
      maxs: '[null]',
    },
  ];
};
const planOf = (text: string, params: unknown[]) =>
  db.execute(
    sql.raw(
      `explain (analyze, buffers) ${text.replace(/\$(\d+)/g, (_, i) => literal(params[Number(i) - 1]))}`,
    ),
  );
const literal = (value: unknown) =>
  value === null
    ? 'null'
    : `'${String(value instanceof Date ? value.toISOString() : value).replaceAll("'", "''")}'`;
const lines = (result: unknown) => rows<{ 'QUERY PLAN': string }>(result).map((r) => r['QUERY PLAN']);
const explaining = {
  execute: async (query: SQL) => ({
    rows: printPlan(lines(await db.execute(sql`explain (analyze, buffers) ${query}`))),
  }),
  _: {
    session: {
      prepareQuery: (query: { sql: string; params: unknown[] }) => ({
        execute: async () => ({ rows: printPlan(lines(await planOf(query.sql, query.params))) }),
      }),
    },
  },
} as unknown as typeof db;

const cases: [string, () => Promise<unknown>][] = [
  [
    'day chart',
    () => bucketsOfPeriod(explaining, pet, 'respiratory_rate', '30m', periodContainingOf('day', at)),
  ],
  [
    'week chart',
    () => bucketsOfPeriod(explaining, pet, 'respiratory_rate', '1h', periodContainingOf('week', at)),
  ],
  [
    'month chart',
    () => bucketsOfPeriod(explaining, pet, 'respiratory_rate', '1d', periodContainingOf('month', at)),
  ],
  [
    'year chart',
    () => bucketsOfPeriod(explaining, pet, 'respiratory_rate', '1d', periodContainingOf('isoyear', at)),
  ],
  [
    'vitals 7d',
    async () => {
      const period = await periodCovering(
        db,
        pet.timezone,
        '1h',
        new Date(end.getTime() - 7 * 86_400_000),
        end,
      );
      const kinds = ['respiratory_rate', 'heart_rate', 'drinking', 'shaking'] as const;
      // The panel reads its range's buckets; the previous period's totals come with its newest values.
      await subDailyBucketsOfKinds(explaining, pet.id, kinds, '1h', period);
    },
  ],
  [
    'vitals 90d',
    async () => {
      const day = end.toISOString().slice(0, 10);
      const period = await localDaysPeriod(db, pet.timezone, day, 90);
      const kinds = ['respiratory_rate', 'heart_rate', 'drinking', 'shaking'] as const;
      await dailyBucketsOfKinds(explaining, pet.id, kinds, pet.timezone, period);
    },
  ],
];
try {
  for (const [name, run] of cases) {
    label = name;
    await run();
    await run(); // the second run is the warm one that counts
  }
} finally {
  await database.close();
}
