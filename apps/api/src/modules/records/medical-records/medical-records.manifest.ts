import type { ModuleManifest } from '../../manifest.ts';
import { medicalRecordsHomeCounts } from './medical-records.home.repository.ts';
import { labelsRoutes, medicalRecordsRoutes } from './medical-records.routes.ts';
import { listMedicalRecordsPage, listMedicalRecordTimelineEvents } from './medical-records.service.ts';

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
  attention: {
    kind: 'medical_record',
    read: async (deps, actor, petId, limit) => {
      const { medicalRecords, pagination } = await listMedicalRecordsPage(deps, actor, {
        page: 1,
        pageSize: limit,
        search: undefined,
        status: 'pending',
        petUuid: petId,
        sort: 'inbox',
        order: 'asc',
      });
      return {
        total: pagination.total,
        items: medicalRecords.map((record) => ({
          uuid: record.uuid,
          title: record.title,
          detail: null,
          severity: null,
          since: record.uploadedAt,
          overdue: false,
          claimedBy: null,
          link: `/medical-records/${record.uuid}`,
        })),
      };
    },
  },
  home: { counts: medicalRecordsHomeCounts },
};
