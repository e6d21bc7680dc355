import type { CheckupStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { checkupsErrors } from './checkups.errors.ts';

/**
 * A checkup is sent, answered once (by the owner, or by a vet filling it during a call), then reviewed.
 * Reviewing a reviewed checkup amends the vet's comment: the previous comment is kept in its history.
 */
export const checkupLifecycle = documentLifecycle<CheckupStatus, 'answer' | 'review'>({
  initial: 'sent',
  actions: {
    answer: { from: ['sent'], to: 'answered', refused: checkupsErrors.alreadyAnswered },
    review: { from: ['answered', 'reviewed'], to: 'reviewed', refused: checkupsErrors.notAnswered },
  },
});
