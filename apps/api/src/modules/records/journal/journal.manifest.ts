import type { ModuleManifest } from '../../manifest.ts';
import { journalHomeCounts } from './journal.home.repository.ts';
import { journalRoutes } from './journal.routes.ts';
import { listJournalTimelineEvents } from './journal.service.ts';
import { journalEntriesAwaitingReply } from './journal.signals.repository.ts';

export const manifest: ModuleManifest = {
  name: 'journal',
  tier: 'records',
  itemState: { entity: 'journal_entry', read: journalEntriesAwaitingReply },
  routes: [{ plugin: journalRoutes, prefix: '/v1/journal-entries' }],
  openApiTags: [
    {
      name: 'journal',
      description:
        'The symptoms journal: entries from the owner app with photos, the inbox, one entry with the pet’s ' +
        'context, marking seen, replying to the owner by e-mail, resolving.',
    },
  ],
  timeline: [
    { kinds: ['journal.received', 'journal.replied', 'journal.resolved'], read: listJournalTimelineEvents },
  ],
  home: { counts: journalHomeCounts },
};
