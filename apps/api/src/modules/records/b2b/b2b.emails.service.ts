import {
  type CompanyEmailListQuery,
  type CompanyEmailListResponse,
  type CompanyEmailsResponse,
  calendarDateToIso,
  type DailyStatusEmail,
  type DailyStatusEmailPreview,
  type EmailPreview,
  type LatestTrackersResponse,
  paginationOf,
  toTimestamp,
  type UrgentReportEmail,
} from '@vetboard/contract';
import type { AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { offsetOf } from '../../../lib/list-query.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { findPetWithOwner, petsErrors } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf, recordEvent } from '../../platform/events/index.ts';
import type { EmailContent, Mailer } from '../../platform/mail/index.ts';
import { getLatestTrackers } from '../trackers/index.ts';
import { b2bErrors } from './b2b.errors.ts';
import { toCompanyEmailDto } from './b2b.mapper.ts';
import {
  countCompanyEmails,
  countWritten,
  findCompanyEmails,
  findPetCompany,
  insertCompanyEmail,
  listCompanyEmails,
  listCompanyPets,
  statusesOfDay,
} from './b2b.repository.ts';
import { type B2bDeps, type B2bMailDeps, requireCompany } from './b2b.service.ts';

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));

interface DraftEmail {
  to: string[];
  subject: string;
  content: EmailContent;
}

/** The daily e-mail of a company's day: also what the demo data's past e-mails carry. */
export function dailyStatusEmail(
  companyName: string,
  date: string,
  rows: ReadonlyArray<{ petName: string; dailyStatus: string }>,
): { subject: string; content: EmailContent } {
  return {
    subject: `${companyName}: daily statuses for ${longDate(date)}`,
    content: {
      greeting: `Hello ${companyName} team,`,
      paragraphs: [
        rows.length === 1
          ? `Here is the status of your pet for ${longDate(date)}.`
          : `Here are the statuses of your ${rows.length} pets for ${longDate(date)}.`,
      ],
      table: { columns: ['Pet', 'Status'], rows: rows.map((row) => [row.petName, row.dailyStatus]) },
      footer: ['You receive this e-mail as a daily status contact of your company.'],
    },
  };
}

async function dailyEmailDraft(deps: B2bDeps, actor: Actor, input: DailyStatusEmail) {
  const company = await requireCompany(deps.db, actor, input.sku);
  const date = calendarDateToIso(input.date);
  const rows = await statusesOfDay(deps.db, company.sku, date);
  const draft: DraftEmail = {
    to: company.dailyStatusEmails,
    ...dailyStatusEmail(company.name, date, rows),
  };
  return { company, date, rows, draft };
}

function preview(mailer: Mailer, draft: DraftEmail): EmailPreview {
  return { to: draft.to, subject: draft.subject, ...mailer.render(draft.content) };
}

const PETS_NAMED = 50;

/** The last e-mail of that day's statuses, if one went: when, by whom, to how many contacts. */
async function lastDailySend(db: DbOrTx, sku: string, date: string) {
  const rows = await listCompanyEmails(
    db,
    { sku, kind: 'daily_status', statusDate: date },
    { offset: 0, limit: 50 },
  );
  const [last] = rows;
  if (!last) return null;
  const at = last.link.createdAt.getTime();
  return {
    at: last.link.createdAt,
    by:
      last.email.createdByVetId && last.senderName
        ? { uuid: last.email.createdByVetId, name: last.senderName }
        : null,
    recipients: rows.filter((row) => row.link.createdAt.getTime() === at).length,
  };
}

/**
 * The e-mail as it would go, with what the vet should weigh first: the company's pets still without a
 * status that day (named), and whether that day's e-mail already went, when and by whom.
 */
