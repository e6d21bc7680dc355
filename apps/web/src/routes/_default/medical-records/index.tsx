import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { loadList } from '@/components/lists/list-loader.ts';
import { medicalRecordListQueryOptions } from '@/features/medical-records/medical-records.queries.ts';
import { MedicalRecordsInboxPage } from '@/features/medical-records/medical-records-inbox-page.tsx';
import {
  medicalRecordsListQuery,
  medicalRecordsSearchDefaults,
  medicalRecordsSearchSchema,
} from '@/features/medical-records/medical-records-search.ts';
import { authStore } from '@/lib/auth/auth-store.ts';

export const Route = createFileRoute('/_default/medical-records/')({
  validateSearch: medicalRecordsSearchSchema,
  search: { middlewares: [stripSearchParams(medicalRecordsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    loadList(
      context.queryClient,
      medicalRecordListQueryOptions(medicalRecordsListQuery(deps, authStore.getState().vet?.uuid)),
      cause,
    ),
  component: MedicalRecordsInboxPage,
});
