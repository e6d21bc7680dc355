/**
 * Whether a string is a real `YYYY-MM-DD` day. Without dayjs: routes' search validation runs in the
 * first download of every page, which should not carry a date library.
 */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
