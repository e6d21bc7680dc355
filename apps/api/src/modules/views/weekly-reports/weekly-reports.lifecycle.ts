import type { WeeklyReportStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { weeklyReportsErrors } from './weekly-reports.errors.ts';

/**
 * A report is generated as a draft, a vet reviews it (the comment may still change), then sends it to
 * the owner; a sent report is what the owner got and never changes.
 */
export const weeklyReportLifecycle = documentLifecycle<WeeklyReportStatus, 'comment' | 'review' | 'send'>({
  initial: 'draft',
  actions: {
    comment: { from: ['draft', 'reviewed'], refused: weeklyReportsErrors.sentReadOnly },
    review: { from: ['draft'], to: 'reviewed', refused: weeklyReportsErrors.notADraft },
    send: { from: ['reviewed'], to: 'sent', refused: weeklyReportsErrors.notReviewed },
  },
});
