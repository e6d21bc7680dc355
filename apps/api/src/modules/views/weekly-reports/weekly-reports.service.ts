import {
  isoWeekOfDate,
  type PetWeeklyReportsResponse,
  replacePetNamePlaceholders,
  type WeeklyReport,
  type WeeklyReportComment,
  type WeeklyReportContent,
  type WeeklyReportListQuery,
  type WeeklyReportListResponse,
  type WeeklyReportResponse,
  type WeeklyReportSent,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { readTogether } from '../../../db/read-together.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, petsErrors, petsForReports } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import type { EmailContent, Mailer } from '../../platform/mail/index.ts';
import { checkupsOfPetsAnsweredInWeek } from '../../records/checkups/index.ts';
import { currentDietPlansOfPets } from '../../records/diets/index.ts';
import { journalEntriesOfPetsDuring } from '../../records/journal/index.ts';
import { cardsOfPetsDuringWeek } from '../../records/pending-cards/index.ts';
import { withAlertsOfPet, withPetAlerts } from '../../records/pet-alerts/index.ts';
import { monitoredPetIds, weekBounds, weeklyTrackersOfPets } from '../../records/trackers/index.ts';
import { weeklyReportsErrors } from './weekly-reports.errors.ts';
import { weeklyReportLifecycle } from './weekly-reports.lifecycle.ts';
import { toWeeklyReportDto, toWeeklyReportSummaryDto } from './weekly-reports.mapper.ts';
import { renderWeeklyReportPdf, weeklyReportPdfFilename } from './weekly-reports.pdf.ts';
import {
  countReports,
  countReportsByStatus,
  findReport,
  insertReports,
  listReports,
  lockReport,
  petsWithReport,
  updateReport,
} from './weekly-reports.repository.ts';
import type { NewWeeklyReportRow } from './weekly-reports.table.ts';
import { weeklyReports } from './weekly-reports.table.ts';
import { type WeeklyReportView, weeklyReportView } from './weekly-reports.view.ts';

export interface WeeklyReportsDeps {
  db: Db;
  now: Now;
}

export interface WeeklyReportsMailDeps extends WeeklyReportsDeps {
  mailer: Mailer;
  productName: string;
}

const reportScope = (actor: Actor) => petCondition(actor, weeklyReports.petId);

/**
 * Pets are generated in slices: each slice's reads are a few batched queries and its writes one
 * transaction. Small slices keep each stretch of JavaScript short, so requests served by the same
 * process between them wait little (bench/weekly-reports).
 */
const SLICE = 100;

/** The ISO week that ended last before `now` (UTC): on a Monday, the week Monday to Sunday just gone. */
export function weekJustEnded(now: Date): string {
  return isoWeekOfDate(new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Each pet's report content for `week`, read through the modules that own the data (trackers' daily
 * rollups, pending cards, journal, checkups, diet plans), a few queries for all the pets at once.
 */
export async function buildWeeklyReportContents(
  db: DbOrTx,
  week: string,
  petIds: readonly string[],
): Promise<Map<string, WeeklyReportContent>> {
  const { from, to, start, end } = weekBounds(week);
  const [trackers, cards, journal, checkups, plans] = await readTogether(db, [
    () => weeklyTrackersOfPets(db, petIds, week),
    () => cardsOfPetsDuringWeek(db, petIds, start, end),
    () => journalEntriesOfPetsDuring(db, petIds, start, end),
    () => checkupsOfPetsAnsweredInWeek(db, petIds, start, end),
    () => currentDietPlansOfPets(db, petIds),
  ] as const);
  const lastDay = new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const contents = new Map<string, WeeklyReportContent>();
  for (const petId of petIds) {
    const tracked = trackers.get(petId);
    if (!tracked) continue;
    const entries = journal.get(petId) ?? [];
    const answered = checkups.get(petId) ?? [];
    contents.set(petId, {
      week,
      start: from,
      end: lastDay,
      trackers: tracked.trackers,
      weight: tracked.weight,
      pendingCards: cards.get(petId) ?? [],
      journal: { count: entries.length, entries },
      checkups: { count: answered.length, items: answered },
      dietPlan: plans.get(petId) ?? null,
    });
  }
  return contents;
}

function concernOf(content: WeeklyReportContent) {
  const changes = content.trackers.flatMap((t) =>
    t.changePercent === null ? [] : [Math.abs(t.changePercent)],
  );
  return {
    openCardCount: content.pendingCards.filter((card) => card.status === 'open').length,
    largestChangePercent: changes.length > 0 ? Math.max(...changes) : null,
  };
}

export interface GenerationResult {
  week: string;
  /** Reports written by this run. */
  generated: number;
  /** Monitored pets whose report of the week was there already. */
  existing: number;
}

/**
 * The reports of `week` for the monitored pets (readings or a weighing that week), or for `petIds`.
 * Idempotent on pet and week: a report already there is left as it is (its comment and review kept),
 * and two runs at once write each report once (the unique index decides, the loser skips).
 */
export async function generateWeeklyReports(
  deps: { db: DbOrTx; now: Now },
  actor: Actor,
  week: string,
  options: {
    petIds?: readonly string[];
    generatedAt?: Date;
    /** The demo data's ids are drawn from its seed, so every seeding gives the same rows. */
    idOf?: (petId: string) => string;
  } = {},
): Promise<GenerationResult> {
  const petIds = options.petIds ?? (await monitoredPetIds(deps.db, week));
  const weekStart = weekBounds(week).from;
  let generated = 0;
  let existing = 0;
  for (let offset = 0; offset < petIds.length; offset += SLICE) {
    const slice = petIds.slice(offset, offset + SLICE);
    const done = await petsWithReport(deps.db, week, slice);
    existing += done.size;
    const todo = slice.filter((id) => !done.has(id));
    if (todo.length === 0) continue;
    const [contents, pets] = await readTogether(deps.db, [
      () => buildWeeklyReportContents(deps.db, week, todo),
      () => petsForReports(deps.db, todo),
    ] as const);
    const at = options.generatedAt ?? deps.now();
    const rows: NewWeeklyReportRow[] = pets.flatMap((pet) => {
      const content = contents.get(pet.id);
      if (!content) return [];
      return [
        {
          id: options.idOf?.(pet.id) ?? newId(),
          petId: pet.id,
          week,
          weekStart,
          companySku: pet.companySku,
          status: weeklyReportLifecycle.initial,
          content,
          ...concernOf(content),
          generatedAt: at,
          updatedAt: at,
        },
      ];
    });
    const written = await deps.db.transaction(async (tx) => {
      const ids = await insertReports(tx, rows);
      if (ids.length > 0) {
        await recordAudit(tx, actor, {
          action: 'weekly_reports.generate',
          entity: 'weekly_report_week',
          entityId: week,
          changes: { after: { week, reports: ids.length } },
        });
        await recordEvent(tx, {
          type: 'weekly_report.generated',
          entity: 'weekly_report_week',
          id: week,
          actor: eventActorOf(actor),
        });
      }
      return ids.length;
    });
    generated += written;
    existing += rows.length - written;
    // Let the requests queued meanwhile run before the next slice.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { week, generated, existing };
}

export async function listWeeklyReports(
  deps: WeeklyReportsDeps,
  actor: Actor,
  query: WeeklyReportListQuery,
): Promise<WeeklyReportListResponse> {
  const { page, pageSize, sort, order, petUuid, ...filters } = query;
  const filter = { ...filters, petId: petUuid, scope: reportScope(actor) };
  const [{ rows, pagination }, counts] = await Promise.all([
    listPage(query, {
      rows: (window) => listReports(deps.db, filter, { sort, order }, window),
      count: (bound) => countReports(deps.db, filter, bound),
    }),
    countReportsByStatus(deps.db, filter),
  ]);
  return {
    weeklyReports: await withPetAlerts(deps.db, rows.map(toWeeklyReportSummaryDto)),
    pagination,
    counts,
  };
}

/** A pet's reports, newest week first. */
export async function listPetWeeklyReports(
  deps: WeeklyReportsDeps,
  actor: Actor,
  petId: string,
): Promise<PetWeeklyReportsResponse> {
  if (!(await findPetWithOwner(deps.db, actor, petId))) throw petsErrors.notFound();
  const rows = await listReports(
    deps.db,
    { petId, scope: reportScope(actor) },
    { sort: 'week', order: 'desc' },
    { offset: 0, limit: 520 },
  );
  return { weeklyReports: await withPetAlerts(deps.db, rows.map(toWeeklyReportSummaryDto)) };
}

async function reportResponse(db: DbOrTx, actor: Actor, id: string): Promise<WeeklyReportResponse> {
  const row = await findReport(db, id, reportScope(actor));
  if (!row) throw weeklyReportsErrors.notFound();
  return { weeklyReport: await withAlertsOfPet<WeeklyReport>(db, toWeeklyReportDto(row)) };
}

export function getWeeklyReport(deps: WeeklyReportsDeps, actor: Actor, id: string) {
  return reportResponse(deps.db, actor, id);
}

function reportEvent(tx: DbOrTx, id: string, petUuid: string, companySku: string | null, actor: Actor) {
  return recordEvent(tx, {
    type: 'weekly_report.changed',
    entity: 'weekly_report',
    id,
    petUuid,
    companySku,
    actor: eventActorOf(actor),
  });
}

/** The comment is kept as written (`{{PET_NAME}}` placeholders and all); it is replaced when shown or sent. */
export async function editWeeklyReportComment(
  deps: WeeklyReportsDeps,
  actor: VetActor,
  id: string,
  input: WeeklyReportComment,
): Promise<WeeklyReportResponse> {
  await deps.db.transaction(async (tx) => {
    const { row } = await weeklyReportLifecycle.lockFor(
      () => lockReport(tx, id, reportScope(actor)),
      weeklyReportsErrors.notFound,
      'comment',
    );
    if (row.vetComment === input.vetComment) return;
    await updateReport(tx, id, { vetComment: input.vetComment, updatedAt: deps.now() });
    await reportEvent(tx, id, row.petId, row.companySku, actor);
    await recordAudit(tx, actor, {
      action: 'weekly_reports.comment',
      entity: 'weekly_report',
      entityId: id,
      changes: { before: { vetComment: row.vetComment }, after: { vetComment: input.vetComment } },
    });
  });
  return reportResponse(deps.db, actor, id);
}

export async function reviewWeeklyReport(
  deps: WeeklyReportsDeps,
  actor: VetActor,
  id: string,
): Promise<WeeklyReportResponse> {
  await deps.db.transaction(async (tx) => {
    const { row, next } = await weeklyReportLifecycle.lockFor(
      () => lockReport(tx, id, reportScope(actor)),
      weeklyReportsErrors.notFound,
      'review',
    );
    const at = deps.now();
    await updateReport(tx, id, { status: next, reviewedByVetId: actor.vetId, reviewedAt: at, updatedAt: at });
    await reportEvent(tx, id, row.petId, row.companySku, actor);
    await recordAudit(tx, actor, {
      action: 'weekly_reports.review',
      entity: 'weekly_report',
      entityId: id,
      changes: { before: { status: row.status }, after: { status: next } },
    });
  });
  return reportResponse(deps.db, actor, id);
}

/** The e-mail to the owner: the report in the body and, as the diet is, as a PDF attached. */
export function weeklyReportEmail(view: WeeklyReportView): { subject: string; content: EmailContent } {
  return {
    subject: `${view.petName}’s weekly report: ${view.period}`,
    content: {
      greeting: 'Hello,',
      paragraphs: [
        `Here is ${view.petName}’s weekly report for ${view.period}, from our vets.`,
        ...(view.comment ? [view.comment] : []),
      ],
      ...(view.trackerRows.length > 0
        ? { table: { columns: view.trackerColumns, rows: view.trackerRows } }
        : {}),
      closing: view.facts.map(([label, value]) => `${label}: ${value}`),
      footer: ['The report is attached as a PDF.'],
    },
  };
}

export async function sendWeeklyReport(
  deps: WeeklyReportsMailDeps,
  actor: VetActor,
  id: string,
): Promise<WeeklyReportSent> {
  const email = await deps.db.transaction(async (tx) => {
    const { row, next } = await weeklyReportLifecycle.lockFor(
      () => lockReport(tx, id, reportScope(actor)),
      weeklyReportsErrors.notFound,
      'send',
    );
    const details = await findReport(tx, id, undefined);
    if (!details) throw weeklyReportsErrors.notFound();
    if (!details.ownerEmail) throw weeklyReportsErrors.noOwnerEmail();
    const view = weeklyReportView(
      row.content,
      details.petName,
      replacePetNamePlaceholders(row.vetComment, details.petName),
    );
    const { subject, content } = weeklyReportEmail(view);
    const pdf = await renderWeeklyReportPdf(view, deps.productName);
    const emailId = await deps.mailer.enqueue(tx, {
      to: details.ownerEmail,
      subject,
      content,
      createdByVetId: actor.vetId,
      attachments: [
        {
          filename: weeklyReportPdfFilename(details.petName, row.week),
          contentType: 'application/pdf',
          content: pdf,
        },
      ],
    });
    const at = deps.now();
    await updateReport(tx, id, {
      status: next,
      sentByVetId: actor.vetId,
      sentAt: at,
      sentEmailId: emailId,
      updatedAt: at,
    });
    await reportEvent(tx, id, row.petId, row.companySku, actor);
    await recordAudit(tx, actor, {
      action: 'weekly_reports.send',
      entity: 'weekly_report',
      entityId: id,
      changes: { before: { status: row.status }, after: { status: next, to: details.ownerEmail, emailId } },
    });
    return { uuid: emailId, to: details.ownerEmail, subject };
  });
  return { ...(await reportResponse(deps.db, actor, id)), email };
}
