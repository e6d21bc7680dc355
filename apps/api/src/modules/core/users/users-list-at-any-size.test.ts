import { LIST_TOTAL_CAP, type UserSortField } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { rowsOf } from '../../../db/rows.ts';
import { userPageStatement } from './users.repository.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

/** More users than lists count, so the total is capped; 30 of them are "Rare" to filter under the cap. */
const USERS = LIST_TOTAL_CAP + 40;
const RARE = 30;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
  await app.database.db.execute(sql`
    insert into users (id, email, first_name, last_name, user_type, created_at)
    select gen_random_uuid(), 'user' || n || '@cap.test', case when n <= ${RARE} then 'Rare' else 'Common' end,
      'Last' || (n % 7), 1 + (n % 2)::smallint, timestamptz '2024-01-01' + n * interval '1 minute'
    from generate_series(1, ${USERS}::int) n`);
});

async function list(query: string) {
  const response = await app.inject({ method: 'GET', url: `/v1/users${query}`, cookies });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('a users list bigger than lists count', () => {
  it('says the exact number of users when nothing filters the list, without counting them', async () => {
    const [row] = rowsOf<{ n: number }>(
      await app.database.db.execute(sql`select count(*)::int as n from users`),
    );
    const everyone = row?.n ?? 0;
    expect(everyone).toBeGreaterThan(LIST_TOTAL_CAP);
    const body = await list('?pageSize=50');
    expect(body.pagination).toEqual({
      page: 1,
      pageSize: 50,
      total: everyone,
      totalIsCapped: false,
      pageCount: Math.ceil(everyone / 50),
    });
    expect(body.users).toHaveLength(50);
  });

  it('says "10,000+" instead of counting every user a filter matches', async () => {
    const body = await list('?search=common&pageSize=50');
    expect(body.pagination).toEqual({
      page: 1,
      pageSize: 50,
      total: LIST_TOTAL_CAP,
      totalIsCapped: true,
      pageCount: LIST_TOTAL_CAP / 50,
    });
    expect(body.users).toHaveLength(50);
  });

  it('still counts exactly when the filter matches fewer', async () => {
    const body = await list('?search=rare&pageSize=25&page=1');
    expect(body.pagination).toEqual({
      page: 1,
      pageSize: 25,
      total: RARE,
      totalIsCapped: false,
      pageCount: 2,
    });
    const last = await list('?search=rare&pageSize=25&page=2');
    expect(last.pagination).toMatchObject({ total: RARE, totalIsCapped: false });
    expect(last.users).toHaveLength(RARE - 25);
    const past = await list('?search=rare&pageSize=25&page=3');
    expect(past.pagination).toMatchObject({ total: RARE, totalIsCapped: false });
    expect(past.users).toHaveLength(0);
  });

  it('pages beyond the counted ones still answer rows', async () => {
    const body = await list(`?search=common&pageSize=200&page=${LIST_TOTAL_CAP / 200 + 1}`);
    expect(body.users).toHaveLength(USERS - RARE - LIST_TOTAL_CAP);
    expect(body.pagination).toMatchObject({ total: LIST_TOTAL_CAP, totalIsCapped: true });
  });

  it('keeps the exact total through inserts, deletes and a page past the end', async () => {
    const before = (await list('?pageSize=50')).pagination.total;
    await app.database.db.execute(sql`
      insert into users (id, email, first_name, last_name, user_type)
      select gen_random_uuid(), 'late' || n || '@cap.test', 'Late', 'Comer', 1 from generate_series(1, 3) n`);
    expect((await list('?pageSize=50')).pagination.total).toBe(before + 3);
    await app.database.db.execute(
      sql`delete from users where email like 'late%@cap.test' and email <> 'late1@cap.test'`,
    );
    const after = await list('?pageSize=50');
    expect(after.pagination.total).toBe(before + 1);
    const past = await list(`?pageSize=200&page=${Math.ceil((before + 1) / 200) + 1}`);
    expect(past.users).toHaveLength(0);
    expect(past.pagination).toMatchObject({ total: before + 1, totalIsCapped: false });
  });
});

/** The plan of one page's query with table and bitmap scans priced out: what an index can serve shows. */
async function pagePlan(sort: UserSortField, order: 'asc' | 'desc', userType?: 1 | 2): Promise<string> {
  const query = new PgDialect().sqlToQuery(
    userPageStatement({ user_type: userType, search: undefined }, { sort, order }, { offset: 0, limit: 50 }),
  );
  const text = query.sql.replace(/\$(\d+)/g, (_, n) => String(query.params[Number(n) - 1]));
  return app.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = await tx.execute(sql.raw(`explain ${text}`));
    return (result as unknown as { rows: Array<Record<string, string>> }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
  });
}

/** The part of the plan that finds the page's users: everything under the innermost Limit. */
function underLimit(plan: string): string {
  const at = plan.lastIndexOf('Limit');
  expect(at).toBeGreaterThanOrEqual(0);
  return plan.slice(at);
}

describe('the users list reads a page from an index', () => {
  const cases: Array<[UserSortField, 'asc' | 'desc', 1 | 2 | undefined, string]> = [
    ['createdAt', 'desc', undefined, 'users_created_idx'],
    ['createdAt', 'asc', undefined, 'users_created_idx'],
    ['createdAt', 'desc', 2, 'users_type_created_idx'],
    ['name', 'asc', undefined, 'users_name_lower_idx'],
    ['name', 'desc', undefined, 'users_name_lower_idx'],
    ['email', 'asc', undefined, 'users_email_lower_idx'],
  ];
  it.each(cases)(
    'sorted by %s %s (user type %s) walks %s, tie-breaker included',
    async (sort, order, type, index) => {
      const plan = underLimit(await pagePlan(sort, order, type));
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/Sort/);
    },
  );
});
