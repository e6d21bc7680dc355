import { createFileRoute } from '@tanstack/react-router';
import { petClinicalDocumentsQueryOptions } from '@/features/clinical-documents/clinical-documents.queries.ts';
import { ClinicalDocumentsPage } from '@/features/clinical-documents/clinical-documents-page.tsx';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/medical-reports/')({
  // The page shows its own state if the list fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petClinicalDocumentsQueryOptions(uuid, 'report'))]),
  component: function Page() {
    const { uuid } = Route.useParams();
    return <ClinicalDocumentsPage petUuid={uuid} kind="report" />;
  },
});
