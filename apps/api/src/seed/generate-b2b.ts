import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { DEFAULT_TIMEZONE, todayIn } from '../lib/timezone.ts';
import { renderEmail } from '../modules/platform/mail/index.ts';
import { dailyStatusEmail } from '../modules/records/b2b/index.ts';
import { bulkInsert } from './bulk-insert.ts';
import { addDays } from './demo-dates.ts';
import type { DemoData } from './generate.ts';
import { createSeededRandom, deriveSeed } from './seeded-random.ts';
import { BISCUIT } from './showcase.ts';

/** How far back the demo daily statuses go (today included). */
export const DAILY_STATUS_DAYS = 30;
/** Days before today with the daily e-mail sent to each company's contacts. */
export const DAILY_EMAIL_DAYS = 7;
/** Share of a company's pets still without a status today (the vets are writing them). */
const MISSING_TODAY = 0.2;

const APPETITE = [
  'Ate all meals',
  'Ate breakfast, left some dinner',
  'Good appetite',
  'Picky with food this morning, ate later',
  'Finished both meals quickly',
  'Ate well and drank normally',
];
const ACTIVITY = [
  'energetic on the morning walk',
  'a quiet, restful day',
  'played in the yard for an hour',
  'long walk without tiring',
  'slept most of the afternoon',
  'calm and friendly with the staff',
];
const NOTES = [
  'No coughing or sneezing.',
  'Stools normal.',
  'Coat and skin look good.',
  'Scratched the left ear a little; we will keep an eye on it.',
  'Medication given on time.',
  'Weight stable.',
  'Slight limp after the walk, gone by the evening.',
  'No concerns today.',
];

export interface DemoDailyStatusRow {
  id: string;
  companySku: string;
  petId: string;
  petName: string;
  date: string;
  dailyStatus: string;
  createdByVetId: string;
  createdAt: Date;
  updatedByVetId: string | null;
  updatedAt: Date | null;
  edits: Array<{ dailyStatus: string; vetId: string; at: string }>;
  deletedByVetId: string | null;
  deletedAt: Date | null;
}

export interface DemoCompanyEmail {
  id: string;
  companySku: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdByVetId: string;
  createdAt: Date;
  sentAt: Date | null;
  statusDate: string;
}

/**
 * Thirty days of statuses for every B2B company's pets, written by the product's vets and the
 * company's own; about a fifth still missing today, a few edited, a couple soft-deleted (beside the
 * live one of that day), and each past week's daily e-mails sent to the company's contacts. Biscuit
 * has a status every day.
 */
