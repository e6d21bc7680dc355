import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  averageHistoryLastResponseSchema,
  chartResponseSchema,
  periodAverageResponseSchema,
  readingHistoryResponseSchema,
  respiratoryChartResponseSchema,
  respiratoryHistoryResponseSchema,
  respiratoryThresholdsResponseSchema,
  weightChartResponseSchema,
  weightHistoryResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petKeys, type ReadingResource } from '@/lib/pets/pet-keys.ts';

export type { ReadingResource };

export interface ChartQuery {
  timeScope?: string;
  date?: number;
  startDate?: number;
  endDate?: number;
}

export interface HistoryQuery {
  page: number;
  pageSize: number;
  startDate?: number;
  endDate?: number;
  order?: 'asc' | 'desc';
}

// A new period or page keeps the previous chart and rows on screen (dimmed) until its own arrive.
const keepShown = { placeholderData: keepPreviousData } as const;

export function weightChartQueryOptions(petUuid: string, query: ChartQuery) {
  return queryOptions({
    queryKey: [...petKeys.weight(petUuid), 'chart', query] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/weight-history/chart`, {
        query: { ...query },
        schema: weightChartResponseSchema,
        signal,
      }),
    ...keepShown,
  });
}

export function weightHistoryQueryOptions(petUuid: string, query: HistoryQuery) {
  return queryOptions({
    queryKey: [...petKeys.weight(petUuid), 'list', query] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/weight-history`, {
        query: { ...query },
        schema: weightHistoryResponseSchema,
        signal,
      }),
    ...keepShown,
  });
}

export function respiratoryChartQueryOptions(petUuid: string, query: ChartQuery) {
  return queryOptions({
    queryKey: [...petKeys.respiratory(petUuid), 'chart', query] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/respiratory-history/chart`, {
        query: { ...query },
        schema: respiratoryChartResponseSchema,
        signal,
      }),
    ...keepShown,
  });
}

export function respiratoryHistoryQueryOptions(petUuid: string, query: HistoryQuery) {
  return queryOptions({
    queryKey: [...petKeys.respiratory(petUuid), 'list', query] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/respiratory-history`, {
        query: { ...query },
        schema: respiratoryHistoryResponseSchema,
        signal,
      }),
    ...keepShown,
  });
}

/** The last local day's average before now, with its flag: the number an RPM review starts from. */
export function respiratoryLastAverageQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: [...petKeys.respiratory(petUuid), 'last-average'] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/respiratory-history/average-history/last`, {
        schema: averageHistoryLastResponseSchema,
        signal,
      }),
  });
}

export function respiratoryThresholdsQueryOptions(petUuid: string) {
  return queryOptions({
    queryKey: petKeys.thresholds(petUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/respiratory-thresholds`, {
        schema: respiratoryThresholdsResponseSchema,
        signal,
      }),
  });
}

export function readingChartQueryOptions(resource: ReadingResource, petUuid: string, query: ChartQuery) {
  return queryOptions({
    queryKey: [...petKeys.reading(resource, petUuid), 'chart', query] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/${resource}/chart`, {
        query: { ...query },
        schema: chartResponseSchema,
        signal,
      }),
    ...keepShown,
  });
}

export function readingHistoryQueryOptions(resource: ReadingResource, petUuid: string, query: HistoryQuery) {
  return queryOptions({
    queryKey: [...petKeys.reading(resource, petUuid), 'list', query] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/${resource}`, {
        query: { ...query },
        schema: readingHistoryResponseSchema,
        signal,
      }),
    ...keepShown,
  });
}

/** Daily totals over the last `days` local days beside the `days` before them. */
export function readingAverageQueryOptions(resource: ReadingResource, petUuid: string, days: number) {
  return queryOptions({
    queryKey: [...petKeys.reading(resource, petUuid), 'average', days] as const,
    queryFn: ({ signal }) =>
      api.request(`/v1/pets/${petUuid}/${resource}/average`, {
        query: { days },
        schema: periodAverageResponseSchema,
        signal,
      }),
  });
}

/** SPEC §7: the pet is in the query (`petUuid`), with a range of at most 400 half hours. */
export function heartRateHalfHourlyQueryOptions(
  petUuid: string,
  range: { startDate: number; endDate: number },
) {
  return queryOptions({
    queryKey: [...petKeys.heartRate(petUuid), 'half-hourly', range] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/pets/heart-rate/half-hourly-averages', {
        query: { petUuid, ...range },
        schema: chartResponseSchema,
        signal,
      }),
    ...keepShown,
  });
}

export function heartRateHistoryQueryOptions(petUuid: string, query: HistoryQuery) {
  return queryOptions({
    queryKey: [...petKeys.heartRate(petUuid), 'history', query] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/pets/heart-rate/history', {
        query: { petUuid, ...query },
        schema: readingHistoryResponseSchema,
        signal,
      }),
    ...keepShown,
  });
}
