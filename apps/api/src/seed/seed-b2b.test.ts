import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestDatabase } from '../../test/seeded-database.ts';
import { buildTestApp, createTestVet, loginAs, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/rows.ts';
import { DAILY_EMAIL_DAYS, DAILY_STATUS_DAYS } from './generate-b2b.ts';
import { BISCUIT } from './showcase.ts';

let app: TestApp;

async function rows<T>(query: SQL): Promise<T[]> {
  return rowsOf<T>(await app.database.db.execute(query));
}

beforeAll(async () => {
  app = await buildTestApp({}, undefined, await createSeededTestDatabase());
}, 120_000);

afterAll(async () => {
  await app.close();
});

describe('demo B2B daily statuses', () => {
  it('give Biscuit a live status on each of the last 30 days, one of them edited, and one deleted kept beside it', async () => {
    const days = await rows<{ date: string; edits: number; deleted: boolean }>(sql`
      select date::text, jsonb_array_length(edits) as edits, deleted_at is not null as deleted
      from daily_statuses where pet_id = ${BISCUIT.id} order by date`);
    const live = days.filter((day) => !day.deleted);
    expect(live).toHaveLength(DAILY_STATUS_DAYS);
    expect(live.at(-1)?.date).toBe('2026-11-20');
    expect(live[0]?.date).toBe('2026-10-22');
    expect(live.some((day) => day.edits > 0)).toBe(true);
    expect(days.filter((day) => day.deleted)).toHaveLength(1);
  });

  it('cover every company’s pets, with some missing today, a couple deleted and a few edited', async () => {
    const [today] = await rows<{ pets: number; written: number }>(sql`
      select count(*)::int as pets, count(ds.id)::int as written
      from pets p join families f on f.id = p.family_id join users u on u.id = f.owner_user_id
      left join daily_statuses ds on ds.pet_id = p.id and ds.date = '2026-11-20' and ds.deleted_at is null
      where f.family_kind = 'b2b'`);
    expect(today?.written).toBeGreaterThan((today?.pets ?? 0) * 0.6);
    expect(today?.written).toBeLessThan(today?.pets ?? 0);
    const [counts] = await rows<{ deleted: number; edited: number; companies: number }>(sql`
      select count(*) filter (where deleted_at is not null)::int as deleted,
        count(*) filter (where jsonb_array_length(edits) > 0)::int as edited,
        count(distinct company_sku)::int as companies
      from daily_statuses`);
    expect(counts?.deleted).toBe(2);
    expect(counts?.edited).toBeGreaterThan(10);
    expect(counts?.companies).toBe(12);
  });

  it('record each past week’s daily e-mails to the contacts, one failed, shown through the API', async () => {
    const [emails] = await rows<{ days: number; failed: number }>(sql`
      select count(distinct ce.status_date)::int as days, count(*) filter (where o.status = 'failed')::int as failed
      from company_emails ce join email_outbox o on o.id = ce.email_id where ce.company_sku = 'PAWSURE'`);
    expect(emails?.days).toBe(DAILY_EMAIL_DAYS);
    expect(emails?.failed).toBe(0);
    const vet = await createTestVet(app);
    const cookies = await loginAs(app, vet.email);
    const list = await app.inject({ method: 'GET', url: '/v1/b2b/emails?sku=PAWSURE', cookies });
    expect(list.json().emails[0]).toMatchObject({
      to: 'care-team@pawsure.example',
      subject: 'Pawsure Insurance: daily statuses for 19 November 2026',
      status: 'sent',
    });
    const pets = await app.inject({
      method: 'GET',
      url: '/v1/b2b/pets?sku=PAWSURE&date=2026-11-20',
      cookies,
    });
    expect(pets.statusCode, pets.body.slice(0, 300)).toBe(200);
    const history = await app.inject({
      method: 'GET',
      url: `/v1/b2b/daily-status?petUuid=${BISCUIT.id}`,
      cookies,
    });
    expect(history.statusCode, history.body.slice(0, 300)).toBe(200);
    expect(history.json().dailyStatuses).toHaveLength(DAILY_STATUS_DAYS);
    const companies = await app.inject({ method: 'GET', url: '/v1/b2b/companies?date=2026-11-20', cookies });
    const tails = companies.json().companies.find((c: { sku: string }) => c.sku === 'HAPPYTAILS');
    expect(tails.lastDailyEmail.status).toBe('sent');
    const failed = await rows<{ n: number }>(sql`
      select count(*)::int as n from company_emails ce join email_outbox o on o.id = ce.email_id
      where ce.company_sku = 'HAPPYTAILS' and o.status = 'failed'`);
    expect(failed[0]?.n).toBeGreaterThan(0);
  });
});
