import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { RemindersInboxPage } from '@/features/reminders/reminders-inbox-page.tsx';
import {
  remindersListQuery,
  remindersSearchDefaults,
  remindersSearchSchema,
} from '@/features/reminders/reminders-search.ts';
import { remindersListQueryOptions } from '@/lib/reminders/reminders.queries.ts';

export const Route = createFileRoute('/_default/reminders')({
  validateSearch: remindersSearchSchema,
  search: { middlewares: [stripSearchParams(remindersSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, remindersListQueryOptions(remindersListQuery(deps)), cause),
  component: RemindersInboxPage,
});
