/** Calendar arithmetic in UTC, which is how the demo data stores its instants and dates. */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const YEAR_DAYS = 365.25;

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
export const daysBetween = (from: Date, to: Date): number => (to.getTime() - from.getTime()) / DAY_MS;
