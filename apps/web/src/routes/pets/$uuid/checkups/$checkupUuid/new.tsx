import { createFileRoute, notFound } from '@tanstack/react-router';
import { poolQueryOptions } from '@/features/checkup-pools/checkup-pools.queries.ts';
import { FillCheckupPage } from '@/features/checkup-pools/fill-checkup-page.tsx';
import { HttpError } from '@/lib/api/api-errors.ts';
import { checkupQueryOptions } from '@/lib/checkups/checkup.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

// SPEC names the param `checkupUuid`: a pool a new checkup is filled from, or a checkup the owner was sent
// and has not answered, which the vet answers during a call (issue #39 §3). The pool is asked first; only
// its 404 asks for a checkup. The pet layout's loader has the pet ready before this page draws.
export const Route = createFileRoute('/pets/$uuid/checkups/$checkupUuid/new')({
  params: { parse: (params) => validateUuidParams(params, 'checkupUuid') },
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(poolQueryOptions(params.checkupUuid));
      return { source: 'pool' as const };
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
    const { checkup } = await orNotFound(
      context.queryClient.ensureQueryData(checkupQueryOptions(params.checkupUuid)),
    );
    if (checkup.pet.uuid !== params.uuid) throw notFound();
    return { source: 'checkup' as const };
  },
  component: FillCheckupPage,
});
