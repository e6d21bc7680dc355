import type { FormListQuery } from '@vetboard/contract';
import { and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  boundedCount,
  containsPattern,
  orderByWithTieBreak,
  type PageWindow,
} from '../../../lib/list-query.ts';
import { vetInRole } from '../../core/vets/index.ts';
import { type FormRow, forms, formVersions, type NewFormRow } from './checkups.forms.table.ts';
import { checkups } from './checkups.table.ts';

const updater = vetInRole('updater');
const creator = vetInRole('creator');

const checkupCountSql = sql<number>`(select count(*)::int from ${checkups} where ${checkups.formId} = ${forms.id})`;
const questionCountSql = sql<number>`(select coalesce(sum(jsonb_array_length(g -> 'questions')), 0)::int
  from ${formVersions}, jsonb_array_elements(${formVersions.questionGroups}) g
  where ${formVersions.formId} = ${forms.id} and ${formVersions.version} = ${forms.version})`;

function selectForms(db: DbOrTx) {
  const query = db
    .select({
      form: forms,
      checkupCount: checkupCountSql,
      questionCount: questionCountSql,
      updatedBy: updater.fields,
    })
    .from(forms)
    .$dynamic();
  return updater.join(query, forms.updatedByVetId);
}

export type FormListRow = Awaited<ReturnType<typeof selectForms>>[number];

export type FormFilter = Pick<FormListQuery, 'isPool' | 'search'> & { archived: boolean };

function filterCondition(filter: FormFilter): SQL | undefined {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    filter.archived ? isNotNull(forms.archivedAt) : isNull(forms.archivedAt),
    filter.isPool === undefined ? undefined : eq(forms.isPool, filter.isPool),
    pattern
      ? or(sql`lower(${forms.title}) like ${pattern}`, sql`lower(${forms.sku}) like ${pattern}`)
      : undefined,
  );
}

const sortColumns = {
  updatedAt: forms.updatedAt,
  title: sql`lower(${forms.title}) collate "C"`,
} as const;

export function listForms(
  db: DbOrTx,
  filter: FormFilter,
  sort: Pick<FormListQuery, 'sort' | 'order'>,
  window: PageWindow,
): Promise<FormListRow[]> {
  return selectForms(db)
    .where(filterCondition(filter))
    .orderBy(...orderByWithTieBreak(sortColumns[sort.sort], sort.order, forms.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countForms(db: DbOrTx, filter: FormFilter, bound: number): Promise<number> {
  return boundedCount(db, forms, filterCondition(filter), bound);
}

export async function findFormListRow(db: DbOrTx, id: string): Promise<FormListRow | undefined> {
  const [row] = await selectForms(db).where(eq(forms.id, id)).limit(1);
  return row;
}

export async function findFormVersion(db: DbOrTx, formId: string, version: number) {
  const [row] = await db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)))
    .limit(1);
  return row;
}

export async function lockForm(tx: DbOrTx, id: string): Promise<FormRow | undefined> {
  const [row] = await tx.select().from(forms).where(eq(forms.id, id)).for('update').limit(1);
  return row;
}

export async function findFormBySku(db: DbOrTx, sku: string): Promise<Pick<FormRow, 'id'> | undefined> {
  const [row] = await db.select({ id: forms.id }).from(forms).where(eq(forms.sku, sku)).limit(1);
  return row;
}

export async function findPool(db: DbOrTx, id: string): Promise<Pick<FormRow, 'id'> | undefined> {
  const [row] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.isPool, true)))
    .limit(1);
  return row;
}

export async function insertForm(tx: DbOrTx, row: NewFormRow): Promise<void> {
  await tx.insert(forms).values(row);
}

export async function insertFormVersion(tx: DbOrTx, row: typeof formVersions.$inferInsert): Promise<void> {
  await tx.insert(formVersions).values(row);
}

export async function updateForm(tx: DbOrTx, id: string, changes: Partial<NewFormRow>): Promise<void> {
  await tx.update(forms).set(changes).where(eq(forms.id, id));
}

export async function deleteFormRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(forms).where(eq(forms.id, id));
}

export async function formHasCheckups(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(checkups).where(eq(checkups.formId, id)).limit(1);
  return row !== undefined;
}

/** Forms a vet may send by hand: not archived, marked sendable; by title. */
export function listManuallySendable(db: DbOrTx): Promise<FormListRow[]> {
  return selectForms(db)
    .where(and(isNull(forms.archivedAt), eq(forms.manuallySendable, true)))
    .orderBy(sql`lower(${forms.title}) collate "C"`, forms.id)
    .limit(500);
}

/** A pool a vet may fill a checkup from: not archived. */
export async function findPoolForFill(
  db: DbOrTx,
  id: string,
): Promise<Pick<FormRow, 'id' | 'version'> | undefined> {
  const [row] = await db
    .select({ id: forms.id, version: forms.version })
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.isPool, true), isNull(forms.archivedAt)))
    .limit(1);
  return row;
}

/** Every version of a form, newest first, with who saved it and how many checkups were sent with it. */
export function listFormVersions(db: DbOrTx, formId: string) {
  const query = db
    .select({
      version: formVersions.version,
      createdAt: formVersions.createdAt,
      questionCount: sql<number>`(select coalesce(sum(jsonb_array_length(g -> 'questions')), 0)::int
        from jsonb_array_elements(${formVersions.questionGroups}) g)`,
      checkupCount: sql<number>`(select count(*)::int from ${checkups}
        where ${checkups.formId} = ${formVersions.formId} and ${checkups.formVersion} = ${formVersions.version})`,
      createdBy: creator.fields,
    })
    .from(formVersions)
    .$dynamic();
  return creator
    .join(query, formVersions.createdByVetId)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version))
    .limit(1000);
}

export type FormVersionListRow = Awaited<ReturnType<typeof listFormVersions>>[number];
