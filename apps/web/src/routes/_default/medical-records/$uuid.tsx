import { createFileRoute } from '@tanstack/react-router';
import { MedicalRecordPage } from '@/features/medical-records/medical-record-page.tsx';
import { medicalRecordQueryOptions } from '@/features/medical-records/medical-records.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/medical-records/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: async ({ context, params }) => {
    await orNotFound(context.queryClient.ensureQueryData(medicalRecordQueryOptions(params.uuid)));
  },
  component: MedicalRecordPage,
});
