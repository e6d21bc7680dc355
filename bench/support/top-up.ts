/**
 * A demo seed at N× its users without seeding N× (over 20 minutes at scale 100 on a shared 2-core
 * machine): (N − 1) × the seeded users more, each with a paid family and one pet, spread over the same
 * years, in set-based SQL, then analysed. The pets are named "Pet <n>": a search for a seeded pet's
 * name finds as many real matches at every scale, while every added owner is a candidate the typo
 * search must screen.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.ts';
import { rowsOf } from '../../apps/api/src/db/rows.ts';

export async function topUpUsers(db: Database['db'], scale: number): Promise<void> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`));
  const extra = (row?.n ?? 0) * (scale - 1);
  const id = (kind: number) =>
    sql.raw(`(lpad(to_hex(${kind}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid`);
  await db.execute(sql`
    insert into families (id, family_kind) select ${id(1)}, 'paid' from generate_series(1, ${extra}::int) i`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, user_type, family_id, created_at)
    select ${id(2)}, 'topup' || i || '@example.test',
      (array['Olivia','Noah','Amelia','Leo','Isla','Oscar','Ava','Arthur','Mia','Harry'])[1 + i % 10],
      (array['Smith','Jones','Taylor','Brown','Wilson','Evans','Thomas','Walker','Wright','Hughes'])[1 + (i / 10) % 10],
      1 + (i % 2)::smallint, ${id(1)}, now() - (i % 1500) * interval '1 day' - (i % 86400) * interval '1 second'
    from generate_series(1, ${extra}::int) i`);
  await db.execute(sql`
    insert into pets (id, name, species, family_id)
    select ${id(3)}, 'Pet ' || i, 'dog', ${id(1)} from generate_series(1, ${extra}::int) i`);
  await db.execute(sql`analyze`);
}
