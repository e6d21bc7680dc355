import { createFileRoute, redirect } from '@tanstack/react-router';
import { poolQueryOptions } from '@/features/checkup-pools/checkup-pools.queries.ts';
import { EditPoolPage } from '@/features/checkup-pools/pool-builder-page.tsx';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/_default/checkups/pools/$uuid/edit')({
  loader: async ({ context, params }) => {
    const { form } = await orNotFound(context.queryClient.ensureQueryData(poolQueryOptions(params.uuid)));
    // An archived pool is read-only (the API refuses to save it): its page says why.
    if (form.archived) throw redirect({ to: '/checkups/pools/$uuid', params });
    return { form };
  },
  component: EditPoolPage,
});
