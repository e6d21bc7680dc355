/**
 * Global search latency (target: under 50 ms on the demo data, as vets type). Seeds the demo data, makes sure there
 * are at least BENCH_ROWS pets and owners (topping up with generated rows), then times GET /v1/search
 * for typical queries, one request at a time, on a real server over loopback. Also prints whether the
 * plans use the trigram indexes.
 *
 *   npm run bench:search                                   # PGlite
 *   BENCH_DATABASE_URL=postgres://… npm run bench:search   # PostgreSQL too (an empty, disposable database)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { seedDemoData } from '../../apps/api/src/seed/seed.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const BUDGET_MS = 50;
const PASSWORD = 'bench-password-123';

const QUERIES = [
  'luna', // a common pet name: exact hits
  'lu', // two letters: prefix of many names
  'lnua', // a typo
  'emma clarke', // an owner's full name
  'clarke@example', // part of an e-mail
  'helena', // a vet
  '985112', // microchip digits
  'e', // one letter: the widest match
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function countOf(db: Db, table: 'pets' | 'users'): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
}

/** A deterministic, valid (version 4, RFC variant) UUID for generated row `i` of `kind`. */
function benchUuid(kind: string, i: ReturnType<typeof sql>) {
  const hash = sql`md5(${`bench-${kind}-`} || ${i})`;
  return sql`(substr(${hash}, 1, 12) || '4' || substr(${hash}, 14, 3) || '8' || substr(${hash}, 18, 15))::uuid`;
}

/** Generated owners (one family each) and pets, in three set-based statements. */
async function topUp(db: Db, owners: number, pets: number): Promise<void> {
  const n = Math.max(owners, 1);
  await db.execute(sql`
    insert into families (id, family_kind)
    select ${benchUuid('family', sql`i`)}, 'paid' from generate_series(1, ${n}::int) i
    on conflict do nothing`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, user_type, family_id, timezone)
    select ${benchUuid('user', sql`i`)}, 'bench.owner' || i || '@example.test',
      (array['Olivia','Noah','Amelia','Leo','Isla','Oscar','Ava','Arthur','Mia','Harry'])[1 + i % 10],
      (array['Smith','Jones','Taylor','Brown','Wilson','Evans','Thomas','Walker','Wright','Hughes'])[1 + (i / 10) % 10],
      1, ${benchUuid('family', sql`i`)}, 'UTC'
    from generate_series(1, ${owners}::int) i
    on conflict do nothing`);
  await db.execute(sql`
    insert into pets (id, name, species, family_id, microchip)
    select ${benchUuid('pet', sql`i`)},
      (array['Bella','Max','Luna','Charlie','Coco','Daisy','Milo','Teddy','Poppy','Rosie','Bailey','Nala'])[1 + i % 12],
      (case when i % 3 = 0 then 'cat' else 'dog' end)::species,
      ${benchUuid('family', sql`(1 + i % ${n}::int)`)},
      '990' || lpad(i::text, 12, '0')
    from generate_series(1, ${pets}::int) i
    on conflict do nothing`);
}

function scansOf(result: unknown): string {
  const lines = (result as { rows: Array<Record<string, string>> }).rows.map(
    (row) => Object.values(row)[0] ?? '',
  );
  const scans = lines.flatMap(
    (line) => line.match(/(Seq Scan on \w+|Index Scan using \w+|Bitmap Index Scan on \w+)/)?.[1] ?? [],
  );
  return [...new Set(scans)].join(' + ');
}

/** The plan the planner picks, and whether the index can serve the query at all (seq scans off). */
async function explain(db: Db, label: string, query: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.19', true)`);
    const chosen = scansOf(await tx.execute(sql`explain ${query}`));
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    const forced = scansOf(await tx.execute(sql`explain ${query}`));
    console.log(`  ${label}: ${chosen}${forced === chosen ? '' : ` (with seq scans off: ${forced})`}`);
  });
}

async function benchEngine(label: string, database: Database) {
  await migrateDatabase(database);
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: 'low',
    DEMO_PASSWORD: PASSWORD,
    WEB_DIST_DIR: '/none',
  });
  const seeded = await seedDemoData({ db: database.db, config, scale: SCALE, trackers: false });
  if (!seeded.seeded) throw new Error('the bench needs an empty database');
  const [pets, users] = [await countOf(database.db, 'pets'), await countOf(database.db, 'users')];
  if (pets < ROWS || users < ROWS)
    await topUp(database.db, Math.max(0, ROWS - users), Math.max(0, ROWS - pets));
  await database.db.execute(sql`analyze`);
  const rows = { pets: await countOf(database.db, 'pets'), users: await countOf(database.db, 'users') };

  console.log(`\n${label}: ${rows.pets} pets, ${rows.users} users; plans:`);
  await explain(
    database.db,
    "users like '%clarke%'",
    sql`select id from users where search_text like '%clarke%'`,
  );
  await explain(database.db, "pets like '%lun%'", sql`select id from pets where search_text like '%lun%'`);
  await explain(database.db, "pets %> 'lnua'", sql`select id from pets where search_text %> 'lnua'`);
  await explain(
    database.db,
    "microchip like '985112%'",
    sql`select id from pets where microchip like '985112%'`,
  );

  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'head.vet@example.com', password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie =
      (login.headers.getSetCookie().find((c) => c.startsWith('vb_access=')) ?? '').split(';')[0] ?? '';

    const table: Record<string, Record<string, number | string>> = {};
    let worstP99 = 0;
    const targets: Array<[string, string]> = [
      // The floor: the same HTTP round trip and session lookup, without the search.
      ['GET /v1/auth/vet (baseline)', `${base}/v1/auth/vet`],
      ...QUERIES.map((q): [string, string] => [`q=${q}`, `${base}/v1/search?q=${encodeURIComponent(q)}`]),
    ];
    for (const [label, url] of targets) {
      const times: number[] = [];
      let hits = 0;
      let first = '';
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const start = performance.now();
        const response = await fetch(url, { headers: { cookie } });
        const body = (await response.json()) as { results?: Array<{ title: string }> };
        const elapsed = performance.now() - start;
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        if (i >= WARMUP) times.push(elapsed);
        hits = body.results?.length ?? 0;
        first = body.results?.[0]?.title ?? '';
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      if (label.startsWith('q=')) worstP99 = Math.max(worstP99, p99);
      table[label] = {
        'p50 ms': Number(percentile(times, 50).toFixed(1)),
        'p99 ms': Number(p99.toFixed(1)),
        results: hits,
        first,
      };
    }
    console.log(`${REQUESTS} sequential requests per query after ${WARMUP} warm-up ones`);
    console.table(table);
    console.log(
      `worst p99 ${worstP99.toFixed(1)} ms: ${worstP99 < BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget`,
    );
  } finally {
    await app.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-bench-'));
try {
  await benchEngine('PGlite', await openPglite({ dataDir: dir }));
  if (process.env.BENCH_DATABASE_URL)
    await benchEngine('PostgreSQL', await openPostgres(process.env.BENCH_DATABASE_URL));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
