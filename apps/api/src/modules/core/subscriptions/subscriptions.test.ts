import { subscriptionSchema } from '@vetboard/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSubscription, createUser } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import type { UserRow } from '../users/users.table.ts';
import { type SubscriptionRow, subscriptions } from './subscriptions.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let alice: UserRow;
let bruno: UserRow;
// Named by what tells them apart in the tests below.
const subs = {} as Record<
  'aliceOld' | 'aliceNew' | 'brunoTrial' | 'brunoPastDue' | 'openEnded',
  SubscriptionRow
>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
  const db = app.database.db;
  alice = await createUser(db, { firstName: 'Alice' });
  bruno = await createUser(db, { firstName: 'Bruno' });
  const make = async (
    key: keyof typeof subs,
    fields: Omit<Parameters<typeof createSubscription>[1], 'userId'> & { userId: string },
    createdAt: string,
  ) => {
    const row = await createSubscription(db, fields);
    const [updated] = await db
      .update(subscriptions)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(subscriptions.id, row.id))
      .returning();
    subs[key] = updated as SubscriptionRow;
  };
  await make(
    'aliceOld',
    {
      userId: alice.id,
      plan: 'monthly',
      status: 'cancelled',
      startedOn: '2021-01-01',
      renewsOn: '2021-02-01',
    },
    '2021-01-01T10:00:00Z',
  );
  await make(
    'aliceNew',
    { userId: alice.id, plan: 'yearly', status: 'active', startedOn: '2024-06-01', renewsOn: '2025-06-01' },
    '2024-06-01T10:00:00Z',
  );
  await make(
    'brunoTrial',
    {
      userId: bruno.id,
      plan: 'monthly',
      status: 'trialing',
      startedOn: '2025-03-10',
      renewsOn: '2025-04-10',
    },
    '2025-03-10T10:00:00Z',
  );
  await make(
    'brunoPastDue',
    {
      userId: bruno.id,
      plan: 'monthly',
      status: 'past_due',
      startedOn: '2023-09-15',
      renewsOn: '2023-10-15',
    },
    '2023-09-15T10:00:00Z',
  );
  await make(
    'openEnded',
    { userId: bruno.id, plan: 'b2b', status: 'active', startedOn: '2022-05-05', renewsOn: null },
    '2022-05-05T10:00:00Z',
  );
});

function get(url: string, withCookies: Record<string, string> = cookies) {
  return app.inject({ method: 'GET', url, cookies: withCookies });
}

