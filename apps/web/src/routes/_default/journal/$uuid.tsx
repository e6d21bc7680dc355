import { createFileRoute } from '@tanstack/react-router';
import { journalEntryQueryOptions, primePetContext } from '@/features/journal/journal.queries.ts';
import { JournalEntryPage } from '@/features/journal/journal-entry-page.tsx';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/journal/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: async ({ context, params }) => {
    const response = await orNotFound(
      context.queryClient.ensureQueryData(journalEntryQueryOptions(params.uuid)),
    );
    primePetContext(context.queryClient, response);
  },
  component: JournalEntryPage,
});
