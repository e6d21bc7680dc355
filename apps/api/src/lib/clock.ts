/**
 * Where the API reads the time. Rules that depend on the day (a pet's "today" in its time zone, diet
 * dates, chart windows, token and link expiry) take `now` from the app's deps instead of `new Date()`,
 * so a test can set the day they see (apps/api/test/test-clock.ts) and never depends on when it runs.
 */
export type Now = () => Date;

export interface Clock {
  now: Now;
}

export const systemClock: Clock = { now: () => new Date() };