async function idsOf(query: string): Promise<string[]> {
  const response = await get(`/v1/subscriptions${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().subscriptions.map((s: { uuid: string }) => s.uuid);
}

describe('the subscriptions list', () => {
  it('shows each subscription with calendar dates and a creation timestamp, newest start first', async () => {
    const response = await get('/v1/subscriptions');
    const body = response.json();
    expect(body.pagination).toEqual({ page: 1, pageSize: 25, total: 5, totalIsCapped: false, pageCount: 1 });
    expect(body.subscriptions.map((s: { uuid: string }) => s.uuid)).toEqual([
      subs.brunoTrial.id,
      subs.aliceNew.id,
      subs.brunoPastDue.id,
      subs.openEnded.id,
      subs.aliceOld.id,
    ]);
    expect(body.subscriptions[1]).toEqual({
      uuid: subs.aliceNew.id,
      userUuid: alice.id,
      plan: 'yearly',
      status: 'active',
      startedOn: { year: 2024, month: 6, day: 1 },
      renewsOn: { year: 2025, month: 6, day: 1 },
      createdAt: { seconds: Date.parse('2024-06-01T10:00:00Z') / 1000 },
    });
    for (const item of body.subscriptions) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(subscriptionSchema.shape).sort());
    }
  });

  it('filters by status, plan and user, alone or together', async () => {
    expect(await idsOf('?status=active')).toEqual([subs.aliceNew.id, subs.openEnded.id]);
    expect(await idsOf('?status=past_due')).toEqual([subs.brunoPastDue.id]);
    expect(await idsOf('?plan=monthly')).toEqual([
      subs.brunoTrial.id,
      subs.brunoPastDue.id,
      subs.aliceOld.id,
    ]);
    expect(await idsOf(`?userUuid=${alice.id}`)).toEqual([subs.aliceNew.id, subs.aliceOld.id]);
    expect(await idsOf(`?userUuid=${bruno.id}&status=active&plan=b2b`)).toEqual([subs.openEnded.id]);
    const none = await get(`/v1/subscriptions?userUuid=${alice.id}&status=trialing`);
    expect(none.json()).toEqual({
      subscriptions: [],
      pagination: { page: 1, pageSize: 25, total: 0, totalIsCapped: false, pageCount: 1 },
    });
  });

  it('sorts by start date, renewal date (open-ended last either way) and creation, both ways', async () => {
    expect(await idsOf('?sort=startedOn&order=asc')).toEqual([
      subs.aliceOld.id,
      subs.openEnded.id,
      subs.brunoPastDue.id,
      subs.aliceNew.id,
      subs.brunoTrial.id,
    ]);
    expect(await idsOf('?sort=renewsOn&order=asc')).toEqual([
      subs.aliceOld.id,
      subs.brunoPastDue.id,
      subs.brunoTrial.id,
      subs.aliceNew.id,
      subs.openEnded.id,
    ]);
    expect(await idsOf('?sort=renewsOn&order=desc')).toEqual([
      subs.aliceNew.id,
      subs.brunoTrial.id,
      subs.brunoPastDue.id,
      subs.aliceOld.id,
      subs.openEnded.id,
    ]);
    const byCreation = [
      subs.aliceOld.id,
      subs.openEnded.id,
      subs.brunoPastDue.id,
      subs.aliceNew.id,
      subs.brunoTrial.id,
    ];
    expect(await idsOf('?sort=createdAt&order=asc')).toEqual(byCreation);
    expect(await idsOf('?sort=createdAt&order=desc')).toEqual([...byCreation].reverse());
  });

  it('pages: the second page, the total and the page count', async () => {
    const response = await get('/v1/subscriptions?sort=startedOn&order=asc&page=2&pageSize=2');
    const body = response.json();
    expect(body.subscriptions.map((s: { uuid: string }) => s.uuid)).toEqual([
      subs.brunoPastDue.id,
      subs.aliceNew.id,
    ]);
    expect(body.pagination).toEqual({ page: 2, pageSize: 2, total: 5, totalIsCapped: false, pageCount: 3 });
  });

  it('rejects an unknown status, plan, sort, a malformed user id or page', async () => {
    for (const query of ['?status=paused', '?plan=weekly', '?sort=plan', '?userUuid=123', '?page=0']) {
      const response = await get(`/v1/subscriptions${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('request.invalid');
    }
  });

  it('needs a session', async () => {
    const response = await get('/v1/subscriptions', {});
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.unauthenticated');
  });
});

describe('one subscription', () => {
  it('is answered wrapped in { subscription }', async () => {
    const response = await get(`/v1/subscriptions/${subs.openEnded.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subscription: {
        uuid: subs.openEnded.id,
        userUuid: bruno.id,
        plan: 'b2b',
        status: 'active',
        startedOn: { year: 2022, month: 5, day: 5 },
        renewsOn: null,
        createdAt: { seconds: Date.parse('2022-05-05T10:00:00Z') / 1000 },
      },
    });
  });

  it('answers 404 subscriptions.not_found, 400 for a malformed id and 401 without a session', async () => {
    const missing = await get('/v1/subscriptions/01890a5d-ac96-774b-bcce-b302099a8057');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Subscription not found', code: 'subscriptions.not_found' });
    expect((await get('/v1/subscriptions/xyz')).statusCode).toBe(400);
    expect((await get(`/v1/subscriptions/${subs.openEnded.id}`, {})).statusCode).toBe(401);
  });
});
