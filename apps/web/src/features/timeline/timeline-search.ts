import { timelineKinds, timelineSources } from '@vetboard/contract';
import { z } from 'zod/mini';
import { optionalEnumParam } from '@/components/lists/list-search.ts';

/** `/pets/{uuid}/timeline?source=&kind=`: one source and one kind, each optional (all when left out). */
export const petTimelineSearchSchema = z.object({
  source: optionalEnumParam(timelineSources),
  kind: optionalEnumParam(timelineKinds),
});
export type PetTimelineSearch = z.infer<typeof petTimelineSearchSchema>;
