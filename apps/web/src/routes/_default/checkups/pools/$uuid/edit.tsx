import { createFileRoute } from '@tanstack/react-router';
import { poolQueryOptions } from '@/features/checkup-pools/checkup-pools.queries.ts';
import { EditPoolPage } from '@/features/checkup-pools/pool-builder-page.tsx';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/_default/checkups/pools/$uuid/edit')({
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(poolQueryOptions(params.uuid))),
  component: EditPoolPage,
});
