import { createFileRoute } from '@tanstack/react-router';
import { ClinicalDocumentPage } from '@/features/clinical-documents/clinical-document-page.tsx';
import { clinicalDocumentQueryOptions } from '@/features/clinical-documents/clinical-documents.queries.ts';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/medical-reports/$docUuid')({
  // The page shows its own state if the document fails to load.
  loader: (context) =>
    petPageLoader(({ uuid, prefetch }) => [
      prefetch(clinicalDocumentQueryOptions(uuid, context.params.docUuid)),
    ])(context),
  component: function Page() {
    const { uuid, docUuid } = Route.useParams();
    return <ClinicalDocumentPage key={docUuid} petUuid={uuid} docUuid={docUuid} kind="report" />;
  },
});
