import { createFileRoute } from '@tanstack/react-router';
import { VetProfilePage } from '@/features/vets/vet-profile-page.tsx';
import { vetQueryOptions } from '@/features/vets/vets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_vet/vets/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(vetQueryOptions(params.uuid))),
  component: VetProfilePage,
});
