import { z } from 'zod/mini';

/**
 * Search params come from URLs people type or paste, so a bad value is dropped rather than failing the
 * page: the list then simply shows unfiltered.
 */
export const petFilterSearchSchema = z.object({
  petUuid: z.catch(z.optional(z.uuid()), undefined),
});
