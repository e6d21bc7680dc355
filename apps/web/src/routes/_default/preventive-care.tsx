import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { preventiveInboxQueryOptions } from '@/features/preventive-care/preventive-inbox.queries.ts';
import { PreventiveInboxPage } from '@/features/preventive-care/preventive-inbox-page.tsx';
import {
  preventiveInboxListQuery,
  preventiveInboxSearchDefaults,
  preventiveInboxSearchSchema,
} from '@/features/preventive-care/preventive-inbox-search.ts';

export const Route = createFileRoute('/_default/preventive-care')({
  validateSearch: preventiveInboxSearchSchema,
  search: { middlewares: [stripSearchParams(preventiveInboxSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, preventiveInboxQueryOptions(preventiveInboxListQuery(deps)), cause),
  component: PreventiveInboxPage,
});
