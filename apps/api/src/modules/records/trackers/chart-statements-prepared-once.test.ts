import { beforeAll, describe, expect, it } from 'vitest';
import { createTestVet, loginAs, type TestApp, useTestApp } from '../../../../test/test-app.ts';
import { addReadings, petLivingIn, reading, seconds } from '../../../../test/tracker-read-fixtures.ts';
import { forgetPreparedTexts, preparedTextCount } from '../../../db/plain-statement.ts';

/**
 * Chart, vitals and weight statements run as named prepared statements (`executePrepared`), so that
 * PostgreSQL parses and plans them once instead of on every request. Each distinct text stays prepared
 * on every pooled connection for as long as it lives: a value (a pet, a zone, a date) that reached a
 * statement's text instead of a parameter would prepare one more statement per request, never freed.
 */
const context = useTestApp();
let app: TestApp;
let cookies: Record<string, string>;

beforeAll(async () => {
  app = context.app;
  const vet = await createTestVet(app);
  cookies = await loginAs(app, vet.email);
});

async function get(url: string): Promise<void> {
  const response = await app.inject({ method: 'GET', url, cookies });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
}

/** Every chart and panel a vet opens, for one pet around one date. */
async function openEveryChart(petId: string, at: string, days: { short: number; long: number }) {
  const date = seconds(at);
  const day = 86_400;
  for (const timeScope of ['day', 'week', 'month']) {
    await get(`/v1/pets/${petId}/respiratory-history/chart?timeScope=${timeScope}&date=${date}`);
    await get(`/v1/pets/${petId}/shaking/chart?timeScope=${timeScope}&date=${date}`);
  }
  for (const length of [days.short, days.long])
    await get(`/v1/pets/${petId}/drinking/chart?startDate=${date - length * day}&endDate=${date}`);
  for (const timeScope of ['week', 'month', 'year'])
    await get(`/v1/pets/${petId}/weight-history/chart?timeScope=${timeScope}&date=${date}`);
  for (const range of ['24h', '7d', '30d', '90d']) await get(`/v1/pets/${petId}/vitals?range=${range}`);
}

describe('chart statements', () => {
  it('are prepared once per shape: other pets, zones, dates and range lengths add no statement', async () => {
    const london = await petLivingIn(app.database.db, 'Europe/London');
    const kolkata = await petLivingIn(app.database.db, 'Asia/Kolkata');
    await addReadings(app.database.db, [
      reading(london.id, 'respiratory_rate', '2024-06-11T08:40:00Z', 22),
      reading(kolkata.id, 'shaking', '2025-01-20T03:10:00Z', 5),
    ]);
    // Another file in this worker may have opened the same charts already.
    forgetPreparedTexts();
    const before = preparedTextCount();
    await openEveryChart(london.id, '2024-06-12T10:00:00Z', { short: 3, long: 200 });
    const shapes = preparedTextCount();
    expect(shapes).toBeGreaterThan(before);

    await openEveryChart(kolkata.id, '2025-01-22T18:30:00Z', { short: 5, long: 120 });
    expect(preparedTextCount()).toBe(shapes);
  });
});
