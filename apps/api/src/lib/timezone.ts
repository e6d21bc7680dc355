/** A pet's days are its family owner's; a pet with no owner yet is drawn in UTC until one is set. */
export const DEFAULT_TIMEZONE = 'UTC';

/** Today's date (`YYYY-MM-DD`) in `timezone`: a pet born this evening in Sydney is not born "tomorrow". */
export function todayIn(timezone: string, now: Date): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(now);
  } catch {
    return todayIn(DEFAULT_TIMEZONE, now);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
