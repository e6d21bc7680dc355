import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { checkupsListQueryOptions } from '@/features/checkups/checkups.queries.ts';
import { CheckupsInboxPage } from '@/features/checkups/checkups-inbox-page.tsx';
import {
  checkupsListQuery,
  checkupsSearchDefaults,
  checkupsSearchSchema,
} from '@/features/checkups/checkups-search.ts';

export const Route = createFileRoute('/_default/checkups/')({
  validateSearch: checkupsSearchSchema,
  search: { middlewares: [stripSearchParams(checkupsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, checkupsListQueryOptions(checkupsListQuery(deps)), cause),
  component: CheckupsInboxPage,
});
