export { listPreventiveProtocols } from './preventive-care.service.ts';
