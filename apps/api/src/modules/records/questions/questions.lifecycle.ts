import type { PetQuestionStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { questionsErrors } from './questions.errors.ts';

/**
 * A question arrives `open`; the vet's answer is saved and edited while the thread is open, and sending
 * it to the owner makes the thread `answered`: what the owner received never changes afterwards.
 */
export const questionsLifecycle = documentLifecycle<PetQuestionStatus, 'answer' | 'send'>({
  initial: 'open',
  actions: {
    answer: { from: ['open'], refused: questionsErrors.alreadySent },
    send: { from: ['open'], to: 'answered', refused: questionsErrors.alreadySent },
  },
});
