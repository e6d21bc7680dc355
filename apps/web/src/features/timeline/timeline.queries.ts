import { infiniteQueryOptions } from '@tanstack/react-query';
import { timelineResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { petTimelineKey } from '@/lib/timeline/pet-timeline.queries.ts';
import type { PetTimelineSearch } from './timeline-search.ts';

export const TIMELINE_PAGE_SIZE = 30;

/** GET /v1/pets/{id}/timeline: the pet's events newest first, a page per cursor. */
export function petTimelineQueryOptions(petUuid: string, search: PetTimelineSearch) {
  const filters = { source: search.source, kind: search.kind };
  return infiniteQueryOptions({
    queryKey: [...petTimelineKey(petUuid), filters] as const,
    queryFn: ({ pageParam, signal }) =>
      api.request(`/v1/pets/${petUuid}/timeline`, {
        query: { ...filters, cursor: pageParam ?? undefined, limit: TIMELINE_PAGE_SIZE },
        schema: timelineResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
