import { createFileRoute } from '@tanstack/react-router';
import { PetPendingCardsPage } from '@/features/pending-cards/pet-pending-cards-page.tsx';
import { petPendingCardsQueryOptions } from '@/lib/pending-cards/pet-pending-cards.queries.ts';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/pending-cards')({
  // The page shows its own state if the list fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petPendingCardsQueryOptions(uuid))]),
  component: PetPendingCardsPage,
});
