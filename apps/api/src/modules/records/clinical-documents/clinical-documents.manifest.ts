import type { ModuleManifest } from '../../manifest.ts';
import { clinicalDocumentsPetRoutes, clinicalDocumentsRoutes } from './clinical-documents.routes.ts';
import { listClinicalDocumentTimelineEvents } from './clinical-documents.service.ts';

export const manifest: ModuleManifest = {
  name: 'clinical-documents',
  tier: 'records',
  routes: [
    { plugin: clinicalDocumentsRoutes, prefix: '/v1/clinical-documents' },
    { plugin: clinicalDocumentsPetRoutes, prefix: '/v1/pets' },
  ],
  openApiTags: [
    {
      name: 'clinical-documents',
      description:
        'Clinical assessments and medical reports vets write about a pet: drafts, signing (locked, with a ' +
        'SHA-256), amendments as new versions, diffs between versions, PDFs.',
    },
  ],
  timeline: [{ kinds: ['assessment.signed', 'report.signed'], read: listClinicalDocumentTimelineEvents }],
};
