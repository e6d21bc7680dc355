import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { breeds, companies, emailOutbox, families, pets, users, vets } from '../../../db/schema.ts';
import { boundedCount, boundedCountOf, containsPattern, type PageWindow } from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import {
  type CompanyEmailRow,
  companyEmails,
  type DailyStatusRow,
  dailyStatuses,
  type NewDailyStatusRow,
} from './b2b.table.ts';

const author = alias(vets, 'author');
const editor = alias(vets, 'editor');
const owners = alias(users, 'owner');

const vetName = (vet: { firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<string | null>`${vet.firstName} || ' ' || ${vet.lastName}`;

const statusColumns = {
  status: dailyStatuses,
  petName: pets.name,
  authorName: vetName(author),
  editorName: vetName(editor),
};

export type DailyStatusDetailsRow = {
  status: DailyStatusRow;
  petName: string;
  authorName: string | null;
  editorName: string | null;
};

/** The company whose pet it is: a B2B family's pet, by its owner's code. */
export async function findPetCompany(db: DbOrTx, petId: string) {
  const [row] = await db
    .select({ sku: companies.sku, name: companies.name, urgentReportEmails: companies.urgentReportEmails })
    .from(pets)
    .innerJoin(families, eq(families.id, pets.familyId))
    .innerJoin(users, eq(users.id, families.ownerUserId))
    .innerJoin(companies, eq(companies.sku, users.b2bCode))
    .where(and(eq(pets.id, petId), eq(families.familyKind, 'b2b')))
    .limit(1);
  return row;
}

/** `scope` turns a column holding a company's sku into the access policy's condition. */
export type ScopeOf = (column: AnyColumn) => SQL | undefined;

export async function findCompany(db: DbOrTx, sku: string, scope: ScopeOf) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.sku, sku), scope(companies.sku)))
    .limit(1);
  return row;
}

export async function findLiveStatus(db: DbOrTx, petId: string, date: string) {
  const [row] = await db
    .select({ id: dailyStatuses.id })
    .from(dailyStatuses)
    .where(and(eq(dailyStatuses.petId, petId), eq(dailyStatuses.date, date), isNull(dailyStatuses.deletedAt)))
    .limit(1);
  return row;
}

export async function insertDailyStatus(tx: DbOrTx, row: NewDailyStatusRow): Promise<void> {
  await tx.insert(dailyStatuses).values(row);
}

