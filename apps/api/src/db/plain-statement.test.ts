import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sqlToQuery } from './plain-statement.ts';
import { users } from './schema.ts';

const drizzle = new PgDialect();

/** Shaped like a chart's statement: fragments in fragments, one value used many times, raw text, lists. */
function chartLike(petId: string, timezone: string, kinds: string[]): SQL {
  const start = sql`${'2026-07-01T00:00:00.000Z'}::timestamptz`;
  const end = sql`${'2026-07-08T00:00:00.000Z'}::timestamptz`;
  const local = (at: SQL) => sql`(${at} at time zone ${timezone})`;
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}::reading_kind`),
    sql`, `,
  );
  return sql`
    with agg as (
      select kind, date_bin(${'1 hour'}::interval, bucket_start, ${start}) as bucket, sum(count)::int as count
      from tracker_rollups_30m
      where pet_id = ${petId} and kind in (${kindList}) and bucket_start >= ${start} and bucket_start < ${end}
      group by 1, 2
    )
    select ${local(start)} as a, ${local(end)} as b, ${sql.raw(String(2 ** 48 - 1))}::int8 as bits,
           ${48} as n, ${0.5}::float8 as half, ${true} as flag, ${null}::text as nothing ${undefined}
    from unnest(array[${kindList}]) as k(kind) left join agg on agg.kind = k.kind`;
}

describe('a hand-written statement is built as drizzle builds it', () => {
  it('gives the same text and parameters for nested fragments, lists, raw text and every primitive', () => {
    const statement = chartLike('0190b3c2-4e5a-7a01-8c11-000000000003', 'Europe/London', [
      'respiratory_rate',
      'heart_rate',
    ]);
    const fast = sqlToQuery(statement);
    const { sql: text, params, typings } = drizzle.sqlToQuery(statement);
    expect(fast).toEqual({ sql: text, params });
    expect(params).toHaveLength(17);
    // Built by the walk, not handed to drizzle, whose result also lists each parameter's typing.
    expect(typings).toHaveLength(17);
    expect(fast).not.toHaveProperty('typings');
  });

  it('leaves to drizzle what it does not build itself: dates, placeholders, columns, arrays, inlined params', () => {
    const statements = [
      sql`select ${new Date('2026-07-01T00:00:00Z')}::timestamptz`,
      sql`select * from users where id = ${sql.placeholder('id')}`,
      sql`select ${users.email} from ${users} where ${users.id} = ${'a'}`,
      sql`select 1 where 2 in ${[1, 2, 3]}`,
      sql`select ${'inline'} as text`.inlineParams(),
    ];
    for (const statement of statements) {
      const expected = drizzle.sqlToQuery(statement);
      expect(sqlToQuery(statement)).toEqual(expected);
    }
  });
});
