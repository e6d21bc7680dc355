import { petQuestionStatuses } from '@vetboard/contract';
import { z } from 'zod/mini';
import { optionalEnumParam } from '@/components/lists/list-search.ts';

/** `/pets/{uuid}/qa?status=open|answered`: the pet's threads, all of them without a status. */
export const petQuestionsSearchSchema = z.object({ status: optionalEnumParam(petQuestionStatuses) });
export type PetQuestionsSearch = z.output<typeof petQuestionsSearchSchema>;
