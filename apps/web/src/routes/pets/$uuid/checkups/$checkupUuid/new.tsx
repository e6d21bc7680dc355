import { createFileRoute } from '@tanstack/react-router';
import { poolQueryOptions } from '@/features/checkup-pools/checkup-pools.queries.ts';
import { FillCheckupPage } from '@/features/checkup-pools/fill-checkup-page.tsx';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

// SPEC names the param `checkupUuid`; it is the pool the new checkup is filled from (the checkup itself
// gets its id once saved). The pet layout's loader has the pet ready before this page draws.
export const Route = createFileRoute('/pets/$uuid/checkups/$checkupUuid/new')({
  params: { parse: (params) => validateUuidParams(params, 'checkupUuid') },
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(poolQueryOptions(params.checkupUuid))),
  component: FillCheckupPage,
});
