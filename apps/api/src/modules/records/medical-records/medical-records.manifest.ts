import type { ModuleManifest } from '../../manifest.ts';
import { medicalRecordsHomeCounts } from './medical-records.home.repository.ts';
import { labelsRoutes, medicalRecordsRoutes } from './medical-records.routes.ts';
import { listMedicalRecordTimelineEvents } from './medical-records.service.ts';

export const manifest: ModuleManifest = {
  name: 'medical-records',
  tier: 'records',
  routes: [
    { plugin: labelsRoutes, prefix: '/v1/labels' },
    { plugin: medicalRecordsRoutes, prefix: '/v1/medical-records' },
  ],
  openApiTags: [
    {
      name: 'medical-records',
      description: 'Documents uploaded for a pet: the inbox, uploads, the file, labels on a record, review.',
    },
    {
      name: 'labels',
      description: 'The managed list of medical record labels: create, rename, archive, merge.',
    },
  ],
  timeline: [{ kinds: ['medical_record.uploaded'], read: listMedicalRecordTimelineEvents }],
  home: { counts: medicalRecordsHomeCounts },
};
