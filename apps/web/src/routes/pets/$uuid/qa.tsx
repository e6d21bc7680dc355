import { createFileRoute } from '@tanstack/react-router';
import { PetQuestionsPage } from '@/features/questions/pet-questions-page.tsx';
import { petQuestionsQueryOptions } from '@/features/questions/questions.queries.ts';
import { type PetQuestionsSearch, petQuestionsSearchSchema } from '@/features/questions/questions-search.ts';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/qa')({
  validateSearch: petQuestionsSearchSchema,
  loaderDeps: ({ search }) => search,
  // The page shows its own state if the list fails.
  loader: petPageLoader<PetQuestionsSearch>(({ uuid, deps, prefetch }) => [
    prefetch(petQuestionsQueryOptions(uuid, deps.status)),
  ]),
  component: PetQuestionsPage,
});
