import { type Timestamp, timestampToDate } from '@vetboard/contract';

const pad = (n: number) => String(n).padStart(2, '0');

// Date's own local getters, not a date library: lists and cards write dozens of these as a page draws.

/** SPEC §9: the vet view shows days as DD/MM/YYYY, in the vet's own (the browser's) timezone. */
export function formatDay(timestamp: Timestamp): string {
  const date = timestampToDate(timestamp);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** SPEC §9: timestamps as dd/MM/yyyy plus HH:mm. */
export function formatDateTime(timestamp: Timestamp): string {
  const date = timestampToDate(timestamp);
  return `${formatDay(timestamp)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
