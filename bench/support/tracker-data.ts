/**
 * The trackers' bench data, shared by the chart and vitals benches: BENCH pets in several timezones
 * with a year of readings of the four collar kinds and a weekly weight entry, loaded with set-based SQL.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';

export const TIMEZONES = ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney', 'UTC'];
export const KINDS = ['respiratory_rate', 'heart_rate', 'shaking', 'drinking'] as const;
export const YEAR_SECONDS = 365 * 86_400;

export const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A sequential, valid (version 4, RFC variant) UUID: bulk inserts stay append-only in the B-tree. */
export function benchUuid(prefix: number, a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) {
  return sql`(lpad(to_hex(${prefix}::int), 8, '0') || '-' || lpad(to_hex(${a}), 4, '0') || '-4000-8000-' || lpad(to_hex(${b}), 12, '0'))::uuid`;
}

export async function createPets(db: Db, count: number): Promise<string[]> {
  await db.execute(sql`
    insert into families (id, family_kind)
    select ${benchUuid(1, sql`0`, sql`i`)}, 'paid' from generate_series(1, ${count}::int) i`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, user_type, family_id, timezone)
    select ${benchUuid(2, sql`0`, sql`i`)}, 'bench.owner' || i || '@example.test', 'Bench', 'Owner', 1,
           ${benchUuid(1, sql`0`, sql`i`)}, (${sql.param(TIMEZONES)}::text[])[1 + i % ${TIMEZONES.length}::int]
    from generate_series(1, ${count}::int) i`);
  await db.execute(sql`
    update families f set owner_user_id = u.id from users u where u.family_id = f.id and u.email like 'bench.owner%'`);
  await db.execute(sql`
    insert into pets (id, name, species, family_id)
    select ${benchUuid(3, sql`0`, sql`i`)}, 'Bench ' || i, (case when i % 3 = 0 then 'cat' else 'dog' end)::species,
           ${benchUuid(1, sql`0`, sql`i`)}
    from generate_series(1, ${count}::int) i`);
  await db.execute(sql`
    insert into pet_health_profiles (pet_id, target_weight_kg)
    select ${benchUuid(3, sql`0`, sql`i`)}, 12 from generate_series(1, ${count}::int) i`);
  return rows<{ id: string }>(
    await db.execute(sql`select id from pets where name like 'Bench %' order by id`),
  ).map((r) => r.id);
}

/**
 * A year of readings per pet, the four kinds evenly spaced and ending at `end`, with plausible values;
 * one statement per pet keeps each statement's memory bounded (PGlite runs in this process).
 */
export async function loadReadings(db: Db, petIds: string[], perPet: number, end: Date): Promise<void> {
  const perKind = Math.floor(perPet / KINDS.length);
  const step = YEAR_SECONDS / perKind;
  for (const [p, petId] of petIds.entries()) {
    await db.execute(sql`
      insert into tracker_readings (id, pet_id, kind, value, measured_at, source)
      select ${benchUuid(4 + p, sql`k.n`, sql`i`)}, ${petId}::uuid, k.kind::reading_kind,
             case k.kind
               when 'respiratory_rate' then 18 + 6 * sin(i / 40.0) + random() * 4
               when 'heart_rate' then 70 + 40 * random()
               when 'shaking' then floor(random() * 3)
               else floor(random() * 40)
             end,
             ${end.toISOString()}::timestamptz - make_interval(secs => (${perKind}::int - i) * ${step}::float8),
             (case when i % 50 = 0 then 'app' else 'tracker' end)::reading_source
      from unnest(${sql.param([...KINDS])}::text[]) with ordinality as k(kind, n),
           generate_series(0, ${perKind - 1}::int) i`);
    if ((p + 1) % 10 === 0) process.stdout.write(`  ${p + 1}/${petIds.length} pets loaded\r`);
  }
  await db.execute(sql`
    insert into weight_entries (id, pet_id, value_kg, measured_at, location, author)
    select ${benchUuid(5000, sql`0`, sql`(p.n * 100 + w)::int`)}, p.id, 11 + random() * 2,
           ${end.toISOString()}::timestamptz - make_interval(days => w * 7), 'home', 'user'
    from unnest(${sql.param(petIds)}::uuid[]) with ordinality as p(id, n), generate_series(0, 51) w`);
}

export async function countReadings(db: Db): Promise<number> {
  return (
    rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from tracker_readings`))[0]?.n ?? 0
  );
}
