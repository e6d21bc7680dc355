import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { pendingCardsListQueryOptions } from '@/features/pending-cards/pending-cards.queries.ts';
import { PendingCardsQueuePage } from '@/features/pending-cards/pending-cards-queue-page.tsx';
import {
  pendingCardsListQuery,
  pendingCardsSearchDefaults,
  pendingCardsSearchSchema,
} from '@/features/pending-cards/pending-cards-search.ts';

export const Route = createFileRoute('/_default/pending-cards/')({
  validateSearch: pendingCardsSearchSchema,
  search: { middlewares: [stripSearchParams(pendingCardsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(context.queryClient, pendingCardsListQueryOptions(pendingCardsListQuery(deps)), cause),
  component: PendingCardsQueuePage,
});
