import { createFileRoute } from '@tanstack/react-router';
import { PetPreventiveCarePage } from '@/features/preventive-care/pet-preventive-care-page.tsx';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';
import { petPreventiveCareQueryOptions } from '@/lib/preventive-care/pet-preventive-care.queries.ts';

export const Route = createFileRoute('/pets/$uuid/preventive-care')({
  // The page shows its own state if the schedule fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petPreventiveCareQueryOptions(uuid))]),
  component: PetPreventiveCarePage,
});
