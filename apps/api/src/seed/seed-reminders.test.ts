import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPet } from '../../test/people-fixtures.ts';
import { createTestVet, type TestApp, useTestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/rows.ts';
import { newId } from '../lib/ids.ts';
import { pendingCards } from '../modules/records/pending-cards/pending-cards.table.ts';
import { DEMO_HEAD_VET_EMAIL } from './demo-vets.ts';
import { DEMO_SEED } from './generate.ts';
import { seedReminders } from './generate-reminders.ts';
import { LUNA } from './showcase.ts';

const context = useTestApp();
let app: TestApp;
let lunaCard: string;
let headVetId: string;
const NOW = new Date('2026-11-20T10:47:31Z');

interface Row {
  id: string;
  pet_id: string;
  title: string;
  status: string;
  due_at: string;
  assignee_vet_id: string | null;
  pending_card_id: string | null;
  done_by_vet_id: string | null;
}

const seeded = async (): Promise<Row[]> =>
  rowsOf<Row>(
    await app.database.db.execute(sql`
      select id, pet_id, title, status::text, due_at::text, assignee_vet_id, pending_card_id, done_by_vet_id
      from reminders order by id`),
  );

beforeAll(async () => {
  app = context.app;
  const db = app.database.db;
  headVetId = (await createTestVet(app, { email: DEMO_HEAD_VET_EMAIL, kind: 'head' })).id;
  for (let n = 0; n < 5; n += 1) await createTestVet(app, { kind: 'regular' });
  await createTestVet(app, { kind: 'b2b' });
  const { family } = await createFamily(db);
  await createPet(db, { id: LUNA.id, familyId: family.id, name: 'Luna' });
  for (let n = 0; n < 60; n += 1) await createPet(db, { familyId: family.id, name: `Pet ${n}` });
  lunaCard = newId();
  await db.insert(pendingCards).values({
    id: lunaCard,
    petId: LUNA.id,
    concern: 'respiratory',
    severity: 3,
    openedAt: NOW,
    lastTriggerAt: NOW,
  });
});

describe('demo reminders', () => {
  it('are in every state, spread over the product’s vets, and Luna’s is open, the head vet’s, tied to her card', async () => {
    expect(await seedReminders(app.database.db as never, DEMO_SEED, NOW, 50)).toBe(51);
    const rows = await seeded();
    const now = NOW.getTime();
    const endOfDay = Date.parse('2026-11-21T00:00:00Z');
    const open = rows.filter((row) => row.status === 'open');
    const due = (row: Row) => Date.parse(row.due_at);
    expect(open.filter((row) => due(row) < now).length).toBeGreaterThan(3);
    expect(open.filter((row) => due(row) >= now && due(row) < endOfDay).length).toBeGreaterThan(0);
    expect(open.filter((row) => due(row) >= endOfDay).length).toBeGreaterThan(5);
    const done = rows.filter((row) => row.status === 'done');
    expect(done.length).toBeGreaterThan(5);
    expect(done.every((row) => row.done_by_vet_id !== null)).toBe(true);
    expect(rows.some((row) => row.assignee_vet_id === null)).toBe(true);
    expect(new Set(rows.map((row) => row.assignee_vet_id)).size).toBeGreaterThan(4);
    // Only the product's own vets are given reminders.
    const [b2bAssigned] = rowsOf<{ count: number }>(
      await app.database.db.execute(sql`
        select count(*)::int as count from reminders r join vets v on v.id = r.assignee_vet_id
        where v.kind not in ('regular', 'head')`),
    );
    expect(b2bAssigned?.count).toBe(0);

    const luna = rows.filter((row) => row.pet_id === LUNA.id);
    expect(luna).toHaveLength(1);
    expect(luna[0]).toMatchObject({
      status: 'open',
      assignee_vet_id: headVetId,
      pending_card_id: lunaCard,
      title: 'Check Luna’s sleeping respiratory rate tonight',
    });
    const lunaDue = Date.parse(luna[0]?.due_at ?? '');
    expect(lunaDue).toBeGreaterThan(now);
    expect(lunaDue).toBeLessThan(endOfDay);
  });

  it('are the same on every run', async () => {
    const first = await seeded();
    await app.database.db.execute(sql`delete from reminders`);
    await seedReminders(app.database.db as never, DEMO_SEED, NOW, 50);
    expect(await seeded()).toEqual(first);
  });
});
