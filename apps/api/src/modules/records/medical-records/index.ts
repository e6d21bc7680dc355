export { listMedicalRecordTimelineEvents } from './medical-records.service.ts';
