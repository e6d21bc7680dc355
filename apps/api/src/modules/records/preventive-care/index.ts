export { refreshAllDueItems } from './preventive-care.due.service.ts';
export { listPreventiveProtocols } from './preventive-care.service.ts';
export { PREVENTIVE_PROTOCOLS } from './protocols.data.ts';
