import { createFileRoute } from '@tanstack/react-router';
import { PendingCardPage } from '@/features/pending-cards/pending-card-page.tsx';
import { pendingCardQueryOptions } from '@/features/pending-cards/pending-cards.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/pending-cards/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(pendingCardQueryOptions(params.uuid))),
  component: PendingCardPage,
});
