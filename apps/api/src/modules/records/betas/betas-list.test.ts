import type { BetaFeature, BetaUser } from '@vetboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createUser } from '../../../../test/people-fixtures.ts';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { newId } from '../../../lib/ids.ts';
import type { UserRow } from '../../core/users/users.table.ts';
import type { VetRow } from '../../core/vets/vets.table.ts';
import { betaUsers } from './betas.table.ts';

const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;
let vet: VetRow;
const people: Record<string, UserRow> = {};

/** name, e-mail, feature, days ago enrolled */
const ENROLMENTS: Array<[string, string, BetaFeature, number]> = [
  ['Emma Clarke', 'emma.clarke@example.com', 'collar_v2', 1],
  ['Emma Clarke', 'emma.clarke@example.com', 'heart_rate', 9],
  ['Tom Becker', 'tom.becker@example.com', 'ai_triage', 2],
  ['Zoe Adams', 'zoe.adams@example.com', 'diet_planner', 3],
  ['adam zane', 'adam.zane@example.com', 'collar_v2', 4],
  ['Noor 100%_Khan', 'noor.khan@example.com', 'weekly_reports', 5],
];

beforeAll(async () => {
  app = context.app;
  vet = await createTestVet(app, { firstName: 'Helena', lastName: 'Marsh', kind: 'head' });
  cookies = await loginAs(app, vet.email);
  const { db } = app.database;
  const now = Date.now();
  for (const [name, email, feature, daysAgo] of ENROLMENTS) {
    const [firstName = '', lastName = ''] = name.split(/ (.*)/);
    people[email] ??= email.startsWith('emma')
      ? (await createFamily(db, { owner: { firstName, lastName, email } })).owner
      : await createUser(db, { firstName, lastName, email, userType: email.startsWith('tom') ? 2 : 1 });
    await db.insert(betaUsers).values({
      id: newId(),
      userId: people[email].id,
      feature,
      enrolledAt: new Date(now - daysAgo * 86_400_000),
      enrolledByVetId: email.startsWith('tom') ? null : vet.id,
      notes: email.startsWith('emma') ? 'Keen tester' : null,
    });
  }
});

