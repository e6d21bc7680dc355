import { createFileRoute } from '@tanstack/react-router';
import { petJournalQueryOptions } from '@/features/journal/journal.queries.ts';
import { type PetJournalSearch, petJournalSearchSchema } from '@/features/journal/journal-search.ts';
import { PetJournalPage } from '@/features/journal/pet-journal-page.tsx';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/journal')({
  validateSearch: petJournalSearchSchema,
  loaderDeps: ({ search }) => search,
  // The page shows its own state if the list fails.
  loader: petPageLoader<PetJournalSearch>(({ uuid, deps, prefetch }) => [
    prefetch(petJournalQueryOptions(uuid, deps.category)),
  ]),
  component: PetJournalPage,
});
