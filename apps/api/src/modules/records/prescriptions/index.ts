export { DRUGS } from './drugs.data.ts';
export { drugOfCode } from './prescriptions.checks.ts';
export { listPrescriptionTimelineEvents } from './prescriptions.service.ts';
