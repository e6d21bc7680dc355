import { createFileRoute } from '@tanstack/react-router';
import { FamilyPetsPage } from '@/features/families/family-pets-page.tsx';
import { familyPetsQueryOptions } from '@/lib/families/families.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/families/$uuid/pets')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: ({ context: { queryClient }, params: { uuid } }) =>
    orNotFound(queryClient.ensureQueryData(familyPetsQueryOptions(uuid))),
  component: FamilyPetsPage,
});
