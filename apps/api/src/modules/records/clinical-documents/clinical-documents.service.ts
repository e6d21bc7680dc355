import { createHash } from 'node:crypto';
import {
  type ClinicalDocument,
  type ClinicalDocumentAmend,
  type ClinicalDocumentCreate,
  type ClinicalDocumentDiff,
  type ClinicalDocumentKind,
  type ClinicalDocumentListQuery,
  type ClinicalDocumentListResponse,
  type ClinicalDocumentResponse,
  type ClinicalDocumentUpdate,
  canonicalClinicalDocument,
  type DomainEventType,
  emptyAssessmentContent,
  isAssessmentContent,
  REPORT_TEMPLATES,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { type Actor, actingVetId, type VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, recordPetEvent } from '../../core/pets/index.ts';
import { auditDiff, recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { diffClinicalContent } from './clinical-documents.diff.ts';
import { clinicalDocumentsErrors } from './clinical-documents.errors.ts';
import { clinicalDocumentLifecycle } from './clinical-documents.lifecycle.ts';
import { toClinicalDocumentDto, toClinicalDocumentSummaryDto } from './clinical-documents.mapper.ts';
import { clinicalDocumentPdfFilename, renderClinicalDocumentPdf } from './clinical-documents.pdf.ts';
import {
  countPetDocuments,
  deleteDocument,
  findDocument,
  findNextVersionId,
  insertDocument,
  listPetDocuments,
  listVersions,
  lockDocument,
  signedDocumentTimelineRows,
  updateDocument,
} from './clinical-documents.repository.ts';
import { type ClinicalDocumentRow, clinicalDocuments } from './clinical-documents.table.ts';

export interface ClinicalDocumentsDeps {
  db: Db;
  now: Now;
}

/** Out of the actor's scope, a document is as unknown as a missing one. */
const documentScope = (actor: Actor) => petCondition(actor, clinicalDocuments.petId);

/** The hex SHA-256 a signature records: of the canonical content (contract), as UTF-8. */
export function clinicalDocumentSha256(row: ClinicalDocumentRow): string {
  const canonical = canonicalClinicalDocument({
    kind: row.kind,
    title: row.title,
    version: row.version,
    previousVersionUuid: row.previousVersionId,
    amendmentReason: row.amendmentReason,
    content: row.content,
  });
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

async function documentResponse(db: DbOrTx, actor: Actor, id: string): Promise<ClinicalDocumentResponse> {
  const row = await findDocument(db, id, documentScope(actor));
  if (!row) throw clinicalDocumentsErrors.notFound();
  const versions = await listVersions(db, row.document.rootId);
  return {
    clinicalDocument: toClinicalDocumentDto(row, actingVetId(actor)),
    versions: versions.map(toClinicalDocumentSummaryDto),
  };
}

async function documentEvent(
  tx: DbOrTx,
  row: Pick<ClinicalDocumentRow, 'id' | 'petId'>,
  type: Extract<DomainEventType, `clinical_document.${string}`>,
  actor: Actor,
) {
  await recordPetEvent(tx, row.petId, {
    type,
    entity: 'clinical_document',
    id: row.id,
    actor: eventActorOf(actor),
  });
}

export async function listPetClinicalDocuments(
  deps: Pick<ClinicalDocumentsDeps, 'db'>,
  actor: Actor,
  petId: string,
  query: ClinicalDocumentListQuery,
): Promise<ClinicalDocumentListResponse> {
  const pet = await findPetWithOwner(deps.db, actor, petId);
  if (!pet) throw clinicalDocumentsErrors.notFound();
  const { rows, pagination } = await listPage(query, {
    rows: (window) => listPetDocuments(deps.db, petId, query.kind, window),
    count: () => countPetDocuments(deps.db, petId, query.kind),
  });
  return { clinicalDocuments: rows.map(toClinicalDocumentSummaryDto), pagination };
}

export async function getClinicalDocument(
  deps: Pick<ClinicalDocumentsDeps, 'db'>,
  actor: Actor,
  id: string,
): Promise<ClinicalDocumentResponse> {
  return documentResponse(deps.db, actor, id);
}

const DEFAULT_ASSESSMENT_TITLE = 'Clinical assessment';

/** A new draft: an empty assessment, or a report laid out by its template (default: consultation). */
export async function createClinicalDocument(
  deps: ClinicalDocumentsDeps,
  actor: Actor,
  petId: string,
  input: ClinicalDocumentCreate,
): Promise<ClinicalDocumentResponse> {
  if (input.kind === 'assessment' && input.template) throw clinicalDocumentsErrors.templateForAssessment();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    const pet = await findPetWithOwner(tx, actor, petId, { lock: true });
    if (!pet) throw clinicalDocumentsErrors.notFound();
    const template = input.kind === 'report' ? REPORT_TEMPLATES[input.template ?? 'consultation'] : undefined;
    const title = input.title ?? template?.title ?? DEFAULT_ASSESSMENT_TITLE;
    const at = deps.now();
    const vetId = actor.type === 'vet' ? actor.vetId : null;
    await insertDocument(tx, {
      id,
      petId,
      kind: input.kind,
      rootId: id,
      version: 1,
      status: clinicalDocumentLifecycle.initial,
      title,
      content: template ? { body: template.body() } : emptyAssessmentContent(),
      createdByVetId: vetId,
      createdAt: at,
      updatedByVetId: vetId,
      updatedAt: at,
    });
    await documentEvent(tx, { id, petId }, 'clinical_document.created', actor);
    await recordAudit(tx, actor, {
      action: 'clinical_documents.create',
      entity: 'clinical_document',
      entityId: id,
      changes: { after: { petUuid: petId, kind: input.kind, title, template: input.template ?? null } },
    });
  });
  return documentResponse(deps.db, actor, id);
}

const contentFits = (kind: ClinicalDocumentKind, content: ClinicalDocumentUpdate['content']) =>
  (kind === 'assessment') === isAssessmentContent(content);

/** Saves a draft's title and content (the editor's autosave); a signed version answers 409. */
export async function updateClinicalDocument(
  deps: ClinicalDocumentsDeps,
  actor: VetActor,
  id: string,
  input: ClinicalDocumentUpdate,
): Promise<ClinicalDocumentResponse> {
  await deps.db.transaction(async (tx) => {
    const { row } = await clinicalDocumentLifecycle.lockFor(
      () => lockDocument(tx, id, documentScope(actor)),
      clinicalDocumentsErrors.notFound,
      'edit',
    );
    if (!contentFits(row.kind, input.content)) throw clinicalDocumentsErrors.contentKindMismatch(row.kind);
    const diff = auditDiff(row, { title: input.title, content: input.content });
    if (Object.keys(diff.changes).length === 0) return;
    await updateDocument(tx, id, { ...diff.changes, updatedByVetId: actor.vetId, updatedAt: deps.now() });
    await documentEvent(tx, row, 'clinical_document.changed', actor);
    await recordAudit(tx, actor, {
      action: 'clinical_documents.update',
      entity: 'clinical_document',
      entityId: id,
      changes: { before: diff.before, after: diff.after },
    });
  });
  return documentResponse(deps.db, actor, id);
}

/**
 * Takes back a draft its author started (a stray "New assessment", an amendment not pursued): gone from
 * the lists, its last content kept in the audit row. A signed version is never deleted (409); another
 * vet's draft is theirs to finish or take back (403). Deleting an amendment's draft frees the signed
 * version it corrected to be amended again.
 */
export async function deleteClinicalDocument(deps: ClinicalDocumentsDeps, actor: VetActor, id: string) {
  await deps.db.transaction(async (tx) => {
    const { row } = await clinicalDocumentLifecycle.lockFor(
      () => lockDocument(tx, id, documentScope(actor)),
      clinicalDocumentsErrors.notFound,
      'delete',
    );
    if (row.createdByVetId !== actor.vetId) throw clinicalDocumentsErrors.notAuthor();
    await deleteDocument(tx, id);
    await documentEvent(tx, row, 'clinical_document.deleted', actor);
    await recordAudit(tx, actor, {
      action: 'clinical_documents.delete',
      entity: 'clinical_document',
      entityId: id,
      changes: {
        before: {
          petUuid: row.petId,
          kind: row.kind,
          version: row.version,
          previousVersionUuid: row.previousVersionId,
          amendmentReason: row.amendmentReason,
          title: row.title,
          content: row.content,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        },
      },
    });
  });
}

/** Signs a draft: records the signer, the time and the content's SHA-256; it never changes again. */
export async function signClinicalDocument(
  deps: ClinicalDocumentsDeps,
  actor: VetActor,
  id: string,
): Promise<ClinicalDocumentResponse> {
  await deps.db.transaction(async (tx) => {
    const { row, next } = await clinicalDocumentLifecycle.lockFor(
      () => lockDocument(tx, id, documentScope(actor)),
      clinicalDocumentsErrors.notFound,
      'sign',
    );
    const at = deps.now();
    const contentSha256 = clinicalDocumentSha256(row);
    await updateDocument(tx, id, { status: next, signedByVetId: actor.vetId, signedAt: at, contentSha256 });
    await documentEvent(tx, row, 'clinical_document.signed', actor);
    await recordAudit(tx, actor, {
      action: 'clinical_documents.sign',
      entity: 'clinical_document',
      entityId: id,
      changes: {
        before: { status: row.status, signedAt: null, contentSha256: null },
        after: { status: next, signedAt: at.toISOString(), contentSha256, version: row.version },
      },
    });
  });
  return documentResponse(deps.db, actor, id);
}

/**
 * Starts the correction of a signed version: a new draft version (a copy of its content) linked to it,
 * with the reason. A version is amended once (409 after: correct the newest one).
 */
export async function amendClinicalDocument(
  deps: ClinicalDocumentsDeps,
  actor: VetActor,
  id: string,
  input: ClinicalDocumentAmend,
): Promise<ClinicalDocumentResponse> {
  const newVersionId = newId();
  await deps.db.transaction(async (tx) => {
    const { row } = await clinicalDocumentLifecycle.lockFor(
      () => lockDocument(tx, id, documentScope(actor)),
      clinicalDocumentsErrors.notFound,
      'amend',
    );
    if (await findNextVersionId(tx, id)) throw clinicalDocumentsErrors.alreadyAmended();
    const { status, previousVersionId } = clinicalDocumentLifecycle.newVersionOf(row);
    const at = deps.now();
    await insertDocument(tx, {
      id: newVersionId,
      petId: row.petId,
      kind: row.kind,
      rootId: row.rootId,
      version: row.version + 1,
      previousVersionId,
      amendmentReason: input.reason,
      status,
      title: row.title,
      content: row.content,
      createdByVetId: actor.vetId,
      createdAt: at,
      updatedByVetId: actor.vetId,
      updatedAt: at,
    });
    await documentEvent(tx, { id: newVersionId, petId: row.petId }, 'clinical_document.created', actor);
    await recordAudit(tx, actor, {
      action: 'clinical_documents.amend',
      entity: 'clinical_document',
      entityId: newVersionId,
      changes: {
        before: { amends: id, version: row.version },
        after: { version: row.version + 1, previousVersionUuid: id, reason: input.reason },
      },
    });
  });
  return documentResponse(deps.db, actor, newVersionId);
}

/** Two versions of one document compared, the older first whichever is named first. */
export async function diffClinicalDocumentVersions(
  deps: Pick<ClinicalDocumentsDeps, 'db'>,
  actor: Actor,
  id: string,
  otherId: string,
): Promise<ClinicalDocumentDiff> {
  const [one, other] = await Promise.all([
    findDocument(deps.db, id, documentScope(actor)),
    findDocument(deps.db, otherId, documentScope(actor)),
  ]);
  if (!one) throw clinicalDocumentsErrors.notFound();
  if (!other || other.document.rootId !== one.document.rootId) throw clinicalDocumentsErrors.otherDocument();
  const [from, to] = one.document.version <= other.document.version ? [one, other] : [other, one];
  return {
    from: toClinicalDocumentSummaryDto(from),
    to: toClinicalDocumentSummaryDto(to),
    sections: diffClinicalContent(from.document.content, to.document.content),
  };
}

const SIGNED_AT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** The PDF of a signed version (409 for a draft: only what was signed leaves the practice). */
export async function clinicalDocumentPdf(
  deps: Pick<ClinicalDocumentsDeps, 'db'> & { productName: string },
  actor: Actor,
  id: string,
): Promise<{ content: Buffer; filename: string; sha256: string }> {
  const row = await findDocument(deps.db, id, documentScope(actor));
  if (!row) throw clinicalDocumentsErrors.notFound();
  const document: ClinicalDocument = toClinicalDocumentDto(row, actingVetId(actor));
  if (document.status !== 'signed' || !row.document.signedAt) throw clinicalDocumentsErrors.notSigned();
  const content = await renderClinicalDocumentPdf({
    document,
    productName: deps.productName,
    signedAtText: `${SIGNED_AT.format(row.document.signedAt)} UTC`,
  });
  return {
    content,
    filename: clinicalDocumentPdfFilename(document),
    sha256: createHash('sha256').update(content).digest('hex'),
  };
}

/** A pet's signed assessments and medical reports, for its timeline (each kind one bounded read). */
export async function listClinicalDocumentTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const [assessments, reports] = await Promise.all([
    read.kinds.has('assessment.signed') ? signedDocumentTimelineRows(deps.db, read, 'assessment') : [],
    read.kinds.has('report.signed') ? signedDocumentTimelineRows(deps.db, read, 'report') : [],
  ]);
  const version = (n: number) => (n > 1 ? ` (version ${n})` : '');
  return [
    ...assessments.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'assessment.signed',
        source: 'vet',
        title: `Assessment '${row.title}' signed${version(row.version)}`,
        link: `/pets/${read.petId}/clinical-assessments/${row.id}`,
      }),
    ),
    ...reports.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'report.signed',
        source: 'vet',
        title: `Medical report '${row.title}' signed${version(row.version)}`,
        link: `/pets/${read.petId}/medical-reports/${row.id}`,
      }),
    ),
  ];
}
