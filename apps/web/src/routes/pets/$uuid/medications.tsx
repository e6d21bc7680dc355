import { createFileRoute } from '@tanstack/react-router';
import { petPrescriptionsQueryOptions } from '@/features/medications/medications.queries.ts';
import { PetMedicationsPage } from '@/features/medications/pet-medications-page.tsx';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/medications')({
  // The page shows its own state if the list fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petPrescriptionsQueryOptions(uuid))]),
  component: PetMedicationsPage,
});