async function list(query: string) {
  const response = await app.inject({ method: 'GET', url: `/v1/betas${query}`, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { betaUsers: BetaUser[]; pagination: Record<string, number> };
}

const summary = (betas: BetaUser[]) => betas.map((b) => `${b.user.name}/${b.feature}`);

describe('a vet lists beta users', () => {
  it('sees the latest enrolments first, with the user and the enrolling vet', async () => {
    const { betaUsers: betas, pagination } = await list('');
    expect(summary(betas)).toEqual([
      'Emma Clarke/collar_v2',
      'Tom Becker/ai_triage',
      'Zoe Adams/diet_planner',
      'adam zane/collar_v2',
      'Noor 100%_Khan/weekly_reports',
      'Emma Clarke/heart_rate',
    ]);
    expect(pagination).toEqual({ page: 1, pageSize: 25, total: 6, totalIsCapped: false, pageCount: 1 });
    const emma = people['emma.clarke@example.com'];
    expect(betas[0]).toEqual({
      uuid: expect.any(String),
      user: {
        uuid: emma?.id,
        name: 'Emma Clarke',
        email: 'emma.clarke@example.com',
        userType: 1,
        familyUuid: emma?.familyId,
      },
      feature: 'collar_v2',
      enrolledAt: { seconds: expect.any(Number) },
      enrolledBy: { uuid: vet.id, name: 'Helena Marsh' },
      notes: 'Keen tester',
    });
    expect(betas[1]).toMatchObject({
      user: { userType: 2, familyUuid: null },
      enrolledBy: null,
      notes: null,
    });
  });

  it('pages through them', async () => {
    const first = await list('?pageSize=4');
    const second = await list('?pageSize=4&page=2');
    expect(first.pagination).toEqual({ page: 1, pageSize: 4, total: 6, totalIsCapped: false, pageCount: 2 });
    expect(second.pagination).toEqual({ page: 2, pageSize: 4, total: 6, totalIsCapped: false, pageCount: 2 });
    expect(summary(second.betaUsers)).toEqual(['Noor 100%_Khan/weekly_reports', 'Emma Clarke/heart_rate']);
    const beyond = await list('?pageSize=4&page=3');
    expect(beyond.betaUsers).toEqual([]);
    expect(beyond.pagination.total).toBe(6);
  });

  it('filters by feature', async () => {
    const { betaUsers: betas, pagination } = await list('?feature=collar_v2');
    expect(summary(betas)).toEqual(['Emma Clarke/collar_v2', 'adam zane/collar_v2']);
    expect(pagination.total).toBe(2);
  });

  it("searches the user's name and e-mail, whatever the case, together with the filter", async () => {
    expect(summary((await list('?search=CLARKE')).betaUsers)).toEqual([
      'Emma Clarke/collar_v2',
      'Emma Clarke/heart_rate',
    ]);
    expect(summary((await list('?search=tom.becker@')).betaUsers)).toEqual(['Tom Becker/ai_triage']);
    expect(summary((await list('?search=adam')).betaUsers)).toEqual([
      'Zoe Adams/diet_planner',
      'adam zane/collar_v2',
    ]);
    expect(summary((await list('?search=emma&feature=heart_rate')).betaUsers)).toEqual([
      'Emma Clarke/heart_rate',
    ]);
    expect((await list('?search=nobody')).pagination.total).toBe(0);
  });

  it('takes % and _ in a search literally', async () => {
    expect(summary((await list('?search=100%25_k')).betaUsers)).toEqual(['Noor 100%_Khan/weekly_reports']);
    expect((await list('?search=%25')).pagination.total).toBe(1);
    expect((await list('?search=_')).pagination.total).toBe(1);
  });

  it("sorts by the user's name, ignoring case, either way", async () => {
    const asc = summary((await list('?sort=name&order=asc')).betaUsers);
    expect(asc.slice(0, 3)).toEqual([
      'adam zane/collar_v2',
      'Emma Clarke/collar_v2',
      'Emma Clarke/heart_rate',
    ]);
    expect(asc.slice(3)).toEqual([
      'Noor 100%_Khan/weekly_reports',
      'Tom Becker/ai_triage',
      'Zoe Adams/diet_planner',
    ]);
    const desc = summary((await list('?sort=name&order=desc')).betaUsers);
    expect(desc[0]).toBe('Zoe Adams/diet_planner');
    expect(desc.at(-1)).toBe('adam zane/collar_v2');
  });

  it('sorts by feature and by enrolment date, oldest first', async () => {
    const byFeature = (await list('?sort=feature&order=asc')).betaUsers.map((b) => b.feature);
    expect(byFeature).toEqual([
      'ai_triage',
      'collar_v2',
      'collar_v2',
      'diet_planner',
      'heart_rate',
      'weekly_reports',
    ]);
    const oldest = summary((await list('?sort=enrolledAt&order=asc')).betaUsers);
    expect(oldest[0]).toBe('Emma Clarke/heart_rate');
    expect(oldest.at(-1)).toBe('Emma Clarke/collar_v2');
  });

  it('keeps pages stable when sort values tie', async () => {
    const pages = [];
    for (let page = 1; page <= 6; page += 1) {
      pages.push(...(await list(`?sort=feature&pageSize=1&page=${page}`)).betaUsers.map((b) => b.uuid));
    }
    expect(new Set(pages).size).toBe(6);
  });

  it('rejects an unknown feature, sort, order or page size with 400', async () => {
    for (const query of ['?feature=teleport', '?sort=email', '?order=up', '?pageSize=1000', '?page=0']) {
      const response = await app.inject({ method: 'GET', url: `/v1/betas${query}`, cookies });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('request.invalid');
    }
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/betas' });
    expect(response.statusCode).toBe(401);
  });
});
