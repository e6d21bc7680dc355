import type { Timestamp } from '@vetboard/contract';
import { formatZoned } from './zoned-time.ts';

/**
 * SPEC §9 hours formatter, for ages of cards and checkups: 0 is '0h', 24 is '24h', more than a day is
 * '+24h', anything between is hours and minutes as 'HH:mmh'.
 */
export function formatHours(hours: number): string {
  if (hours <= 0) return '0h';
  if (hours > 24) return '+24h';
  if (hours === 24) return '24h';
  const totalMinutes = Math.floor(hours * 60);
  const hh = String(Math.floor(totalMinutes / 60)).padStart(2, '0');
  const mm = String(totalMinutes % 60).padStart(2, '0');
  return `${hh}:${mm}h`;
}

/** SPEC §9's cut, the contract's (the API's timeline titles and messages cut the same way). */
export { truncate } from '@vetboard/contract';

/** SPEC §9: the vet view shows instants as DD/MM/YYYY HH:MM:SS, in the given zone (UTC by default). */
export function formatVetDateTime(timestamp: Timestamp, zone = 'UTC'): string {
  return formatZoned(timestamp, zone, 'DD/MM/YYYY HH:mm:ss');
}
