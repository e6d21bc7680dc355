import type { ReminderStatus } from '@vetboard/contract';
import { documentLifecycle } from '../../../lib/document-lifecycle.ts';
import { remindersErrors } from './reminders.errors.ts';

/** Open until a vet completes it; a done reminder can be reopened, and edited or reassigned either way. */
export const reminderLifecycle = documentLifecycle<ReminderStatus, 'edit' | 'assign' | 'complete' | 'reopen'>(
  {
    initial: 'open',
    actions: {
      edit: { from: ['open', 'done'], refused: remindersErrors.alreadyDone },
      assign: { from: ['open', 'done'], refused: remindersErrors.alreadyDone },
      complete: { from: ['open'], to: 'done', refused: remindersErrors.alreadyDone },
      reopen: { from: ['done'], to: 'open', refused: remindersErrors.notDone },
    },
  },
);
