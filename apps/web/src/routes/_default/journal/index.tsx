import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { journalListQueryOptions } from '@/features/journal/journal.queries.ts';
import { JournalInboxPage } from '@/features/journal/journal-inbox-page.tsx';
import {
  journalListQuery,
  journalSearchDefaults,
  journalSearchSchema,
} from '@/features/journal/journal-search.ts';

export const Route = createFileRoute('/_default/journal/')({
  validateSearch: journalSearchSchema,
  search: { middlewares: [stripSearchParams(journalSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, journalListQueryOptions(journalListQuery(deps)), cause),
  component: JournalInboxPage,
});