export async function previewDailyStatusEmail(
  deps: B2bMailDeps,
  actor: Actor,
  input: DailyStatusEmail,
): Promise<DailyStatusEmailPreview> {
  const { company, date, draft } = await dailyEmailDraft(deps, actor, input);
  const filter = {
    sku: company.sku,
    date,
    status: 'missing' as const,
    scope: (column: AnyColumn) => petCondition(actor, column),
  };
  const [missing, counts, sent] = await Promise.all([
    listCompanyPets(deps.db, filter, { offset: 0, limit: PETS_NAMED }),
    countWritten(deps.db, filter),
    lastDailySend(deps.db, company.sku, date),
  ]);
  return {
    ...preview(deps.mailer, draft),
    companyPets: counts.pets,
    petsWithoutStatus: missing.map((pet) => ({ uuid: pet.id, name: pet.name })),
    petsWithoutStatusCount: counts.pets - counts.written,
    alreadySent: sent ? { ...sent, at: toTimestamp(sent.at) } : null,
  };
}

const SENT_AT = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

async function enqueueAll(
  deps: B2bMailDeps,
  tx: DbOrTx,
  draft: DraftEmail,
  link: {
    companySku: string;
    kind: 'daily_status' | 'urgent_report';
    statusDate?: string;
    petId?: string;
    reportText?: string;
  },
  actor: VetActor,
) {
  const ids: string[] = [];
  // One send, one time: its e-mails are told apart from the next send's by it.
  const at = deps.now();
  for (const to of draft.to) {
    const emailId = await deps.mailer.enqueue(tx, {
      to,
      subject: draft.subject,
      content: draft.content,
      createdByVetId: actor.vetId,
    });
    await insertCompanyEmail(tx, {
      emailId,
      companySku: link.companySku,
      kind: link.kind,
      statusDate: link.statusDate ?? null,
      petId: link.petId ?? null,
      reportText: link.reportText ?? null,
      createdAt: at,
    });
    ids.push(emailId);
  }
  await recordEvent(tx, {
    type: 'company.emailed',
    entity: 'company',
    id: link.companySku,
    companySku: link.companySku,
    petUuid: link.petId ?? null,
    actor: eventActorOf(actor),
  });
  return ids;
}

/** One e-mail to each daily-status contact with the table of that day's live statuses. */
export async function sendDailyStatusEmail(
  deps: B2bMailDeps,
  actor: VetActor,
  input: DailyStatusEmail,
): Promise<CompanyEmailsResponse> {
  const { company, date, rows, draft } = await dailyEmailDraft(deps, actor, input);
  if (draft.to.length === 0) throw b2bErrors.noRecipients('daily status');
  if (rows.length === 0) throw b2bErrors.nothingToSend();
  if (!input.resend) {
    const sent = await lastDailySend(deps.db, company.sku, date);
    if (sent)
      throw b2bErrors.alreadySent(`${SENT_AT.format(sent.at).replace(',', '')} UTC`, sent.by?.name ?? null);
  }
  const ids = await deps.db.transaction(async (tx) => {
    const queued = await enqueueAll(
      deps,
      tx,
      draft,
      { companySku: company.sku, kind: 'daily_status', statusDate: date },
      actor,
    );
    await recordAudit(tx, actor, {
      action: 'b2b.daily_status_email.send',
      entity: 'company',
      entityId: company.sku,
      changes: {
        after: {
          date,
          to: draft.to,
          subject: draft.subject,
          statuses: rows.length,
          emailIds: queued,
          resend: input.resend === true,
        },
      },
    });
    return queued;
  });
  return { emails: (await findCompanyEmails(deps.db, ids)).map(toCompanyEmailDto) };
}

