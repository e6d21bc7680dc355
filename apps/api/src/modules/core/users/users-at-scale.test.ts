import { USER_CSV_COLUMNS } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

const FAMILIES = 1_200;
const USERS = 2_100;
const PETS = 3_000;
const petsOfFamily = new Map<string, number>();
const familyOfUser = new Map<string, string | null>();

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);

  const familyIds = Array.from({ length: FAMILIES }, () => newId());
  const userIds = Array.from({ length: USERS }, () => newId());
  // The first users own the families; the next ones join them; the last 300 have none.
  const userFamily = userIds.map((_, i) => (i < USERS - 300 ? (familyIds[i % FAMILIES] ?? null) : null));
  // Uneven pet counts (0 to 5 per family) so the pets-count sort has something to sort.
  const petFamilies = Array.from({ length: PETS }, (_, i) => familyIds[(i * i) % FAMILIES] as string);
  userIds.forEach((id, i) => {
    familyOfUser.set(id, userFamily[i] ?? null);
  });
  for (const familyId of petFamilies) petsOfFamily.set(familyId, (petsOfFamily.get(familyId) ?? 0) + 1);

  const db = app.database.db;
  const kinds = ['internal', 'paid', 'beta', 'b2b', 'unspecified'];
  await db.execute(sql`
    insert into families (id, family_kind)
    select id, (${sql.param(kinds)}::text[])[1 + (n % 5)]::family_kind
    from unnest(${sql.param(familyIds)}::uuid[]) with ordinality as f(id, n)`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, user_type, family_id, created_at)
    select id, 'user' || n || '@scale.test', 'First' || n, 'Last' || (n % 97), 1 + (n % 2)::smallint,
      family_id, timestamptz '2024-01-01' + n * interval '1 minute'
    from unnest(${sql.param(userIds)}::uuid[], ${sql.param(userFamily)}::uuid[]) with ordinality as u(id, family_id, n)`);
  await db.execute(sql`
    update families set owner_user_id = o.owner_id
    from unnest(${sql.param(familyIds)}::uuid[], ${sql.param(userIds.slice(0, FAMILIES))}::uuid[]) as o(family_id, owner_id)
    where families.id = o.family_id`);
  await db.execute(sql`
    insert into pets (id, name, species, family_id)
    select gen_random_uuid(), 'Pet' || n, 'dog', family_id
    from unnest(${sql.param(petFamilies)}::uuid[]) with ordinality as p(family_id, n)`);
});

function get(url: string) {
  return app.inject({ method: 'GET', url, cookies });
}

/** How many statements one request sends to the database. */
async function queriesOf(url: string): Promise<number> {
  const client = (app.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const spy = vi.spyOn(client, 'query');
  try {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    // The job queue polls through the same pool every half second: its statements are not the list's.
    const textOf = (first: unknown) =>
      typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text ?? '');
    return spy.mock.calls.filter(([first]) => !/\bpgboss\b/i.test(textOf(first))).length;
  } finally {
    spy.mockRestore();
  }
}

describe('the users list with thousands of users', () => {
  it('counts every match and each family’s pets correctly', async () => {
    const response = await get('/v1/users?sort=petsCount&order=desc&pageSize=200');
    const body = response.json();
    expect(body.pagination).toEqual({
      page: 1,
      pageSize: 200,
      total: USERS,
      totalIsCapped: false,
      pageCount: 11,
    });
    const counts = body.users.map((user: { petsCount: number }) => user.petsCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const user of body.users as Array<{ uuid: string; petsCount: number }>) {
      const familyId = familyOfUser.get(user.uuid);
      expect(user.petsCount).toBe(familyId ? (petsOfFamily.get(familyId) ?? 0) : 0);
    }
    expect((await get('/v1/users?user_type=2')).json().pagination.total).toBe(USERS / 2);
  });

  it('sends as many queries for 200 rows as for 5: no query per row', async () => {
    for (const sort of ['name', 'petsCount', 'createdAt']) {
      const few = await queriesOf(`/v1/users?sort=${sort}&pageSize=5`);
      const many = await queriesOf(`/v1/users?sort=${sort}&pageSize=200`);
      // The session lookup is cached for 2 s, so one of the two may skip it; a query per row would add 195.
      expect(Math.abs(many - few)).toBeLessThanOrEqual(1);
      // The page with its total in one statement, and the session check unless it is cached.
      expect(few).toBeGreaterThanOrEqual(1);
      expect(few).toBeLessThanOrEqual(3);
    }
  });

  it('pages through everyone by name with no user shown twice or skipped', async () => {
    const seen = new Set<string>();
    for (let page = 1; page <= 11; page += 1) {
      const body = (await get(`/v1/users?sort=name&order=asc&pageSize=200&page=${page}`)).json();
      for (const user of body.users) seen.add(user.uuid);
    }
    expect(seen.size).toBe(USERS);
  });

  it('exports every user across several database batches, each once', async () => {
    const response = await get('/v1/users/export?sort=petsCount&order=asc');
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(USERS);
    expect(new Set(lines.map((line) => line.slice(0, 36))).size).toBe(USERS);
    const petsCountColumn = USER_CSV_COLUMNS.indexOf('petsCount');
    const counts = lines.map((line) => Number(line.split(',')[petsCountColumn]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });
});
