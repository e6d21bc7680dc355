import {
  replacePetNamePlaceholders,
  toTimestamp,
  type WeeklyReport,
  type WeeklyReportSummary,
} from '@vetboard/contract';
import type { WithoutPetAlerts } from '../../records/pet-alerts/index.ts';
import { weeklyReportLifecycle } from './weekly-reports.lifecycle.ts';
import type { WeeklyReportDetailsRow } from './weekly-reports.repository.ts';

const personRef = (id: string | null, name: string | null) => (id && name ? { uuid: id, name } : null);

export function toWeeklyReportSummaryDto(row: WeeklyReportDetailsRow): WithoutPetAlerts<WeeklyReportSummary> {
  const { report } = row;
  return {
    uuid: report.id,
    week: report.week,
    status: report.status,
    pet: { uuid: report.petId, name: row.petName },
    companySku: report.companySku,
    openCardCount: report.openCardCount,
    largestChangePercent: report.largestChangePercent,
    reviewedBy: personRef(report.reviewedByVetId, row.reviewerName),
    sentBy: personRef(report.sentByVetId, row.senderName),
    generatedAt: toTimestamp(report.generatedAt),
  };
}

export function toWeeklyReportDto(row: WeeklyReportDetailsRow): WithoutPetAlerts<WeeklyReport> {
  const { report } = row;
  return {
    ...toWeeklyReportSummaryDto(row),
    content: report.content,
    vetComment: report.vetComment,
    vetCommentShown: replacePetNamePlaceholders(report.vetComment, row.petName),
    ownerEmail: row.ownerEmail,
    reviewedAt: report.reviewedAt ? toTimestamp(report.reviewedAt) : null,
    sentAt: report.sentAt ? toTimestamp(report.sentAt) : null,
    canEditComment: weeklyReportLifecycle.can(report.status, 'comment'),
    canReview: weeklyReportLifecycle.can(report.status, 'review'),
    canSend: weeklyReportLifecycle.can(report.status, 'send'),
  };
}