function vitalsTable(vitals: LatestTrackersResponse) {
  const when = (seconds: number) =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: vitals.timezone,
    }).format(new Date(seconds * 1000));
  const rows: string[][] = [];
  if (vitals.respiratoryRate) {
    const band = vitals.respiratoryRate.abnormal === 'undefined' ? 'normal' : vitals.respiratoryRate.abnormal;
    rows.push([
      'Sleeping respiratory rate',
      `${Math.round(vitals.respiratoryRate.value)} breaths/min (${band})`,
      when(vitals.respiratoryRate.measuredAt.seconds),
    ]);
  }
  if (vitals.heartRate)
    rows.push([
      'Heart rate',
      `${Math.round(vitals.heartRate.value)} bpm`,
      when(vitals.heartRate.measuredAt.seconds),
    ]);
  if (vitals.weight)
    rows.push(['Weight', `${vitals.weight.value.toFixed(1)} kg`, when(vitals.weight.measuredAt.seconds)]);
  return rows;
}

async function urgentEmailDraft(deps: B2bDeps, actor: Actor, input: UrgentReportEmail) {
  const pet = await findPetWithOwner(deps.db, actor, input.petUuid);
  if (!pet) throw b2bErrors.petNotFound();
  const company = await findPetCompany(deps.db, input.petUuid);
  if (!company) throw b2bErrors.notACompanyPet();
  const vitals = await getLatestTrackers({ db: deps.db, now: deps.now, actor }, input.petUuid);
  const rows = vitalsTable(vitals);
  const draft: DraftEmail = {
    to: company.urgentReportEmails,
    subject: `Urgent report: ${pet.pet.name} (${company.name})`,
    content: {
      greeting: `Hello ${company.name} team,`,
      paragraphs: [`Our vets have an urgent report about ${pet.pet.name}:`, input.text],
      ...(rows.length > 0
        ? { table: { columns: ['Latest vitals', 'Value', 'Measured'], rows } }
        : { closing: ['No vitals have been recorded for this pet yet.'] }),
      footer: ['You receive this e-mail as an urgent report contact of your company.'],
    },
  };
  return { company, pet, draft };
}

export async function previewUrgentReportEmail(deps: B2bMailDeps, actor: Actor, input: UrgentReportEmail) {
  return preview(deps.mailer, (await urgentEmailDraft(deps, actor, input)).draft);
}

/** One e-mail to each urgent contact of the pet's company: the vet's text and the pet's latest vitals. */
export async function sendUrgentReportEmail(
  deps: B2bMailDeps,
  actor: VetActor,
  input: UrgentReportEmail,
): Promise<CompanyEmailsResponse> {
  const { company, draft } = await urgentEmailDraft(deps, actor, input);
  if (draft.to.length === 0) throw b2bErrors.noRecipients('urgent report');
  const ids = await deps.db.transaction(async (tx) => {
    const queued = await enqueueAll(
      deps,
      tx,
      draft,
      { companySku: company.sku, kind: 'urgent_report', petId: input.petUuid, reportText: input.text },
      actor,
    );
    await recordAudit(tx, actor, {
      action: 'b2b.urgent_report_email.send',
      entity: 'pet',
      entityId: input.petUuid,
      changes: {
        after: {
          companySku: company.sku,
          to: draft.to,
          subject: draft.subject,
          text: input.text,
          emailIds: queued,
        },
      },
    });
    return queued;
  });
  return { emails: (await findCompanyEmails(deps.db, ids)).map(toCompanyEmailDto) };
}

export async function listB2bCompanyEmails(
  deps: B2bDeps,
  actor: Actor,
  query: CompanyEmailListQuery,
): Promise<CompanyEmailListResponse> {
  await requireCompany(deps.db, actor, query.sku);
  // A pet out of scope is as unknown here as on the pet's other lists.
  if (query.petUuid && !(await findPetWithOwner(deps.db, actor, query.petUuid))) throw petsErrors.notFound();
  const filter = { sku: query.sku, kind: query.kind, petId: query.petUuid };
  const window = { offset: offsetOf(query.page, query.pageSize), limit: query.pageSize };
  const [rows, total] = await Promise.all([
    listCompanyEmails(deps.db, filter, window),
    countCompanyEmails(deps.db, filter),
  ]);
  return { emails: rows.map(toCompanyEmailDto), pagination: paginationOf(query.page, query.pageSize, total) };
}
