import { AppError } from '../../../lib/app-error.ts';

export const weeklyReportsErrors = {
  notFound: () => new AppError(404, 'weekly_reports.not_found', 'Weekly report not found'),
  sentReadOnly: () =>
    new AppError(409, 'weekly_reports.sent_read_only', 'This report was sent to the owner: it cannot change'),
  notADraft: () =>
    new AppError(409, 'weekly_reports.not_a_draft', 'Only a draft report can be marked reviewed'),
  notReviewed: () =>
    new AppError(409, 'weekly_reports.not_reviewed', 'A report is reviewed before it is sent, and sent once'),
  noOwnerEmail: () =>
    new AppError(409, 'weekly_reports.no_owner_email', 'The pet’s owner has no e-mail address'),
};