export async function lockLiveStatus(tx: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await tx
    .select()
    .from(dailyStatuses)
    .where(and(eq(dailyStatuses.id, id), isNull(dailyStatuses.deletedAt), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function updateDailyStatus(tx: DbOrTx, id: string, changes: Partial<NewDailyStatusRow>) {
  await tx.update(dailyStatuses).set(changes).where(eq(dailyStatuses.id, id));
}

function selectStatuses(db: DbOrTx) {
  return db
    .select(statusColumns)
    .from(dailyStatuses)
    .innerJoin(pets, eq(pets.id, dailyStatuses.petId))
    .leftJoin(author, eq(author.id, dailyStatuses.createdByVetId))
    .leftJoin(editor, eq(editor.id, dailyStatuses.updatedByVetId))
    .$dynamic();
}

export async function findStatus(db: DbOrTx, id: string): Promise<DailyStatusDetailsRow | undefined> {
  const [row] = await selectStatuses(db).where(eq(dailyStatuses.id, id)).limit(1);
  return row;
}

export interface StatusFilter {
  sku?: string;
  petId?: string;
  from?: string;
  to?: string;
  scope: SQL | undefined;
}

function statusCondition(filter: StatusFilter) {
  return and(
    isNull(dailyStatuses.deletedAt),
    filter.scope,
    filter.sku ? eq(dailyStatuses.companySku, filter.sku) : undefined,
    filter.petId ? eq(dailyStatuses.petId, filter.petId) : undefined,
    filter.from ? gte(dailyStatuses.date, filter.from) : undefined,
    filter.to ? lte(dailyStatuses.date, filter.to) : undefined,
  );
}

/** Newest day first. */
export function listStatuses(db: DbOrTx, filter: StatusFilter, window: PageWindow) {
  return selectStatuses(db)
    .where(statusCondition(filter))
    .orderBy(desc(dailyStatuses.date), asc(pets.name), asc(dailyStatuses.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countStatuses(db: DbOrTx, filter: StatusFilter, bound: number): Promise<number> {
  return boundedCount(db, dailyStatuses, statusCondition(filter), bound);
}

/** A company's live statuses of one day, by pet name: what its daily e-mail carries. */
export function statusesOfDay(db: DbOrTx, sku: string, date: string) {
  return db
    .select({ petName: pets.name, dailyStatus: dailyStatuses.dailyStatus })
    .from(dailyStatuses)
    .innerJoin(pets, eq(pets.id, dailyStatuses.petId))
    .where(
      and(eq(dailyStatuses.companySku, sku), eq(dailyStatuses.date, date), isNull(dailyStatuses.deletedAt)),
    )
    .orderBy(asc(sql`lower(${pets.name})`), asc(pets.id));
}

export interface CompanyPetsFilter {
  sku: string;
  date: string;
  status?: 'written' | 'missing';
  search?: string;
  /** The access policy's condition on the pet id column. */
  scope: ScopeOf;
}

const liveOfDay = (date: string) =>
  and(eq(dailyStatuses.petId, pets.id), eq(dailyStatuses.date, date), isNull(dailyStatuses.deletedAt));

function companyPetsCondition(filter: CompanyPetsFilter, withStatus = true) {
  return and(
    eq(families.familyKind, 'b2b'),
    eq(owners.b2bCode, filter.sku),
    filter.scope(pets.id),
    withStatus && filter.status === 'written' ? sql`${dailyStatuses.id} is not null` : undefined,
    withStatus && filter.status === 'missing' ? isNull(dailyStatuses.id) : undefined,
    filter.search
      ? or(
          sql`${pets.searchText} like ${containsPattern(filter.search)}`,
          sql`lower(${owners.firstName} || ' ' || ${owners.lastName}) like ${containsPattern(filter.search)}`,
        )
      : undefined,
  );
}

/** The company's pets by name, each with its live status of the day (or none). */
export async function listCompanyPets(db: DbOrTx, filter: CompanyPetsFilter, window: PageWindow) {
  const rows = await db
    .select({
      id: pets.id,
      name: pets.name,
      species: pets.species,
      breed: breeds.name,
      ownerFirstName: owners.firstName,
      ownerLastName: owners.lastName,
      statusId: dailyStatuses.id,
    })
    .from(pets)
    .innerJoin(families, eq(families.id, pets.familyId))
    .innerJoin(owners, eq(owners.id, families.ownerUserId))
    .leftJoin(dailyStatuses, liveOfDay(filter.date))
    .leftJoin(breeds, eq(breeds.id, pets.breedId))
    .where(companyPetsCondition(filter))
    .orderBy(asc(sql`lower(${pets.name})`), asc(pets.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows;
}

export async function countCompanyPets(db: DbOrTx, filter: CompanyPetsFilter, bound: number) {
  return boundedCountOf(
    db,
    db
      .select({ one: sql`1` })
      .from(pets)
      .innerJoin(families, eq(families.id, pets.familyId))
      .innerJoin(owners, eq(owners.id, families.ownerUserId))
      .leftJoin(dailyStatuses, liveOfDay(filter.date))
      .where(companyPetsCondition(filter))
      .$dynamic(),
    bound,
  );
}

/** The company's pets and how many have a status that day, whatever the filters. */
export async function countWritten(db: DbOrTx, filter: CompanyPetsFilter) {
  const [row] = await db
    .select({ pets: sql<number>`count(*)::int`, written: sql<number>`count(${dailyStatuses.id})::int` })
    .from(pets)
    .innerJoin(families, eq(families.id, pets.familyId))
    .innerJoin(owners, eq(owners.id, families.ownerUserId))
    .leftJoin(dailyStatuses, liveOfDay(filter.date))
    .where(companyPetsCondition({ ...filter, search: undefined }, false));
  return { pets: row?.pets ?? 0, written: row?.written ?? 0 };
}

export function findStatusesByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectStatuses(db).where(inArray(dailyStatuses.id, ids));
}

/**
 * Every company in scope with its pets, the statuses written that day and its latest daily e-mail
 * (one outbox row per recipient: the newest is shown).
 */
export async function listCompanySummaries(db: DbOrTx, date: string, scope: ScopeOf, search?: string) {
  const companyPets = sql`(select p.id from pets p join families f on f.id = p.family_id
    join users u on u.id = f.owner_user_id where f.family_kind = 'b2b' and u.b2b_code = ${companies.sku})`;
  return db
    .select({
      sku: companies.sku,
      name: companies.name,
      kind: companies.kind,
      petsCount: sql<number>`(select count(*)::int from ${companyPets} cp)`,
      writtenCount: sql<number>`(select count(*)::int from daily_statuses ds
        where ds.company_sku = ${companies.sku} and ds.date = ${date} and ds.deleted_at is null
        and ds.pet_id in ${companyPets})`,
      lastEmailId: sql<string | null>`(select ce.email_id from company_emails ce
        where ce.company_sku = ${companies.sku} and ce.kind = 'daily_status'
        order by ce.created_at desc, ce.email_id desc limit 1)`,
    })
    .from(companies)
    .where(
      and(
        scope(companies.sku),
        search
          ? or(
              sql`lower(${companies.name}) like ${containsPattern(search)}`,
              sql`lower(${companies.sku}) like ${containsPattern(search)}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(companies.name));
}

export async function insertCompanyEmail(tx: DbOrTx, row: typeof companyEmails.$inferInsert) {
  await tx.insert(companyEmails).values(row);
}

const sender = alias(vets, 'sender');

function selectCompanyEmails(db: DbOrTx) {
  return db
    .select({
      link: companyEmails,
      email: {
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        createdByVetId: emailOutbox.createdByVetId,
      },
      senderName: vetName(sender),
      petName: pets.name,
    })
    .from(companyEmails)
    .innerJoin(emailOutbox, eq(emailOutbox.id, companyEmails.emailId))
    .leftJoin(sender, eq(sender.id, emailOutbox.createdByVetId))
    .leftJoin(pets, eq(pets.id, companyEmails.petId))
    .$dynamic();
}

export type CompanyEmailDetailsRow = {
  link: CompanyEmailRow;
  email: {
    to: string;
    subject: string;
    status: 'queued' | 'sent' | 'failed' | 'logged';
    attempts: number;
    lastError: string | null;
    createdAt: Date;
    sentAt: Date | null;
    createdByVetId: string | null;
  };
  senderName: string | null;
  petName: string | null;
};

export interface CompanyEmailFilter {
  sku: string;
  kind?: CompanyEmailRow['kind'];
  statusDate?: string;
  petId?: string;
}

function companyEmailCondition(filter: CompanyEmailFilter) {
  return and(
    eq(companyEmails.companySku, filter.sku),
    filter.kind ? eq(companyEmails.kind, filter.kind) : undefined,
    filter.statusDate ? eq(companyEmails.statusDate, filter.statusDate) : undefined,
    filter.petId ? eq(companyEmails.petId, filter.petId) : undefined,
  );
}

export function listCompanyEmails(
  db: DbOrTx,
  filter: CompanyEmailFilter,
  window: PageWindow,
): Promise<CompanyEmailDetailsRow[]> {
  return selectCompanyEmails(db)
    .where(companyEmailCondition(filter))
    .orderBy(desc(companyEmails.createdAt), asc(emailOutbox.to), asc(companyEmails.emailId))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countCompanyEmails(db: DbOrTx, filter: CompanyEmailFilter): Promise<number> {
  const [row] = await db.select({ count: count() }).from(companyEmails).where(companyEmailCondition(filter));
  return row?.count ?? 0;
}

export function findCompanyEmails(db: DbOrTx, ids: string[]): Promise<CompanyEmailDetailsRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectCompanyEmails(db).where(inArray(companyEmails.emailId, ids)).orderBy(asc(emailOutbox.to));
}

/** One pet's daily statuses (by when written; deleted ones left out), for its timeline: one bounded page. */
export function dailyStatusTimelineRows(db: DbOrTx, read: TimelineRead) {
  return db
    .select({
      id: dailyStatuses.id,
      at: timelineAt(dailyStatuses.createdAt),
      date: dailyStatuses.date,
      companySku: dailyStatuses.companySku,
      dailyStatus: dailyStatuses.dailyStatus,
    })
    .from(dailyStatuses)
    .where(
      timelineWhere(
        'daily_status.written',
        dailyStatuses.createdAt,
        dailyStatuses.id,
        read,
        eq(dailyStatuses.petId, read.petId),
        isNull(dailyStatuses.deletedAt),
      ),
    )
    .orderBy(...timelineOrder(dailyStatuses.createdAt, dailyStatuses.id))
    .limit(read.limit);
}
