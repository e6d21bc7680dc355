import { createFileRoute } from '@tanstack/react-router';
import { petMedicalRecordsQueryOptions } from '@/features/medical-records/medical-records.queries.ts';
import { PetMedicalRecordsPage } from '@/features/medical-records/pet-medical-records-page.tsx';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/medical-records')({
  // The page shows its own state if the list fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petMedicalRecordsQueryOptions(uuid))]),
  component: PetMedicalRecordsPage,
});
