export { listPrescriptionTimelineEvents } from './prescriptions.service.ts';
