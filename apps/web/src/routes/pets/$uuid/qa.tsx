import { createFileRoute } from '@tanstack/react-router';
import { PetQuestionsPage } from '@/features/questions/pet-questions-page.tsx';
import { petQuestionsQueryOptions } from '@/features/questions/questions.queries.ts';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/qa')({
  // The page shows its own state if the list fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petQuestionsQueryOptions(uuid))]),
  component: PetQuestionsPage,
});
