import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { vitalsRanges } from '@vetboard/contract';
import { z } from 'zod/mini';
import { enumParam } from '@/components/lists/list-search.ts';
import { petProfileLoader } from '@/features/pets/pet-profile-loader.ts';
import { PetProfilePage } from '@/features/pets/pet-profile-page.tsx';

/** `?vitals=30d`: the vitals panel's range, so a shared link or a reload shows the same charts. */
const profileSearchSchema = z.object({ vitals: enumParam(vitalsRanges, '7d') });

export const Route = createFileRoute('/pets/$uuid/')({
  validateSearch: profileSearchSchema,
  search: { middlewares: [stripSearchParams({ vitals: '7d' })] },
  loaderDeps: ({ search }) => search,
  loader: petProfileLoader,
  component: PetProfilePage,
});
