import type { ClinicalDocumentKind } from '@vetboard/contract';
import { and, asc, desc, eq, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import type { PageWindow } from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import { petFields, withPet } from '../../core/pets/index.ts';
import { vetInRole } from '../../core/vets/index.ts';
import {
  type ClinicalDocumentRow,
  clinicalDocuments,
  type NewClinicalDocumentRow,
} from './clinical-documents.table.ts';

const creator = vetInRole('creator');
const editor = vetInRole('editor');
const signer = vetInRole('signer');
const next = alias(clinicalDocuments, 'next_version');

function selectDocuments(db: DbOrTx) {
  const query = db
    .select({
      document: clinicalDocuments,
      pet: petFields,
      createdBy: creator.fields,
      updatedBy: editor.fields,
      signedBy: signer.fields,
      nextVersionId: next.id,
    })
    .from(clinicalDocuments)
    .$dynamic();
  const withVets = signer.join(
    editor.join(
      creator.join(withPet(query, clinicalDocuments.petId), clinicalDocuments.createdByVetId),
      clinicalDocuments.updatedByVetId,
    ),
    clinicalDocuments.signedByVetId,
  );
  return withVets.leftJoin(next, eq(next.previousVersionId, clinicalDocuments.id));
}

export type ClinicalDocumentDetailsRow = Awaited<ReturnType<typeof selectDocuments>>[number];

export async function findDocument(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<ClinicalDocumentDetailsRow | undefined> {
  const [row] = await selectDocuments(db)
    .where(and(eq(clinicalDocuments.id, id), scope))
    .limit(1);
  return row;
}

/** Every version of one document, the first first. */
export function listVersions(db: DbOrTx, rootId: string): Promise<ClinicalDocumentDetailsRow[]> {
  return selectDocuments(db)
    .where(eq(clinicalDocuments.rootId, rootId))
    .orderBy(asc(clinicalDocuments.version));
}

/** The newest version of each of the pet's documents (no version amends it), last changed first. */
function newestOfPet(petId: string, kind: ClinicalDocumentKind | undefined) {
  return and(
    eq(clinicalDocuments.petId, petId),
    kind ? eq(clinicalDocuments.kind, kind) : undefined,
    notExists(
      sql`(select 1 from ${clinicalDocuments} as amended where amended.previous_version_id = ${clinicalDocuments.id})`,
    ),
  );
}

export function listPetDocuments(
  db: DbOrTx,
  petId: string,
  kind: ClinicalDocumentKind | undefined,
  window: PageWindow,
): Promise<ClinicalDocumentDetailsRow[]> {
  return selectDocuments(db)
    .where(newestOfPet(petId, kind))
    .orderBy(desc(clinicalDocuments.updatedAt), desc(clinicalDocuments.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countPetDocuments(
  db: DbOrTx,
  petId: string,
  kind: ClinicalDocumentKind | undefined,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clinicalDocuments)
    .where(newestOfPet(petId, kind));
  return row?.count ?? 0;
}

export async function lockDocument(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<ClinicalDocumentRow | undefined> {
  const [row] = await tx
    .select()
    .from(clinicalDocuments)
    .where(and(eq(clinicalDocuments.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function findNextVersionId(tx: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: clinicalDocuments.id })
    .from(clinicalDocuments)
    .where(eq(clinicalDocuments.previousVersionId, id))
    .limit(1);
  return row?.id;
}

export async function deleteDocument(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(clinicalDocuments).where(eq(clinicalDocuments.id, id));
}

export async function insertDocument(tx: DbOrTx, row: NewClinicalDocumentRow): Promise<void> {
  await tx.insert(clinicalDocuments).values(row);
}

export async function updateDocument(
  tx: DbOrTx,
  id: string,
  changes: Partial<NewClinicalDocumentRow>,
): Promise<void> {
  await tx.update(clinicalDocuments).set(changes).where(eq(clinicalDocuments.id, id));
}

/** One pet's signed assessments or reports (by signature), for its timeline: one bounded page. */
export function signedDocumentTimelineRows(db: DbOrTx, read: TimelineRead, kind: ClinicalDocumentKind) {
  const timelineKind = kind === 'assessment' ? 'assessment.signed' : 'report.signed';
  return db
    .select({
      id: clinicalDocuments.id,
      at: timelineAt(clinicalDocuments.signedAt),
      title: clinicalDocuments.title,
      version: clinicalDocuments.version,
    })
    .from(clinicalDocuments)
    .where(
      timelineWhere(
        timelineKind,
        clinicalDocuments.signedAt,
        clinicalDocuments.id,
        read,
        eq(clinicalDocuments.petId, read.petId),
        eq(clinicalDocuments.kind, kind),
      ),
    )
    .orderBy(...timelineOrder(clinicalDocuments.signedAt, clinicalDocuments.id))
    .limit(read.limit);
}
