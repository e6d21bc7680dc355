export { clinicalDocumentSha256, listClinicalDocumentTimelineEvents } from './clinical-documents.service.ts';
export type { ClinicalDocumentRow } from './clinical-documents.table.ts';
