import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet, createUser } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';

// The users list reads each family's pet count from a column the database keeps (issue #48): these
// writes go straight to the tables, as the seed, the fixtures and an operator's SQL do, and the list
// must still answer what counting the pets answers.
const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
const family: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
let memberOfA: string;

beforeAll(async () => {
  app = context.app;
  cookies = await loginAs(app, (await createTestVet(app)).email);
  const db = app.database.db;
  const a = await createFamily(db, { owner: { firstName: 'Ann' }, members: 1 });
  family.a = a.family.id;
  memberOfA = a.members[0]?.id ?? '';
  family.b = (await createFamily(db, { owner: { firstName: 'Ben' } })).family.id;
  family.c = (await createFamily(db, { owner: { firstName: 'Cat' } })).family.id;
  await createUser(db, { firstName: 'Dan' });
});

const run = (statement: ReturnType<typeof sql>) => app.database.db.execute(statement);

/** The list sorted by pet count, each user's count beside what counting their family's pets gives. */
async function listedCounts(order: 'asc' | 'desc') {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/users?sort=petsCount&order=${order}&pageSize=50`,
    cookies,
  });
  expect(response.statusCode).toBe(200);
  const listed = (response.json().users as Array<{ uuid: string; petsCount: number }>).map((u) => [
    u.uuid,
    u.petsCount,
  ]);
  const counted = rowsOf<{ id: string; n: number }>(
    await run(sql`select u.id, (select count(*)::int from pets p where p.family_id = u.family_id) as n
      from users u`),
  );
  const truth = new Map(counted.map((row) => [row.id, row.n]));
  const expected = [...truth]
    .sort(
      ([idA, nA], [idB, nB]) =>
        (order === 'asc' ? nA - nB : nB - nA) || (idA < idB === (order === 'asc') ? -1 : 1),
    )
    .map(([id, n]) => [id, n]);
  return { listed, expected };
}

async function expectListMatchesCounting() {
  for (const order of ['desc', 'asc'] as const) {
    const { listed, expected } = await listedCounts(order);
    expect(listed).toEqual(expected);
  }
}

async function countOf(userFamily: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/v1/users?sort=petsCount&pageSize=50', cookies });
  const user = (response.json().users as Array<{ familyUuid: string | null; petsCount: number }>).find(
    (u) => u.familyUuid === userFamily,
  );
  return user?.petsCount ?? -1;
}

describe("a user's pets count, kept by the database", () => {
  it('follows pets created, moved between families, renamed, deleted and loaded in bulk', async () => {
    const db = app.database.db;
    const rex = await createPet(db, { familyId: family.a, name: 'Rex' });
    await createPet(db, { familyId: family.a, name: 'Luna' });
    await createPet(db, { familyId: family.b, name: 'Milo' });
    expect([await countOf(family.a), await countOf(family.b), await countOf(family.c)]).toEqual([2, 1, 0]);
    await expectListMatchesCounting();

    await run(sql`update pets set family_id = ${family.b} where id = ${rex.id}`);
    expect([await countOf(family.a), await countOf(family.b)]).toEqual([1, 2]);
    await expectListMatchesCounting();

    await run(sql`update pets set name = 'Rexy' where family_id = ${family.b}`);
    expect(await countOf(family.b)).toBe(2);

    await run(sql`delete from pet_health_profiles where pet_id = ${rex.id}`);
    await run(sql`delete from pets where id = ${rex.id}`);
    expect(await countOf(family.b)).toBe(1);
    await expectListMatchesCounting();

    await run(sql`insert into pets (id, name, species, family_id)
      select gen_random_uuid(), 'Pet ' || n, 'cat', ${family.c} from generate_series(1, 3) n`);
    expect(await countOf(family.c)).toBe(3);
    await expectListMatchesCounting();
  });

  it('follows a user who changes family or leaves it', async () => {
    await run(sql`update users set family_id = ${family.c} where id = ${memberOfA}`);
    await expectListMatchesCounting();
    await run(sql`update users set family_id = null where id = ${memberOfA}`);
    await expectListMatchesCounting();
    const { listed } = await listedCounts('desc');
    expect(listed.find(([id]) => id === memberOfA)?.[1]).toBe(0);
  });
});
