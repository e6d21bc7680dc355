import { createFileRoute } from '@tanstack/react-router';
import { companyQueryOptions } from '@/features/b2b/b2b.queries.ts';
import { B2bPetPage } from '@/features/b2b/b2b-pet-page.tsx';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/b2b/$sku/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: ({ context, params }) =>
    orNotFound(
      Promise.all([
        context.queryClient.ensureQueryData(companyQueryOptions(params.sku)),
        context.queryClient.ensureQueryData(petQueryOptions(params.uuid)),
      ]),
    ),
  component: B2bPetPage,
});
