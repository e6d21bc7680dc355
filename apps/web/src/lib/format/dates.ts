import { type Timestamp, timestampToDate } from '@vetboard/contract';
import dayjs from 'dayjs';

/** SPEC §9: the vet view shows days as DD/MM/YYYY, in the vet's own (the browser's) timezone. */
export function formatDay(timestamp: Timestamp): string {
  return dayjs(timestampToDate(timestamp)).format('DD/MM/YYYY');
}

/** SPEC §9: timestamps as dd/MM/yyyy plus HH:mm. */
export function formatDateTime(timestamp: Timestamp): string {
  return dayjs(timestampToDate(timestamp)).format('DD/MM/YYYY HH:mm');
}
