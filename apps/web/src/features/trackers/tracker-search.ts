import {
  DEFAULT_PAGE_SIZE,
  respiratoryTimeScopes,
  trackerTimeScopes,
  weightTimeScopes,
} from '@vetboard/contract';
import { z } from 'zod/mini';
import { enumParam, pageParam, pageSizeParam } from '@/components/lists/list-search.ts';
import { isIsoDay } from '@/lib/format/iso-day.ts';
import type { PeriodScope } from './tracker-period.ts';

/**
 * `?date=2026-11-21`: a day on the pet's wall clock, absent for today. The router reads search values
 * as JSON where it can, so a number comes back to text before the check; anything else means today.
 */
const dateParam = z.catch(
  z.optional(
    z.pipe(
      z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
      z.string().check(z.refine(isIsoDay)),
    ),
  ),
  undefined,
);

const pagingParams = { page: pageParam, pageSize: pageSizeParam };

/**
 * `?events=true`: the pet's timeline events drawn on the chart. Off when absent (the chart alone, as
 * SPEC draws it); anything but `true` reads as off.
 */
const eventsParam = z.catch(z.optional(z.boolean()), undefined);

/**
 * A tracker page's state in its URL (`?scope=week&date=2026-11-21&page=2`), so a view can be shared
 * and survives a reload. Every value has a `.catch`: a mistyped link shows the default, not an error.
 */
function trackerSearchSchema<const TScope extends readonly [PeriodScope, ...PeriodScope[]]>(
  scopes: TScope,
  defaultScope: TScope[number],
) {
  return z.object({
    scope: enumParam(scopes, defaultScope),
    date: dateParam,
    events: eventsParam,
    ...pagingParams,
  });
}

/** SPEC §3 "Chart time scopes": weight week, month, year (month first); the others day, week, month. */
export const weightSearchSchema = trackerSearchSchema(weightTimeScopes, 'month');
export const respiratorySearchSchema = trackerSearchSchema(respiratoryTimeScopes, 'week');
export const readingSearchSchema = trackerSearchSchema(trackerTimeScopes, 'week');
/** Half-hourly averages are capped at 400 half hours, so a heart-rate chart covers a day or a week. */
export const heartRateScopes = ['day', 'week'] as const;
export const heartRateSearchSchema = trackerSearchSchema(heartRateScopes, 'week');

export type TrackerSearch = {
  scope: PeriodScope;
  date?: string | undefined;
  events?: boolean | undefined;
  page: number;
  pageSize: number;
};

/** The values left out of URLs by `stripSearchParams`, so plain links stay plain. */
export const searchDefaults = <TScope extends PeriodScope>(scope: TScope) => ({
  scope,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
});

/** RPM: the trend over the last 30 or 90 nights. */
export const rpmWindows = [30, 90] as const;
export const rpmSearchSchema = z.object({
  days: z.catch(
    z._default(
      z.coerce.number().check(z.refine((days) => (rpmWindows as readonly number[]).includes(days))),
      30,
    ),
    30,
  ),
  events: eventsParam,
});
export const rpmSearchDefaults = { days: 30 };
