import type { JournalStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { journalErrors } from './journal.errors.ts';

/**
 * An entry arrives `new`; a vet marks it seen (replying does too) and resolves it once nothing more is
 * needed. A resolved entry is the record of what was done and no longer changes.
 */
export const journalLifecycle = documentLifecycle<JournalStatus, 'see' | 'reply' | 'resolve'>({
  initial: 'new',
  actions: {
    see: { from: ['new', 'seen'], to: 'seen', refused: journalErrors.alreadyResolved },
    reply: { from: ['new', 'seen'], to: 'seen', refused: journalErrors.alreadyResolved },
    resolve: { from: ['new', 'seen'], to: 'resolved', refused: journalErrors.alreadyResolved },
  },
});
