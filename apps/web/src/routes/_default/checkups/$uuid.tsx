import { createFileRoute } from '@tanstack/react-router';
import { CheckupPage } from '@/features/checkups/checkup-page.tsx';
import { checkupQueryOptions } from '@/lib/checkups/checkup.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/checkups/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(checkupQueryOptions(params.uuid))),
  component: CheckupPage,
});