export function generateB2b(
  data: DemoData,
  options: { seed: number; now: Date; productName: string },
): { statuses: DemoDailyStatusRow[]; emails: DemoCompanyEmail[] } {
  const random = createSeededRandom(deriveSeed(options.seed, 'b2b'));
  const today = todayIn(DEFAULT_TIMEZONE, options.now);
  const todayStart = new Date(`${today}T00:00:00Z`);
  const productVets = data.vets
    .filter((vet) => vet.kind === 'regular' || vet.kind === 'head')
    .map((v) => v.id);
  const families = new Map(data.families.map((family) => [family.id, family]));
  const owners = new Map(data.users.map((user) => [user.id, user]));
  const companyPets = new Map<string, Array<{ id: string; name: string }>>();
  for (const pet of data.pets) {
    const family = families.get(pet.familyId);
    if (family?.familyKind !== 'b2b' || !family.ownerUserId) continue;
    const sku = owners.get(family.ownerUserId)?.b2bCode;
    if (!sku) continue;
    companyPets.set(sku, [...(companyPets.get(sku) ?? []), { id: pet.id, name: pet.name }]);
  }
  const text = () => `${random.pick(APPETITE)}; ${random.pick(ACTIVITY)}. ${random.pick(NOTES)}`;
  const statuses: DemoDailyStatusRow[] = [];
  const emails: DemoCompanyEmail[] = [];
  let deleted = 0;
  for (const company of data.companies) {
    const pets = (companyPets.get(company.sku) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    const authors = [
      ...productVets,
      ...data.vets.filter((vet) => vet.companySku === company.sku && vet.kind === 'b2b').map((v) => v.id),
    ];
    for (let back = DAILY_STATUS_DAYS - 1; back >= 0; back -= 1) {
      const dayStart = addDays(todayStart, -back);
      const date = dayStart.toISOString().slice(0, 10);
      const ofDay: DemoDailyStatusRow[] = [];
      for (const pet of pets) {
        const isBiscuit = pet.id === BISCUIT.id;
        if (back === 0 && !isBiscuit && random.chance(MISSING_TODAY)) continue;
        // Written during the vets' morning round; today's not after "now".
        const minutes = random.int(7 * 60, 11 * 60);
        const createdAt = new Date(
          Math.min(dayStart.getTime() + minutes * 60_000, options.now.getTime() - 60_000),
        );
        const author = random.pick(authors);
        const row: DemoDailyStatusRow = {
          id: random.uuid(),
          companySku: company.sku,
          petId: pet.id,
          petName: pet.name,
          date,
          dailyStatus: text(),
          createdByVetId: author,
          createdAt,
          updatedByVetId: null,
          updatedAt: null,
          edits: [],
          deletedByVetId: null,
          deletedAt: null,
        };
        if (random.chance(0.04) || (isBiscuit && back === 2)) {
          const editedAt = new Date(Math.min(createdAt.getTime() + 2 * 3600_000, options.now.getTime()));
          row.edits = [{ dailyStatus: text(), vetId: author, at: createdAt.toISOString() }];
          row.updatedByVetId = random.pick(authors);
          row.updatedAt = editedAt;
        }
        // A couple of statuses written on the wrong pet and deleted, kept beside the right one.
        if (back > 0 && (isBiscuit ? back === 4 : deleted < 1 && random.chance(0.002))) {
          if (!isBiscuit) deleted += 1;
          statuses.push({
            ...row,
            id: random.uuid(),
            dailyStatus: 'Written on the wrong pet: see the status of the day instead.',
            edits: [],
            updatedAt: null,
            updatedByVetId: null,
            deletedByVetId: author,
            deletedAt: new Date(createdAt.getTime() + 10 * 60_000),
          });
        }
        ofDay.push(row);
      }
      statuses.push(...ofDay);
      if (back === 0 || back > DAILY_EMAIL_DAYS || ofDay.length === 0) continue;
      const { subject, content } = dailyStatusEmail(company.name, date, ofDay);
      const rendered = renderEmail(content, options.productName);
      const sentAt = new Date(dayStart.getTime() + 17 * 3600_000 + random.int(0, 45) * 60_000);
      const sender = random.pick(productVets);
      for (const to of company.dailyStatusEmails) {
        // One bounce in the history, so a failed delivery shows on a company page.
        const failed = company.sku === 'HAPPYTAILS' && back === 3;
        emails.push({
          id: random.uuid(),
          companySku: company.sku,
          to,
          subject,
          ...rendered,
          status: failed ? 'failed' : 'sent',
          attempts: failed ? 5 : 1,
          lastError: failed ? '550 5.1.1 Mailbox unavailable' : null,
          createdByVetId: sender,
          createdAt: new Date(sentAt.getTime() - 2_000),
          sentAt: failed ? null : sentAt,
          statusDate: date,
        });
      }
    }
  }
  return { statuses, emails };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The statuses travel as small integers (positions in short arrays of pets, vets and phrases, day and
 * minute offsets) and are assembled in SQL: at twenty thousand rows, binding uuids, timestamps and
 * texts row by row costs PGlite seconds; the ids are derived from pet and day (v4-shaped: the API checks uuids strictly), so they stay fixed.
 */
async function insertStatuses(tx: Tx, rows: readonly DemoDailyStatusRow[], today: string): Promise<void> {
  const petIds = [...new Set(rows.map((row) => row.petId))];
  const vetIds = [
    ...new Set(rows.flatMap((row) => [row.createdByVetId, row.updatedByVetId ?? row.createdByVetId])),
  ];
  const skus = [...new Set(rows.map((row) => row.companySku))];
  const texts = [
    ...new Set(rows.flatMap((row) => [row.dailyStatus, ...row.edits.map((edit) => edit.dailyStatus)])),
  ];
  const at = (list: string[]) => {
    const index = new Map(list.map((value, i) => [value, i + 1]));
    return (value: string) => index.get(value) ?? 0;
  };
  const [pet, vet, sku, text] = [at(petIds), at(vetIds), at(skus), at(texts)];
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const seconds = (date: Date | null) => (date ? Math.round((date.getTime() - todayMs) / 1000) : null);
  const column = <T>(value: (row: DemoDailyStatusRow) => T) => sql.param(rows.map(value));
  await tx.execute(sql`
    insert into daily_statuses (id, company_sku, pet_id, date, daily_status, created_by_vet_id, created_at,
      updated_by_vet_id, updated_at, edits, deleted_by_vet_id, deleted_at)
    select overlay(overlay(md5(case when t.deleted is null then 'b2b:' else 'b2b-deleted:' end || p.id || ':' || t.day)
      placing '4' from 13) placing '8' from 17)::uuid,
      (${sql.param(skus)}::text[])[t.sku], p.id, ${today}::date + t.day,
      (${sql.param(texts)}::text[])[t.text], v.ids[t.author], v.base + make_interval(secs => t.created),
      v.ids[t.editor], v.base + make_interval(secs => t.updated),
      case when t.edit is null then '[]'::jsonb else jsonb_build_array(jsonb_build_object(
        'dailyStatus', (${sql.param(texts)}::text[])[t.edit], 'vetId', v.ids[t.author],
        'at', to_char((v.base + make_interval(secs => t.created)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      end,
      case when t.deleted is null then null else v.ids[t.author] end, v.base + make_interval(secs => t.deleted)
    from unnest(
      ${column((row) => pet(row.petId))}::int[], ${column((row) => sku(row.companySku))}::int[],
      ${column((row) => Math.round((Date.parse(`${row.date}T00:00:00Z`) - todayMs) / 86_400_000))}::int[],
      ${column((row) => text(row.dailyStatus))}::int[], ${column((row) => vet(row.createdByVetId))}::int[],
      ${column((row) => seconds(row.createdAt))}::int[],
      ${column((row) => (row.updatedByVetId ? vet(row.updatedByVetId) : null))}::int[],
      ${column((row) => seconds(row.updatedAt))}::int[],
      ${column((row) => (row.edits[0] ? text(row.edits[0].dailyStatus) : null))}::int[],
      ${column((row) => seconds(row.deletedAt))}::int[]
    ) as t(pet, sku, day, text, author, created, editor, updated, edit, deleted)
    cross join (select ${sql.param(vetIds)}::uuid[] as ids, ${today}::timestamptz as base) v
    cross join lateral (select (${sql.param(petIds)}::uuid[])[t.pet] as id) p`);
}

export async function insertDemoB2b(
  tx: Tx,
  b2b: ReturnType<typeof generateB2b>,
  today: string,
): Promise<void> {
  await insertStatuses(tx, b2b.statuses, today);
  await bulkInsert(
    tx,
    'email_outbox',
    [
      { name: 'id', type: 'uuid', value: (r) => r.id },
      { name: 'to', type: 'text', value: (r) => r.to },
      { name: 'subject', type: 'text', value: (r) => r.subject },
      { name: 'text', type: 'text', value: (r) => r.text },
      { name: 'html', type: 'text', value: (r) => r.html },
      { name: 'status', type: 'text', select: (v) => `${v}::email_status`, value: (r) => r.status },
      { name: 'attempts', type: 'smallint', value: (r) => r.attempts },
      { name: 'error', type: 'text', value: (r) => r.lastError },
      { name: 'created_by_vet_id', type: 'uuid', value: (r) => r.createdByVetId },
      { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt.toISOString() },
      { name: 'last_attempt_at', type: 'timestamptz', value: (r) => iso(r.sentAt ?? r.createdAt) },
      { name: 'sent_at', type: 'timestamptz', value: (r) => iso(r.sentAt) },
    ],
    b2b.emails,
  );
  await bulkInsert(
    tx,
    'company_emails',
    [
      { name: 'email_id', type: 'uuid', value: (r) => r.id },
      { name: 'company_sku', type: 'text', value: (r) => r.companySku },
      {
        name: 'kind',
        type: 'text',
        select: () => `'daily_status'::company_email_kind`,
        value: () => 'daily_status',
      },
      { name: 'status_date', type: 'date', value: (r) => r.statusDate },
      { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt.toISOString() },
    ],
    b2b.emails,
  );
}
