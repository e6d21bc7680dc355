import { z } from 'zod';
import { text } from './common.ts';
import { petAlertBadgeSchema } from './pet-alerts.ts';

export const searchResultTypes = ['pet', 'owner', 'vet'] as const;
export const searchResultTypeSchema = z.enum(searchResultTypes);
export type SearchResultType = z.infer<typeof searchResultTypeSchema>;

export const SEARCH_MAX_RESULTS = 30;

export const searchQuerySchema = z.object({
  q: text().trim().min(1, 'Type something to search for').max(100),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_RESULTS).default(15),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * One hit. A pet opens `/pets/{uuid}`, an owner their family (`/families/{familyUuid}/pets`),
 * a vet `/vets/{uuid}`.
 */
export const searchResultSchema = z.object({
  type: searchResultTypeSchema,
  uuid: z.uuid(),
  title: z.string(),
  subtitle: z.string(),
  familyUuid: z.uuid().nullable(),
  imageUrl: z.string().nullable(),
  /** Which field matched: 'name', 'email' or 'microchip'. */
  matchedOn: z.enum(['name', 'email', 'microchip']),
  score: z.number(),
  /** A pet's active alerts, oldest first; always empty for an owner or a vet. */
  alerts: z.array(petAlertBadgeSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Best first across all types. */
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
