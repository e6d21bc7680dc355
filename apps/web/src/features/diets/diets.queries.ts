import { queryOptions } from '@tanstack/react-query';
import {
  dietListResponseSchema,
  dietPdfUrlResponseSchema,
  dietResponseSchema,
  ingredientListResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { buildUrl } from '@/lib/api/http-client.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';
import { type DietListOrder, petKeys } from '@/lib/pets/pet-keys.ts';

export type { DietListOrder };

/** A diet's own reads, keyed by the diet; the pet's list of diets is under `petKeys.diets`. */
export const dietKeys = {
  detail: (uuid: string) => ['diets', 'detail', uuid] as const,
  pdfUrl: (uuid: string) => ['diets', 'pdf-url', uuid] as const,
  ingredients: ['ingredients', 'list'] as const,
};

// The pet's lists and current plan are pet keys (lib/live/pet-live-keys.ts); the diet's own page is keyed by the diet.
invalidateOnLive(['diet.changed', 'diet.published', 'diet.deleted'], (event) => [dietKeys.detail(event.id)]);

/** GET /v1/diets?petUuid=&order=: the pet's diets, newest first by default. */
export function dietListQueryOptions(petUuid: string, order: DietListOrder = 'desc') {
  return queryOptions({
    queryKey: petKeys.dietList(petUuid, order),
    queryFn: ({ signal }) =>
      api.request('/v1/diets', { query: { petUuid, order }, schema: dietListResponseSchema, signal }),
  });
}

/** GET /v1/diets/{id}: the diet with its server formulation. */
export function dietQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: dietKeys.detail(uuid),
    queryFn: ({ signal }) => api.request(`/v1/diets/${uuid}`, { schema: dietResponseSchema, signal }),
    // The PDF opens in another tab, where it is made on demand: coming back shows its new status.
    refetchOnWindowFocus: 'always',
    // The route turns a failure into the 404 or error page.
    meta: { handlesErrors: true },
  });
}

/** GET /v1/diets/{id}/pdf/url: a fresh signed link each time it is asked for, never cached. */
export function dietPdfUrlQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: dietKeys.pdfUrl(uuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/diets/${uuid}/pdf/url`, { schema: dietPdfUrlResponseSchema, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /v1/ingredients: the catalogue is reference data, fresh for the session. */
export function ingredientsQueryOptions() {
  return queryOptions({
    queryKey: dietKeys.ingredients,
    queryFn: ({ signal }) => api.request('/v1/ingredients', { schema: ingredientListResponseSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface DietPdfSignature {
  expires?: number;
  signature?: string;
}

/** Why the PDF could not be shown, in the words the public page uses. */
export type DietPdfFailure = 'expired' | 'invalid' | 'unavailable';

export class DietPdfError extends Error {
  override readonly name = 'DietPdfError';
  constructor(readonly failure: DietPdfFailure) {
    super(failure);
  }
}

export function dietPdfFailureOf(status: number): DietPdfFailure {
  if (status === 410) return 'expired';
  // 401: no session and no signature; 403: a signature that does not match; 404: a link to nothing.
  if (status === 401 || status === 403 || status === 404) return 'invalid';
  return 'unavailable';
}

/** `attachment; filename="luna-diet.pdf"` → `luna-diet.pdf`. */
export function filenameOf(contentDisposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * GET /v1/diets/{id}/pdf/content with the link's signature, or with the vet's session when there is
 * none. Plain fetch, not the API client: a 401 here means "not a valid link", never "log out", and the
 * answer is bytes, not JSON.
 */
export function dietPdfContentQueryOptions(uuid: string, signature: DietPdfSignature) {
  return queryOptions({
    queryKey: ['diets', 'pdf-content', uuid, signature] as const,
    queryFn: async ({ signal }) => {
      const url = buildUrl(publicConfig.apiBaseUrl, `/v1/diets/${uuid}/pdf/content`, { ...signature });
      let response: Response;
      try {
        response = await fetch(url, { credentials: 'same-origin', signal });
      } catch (error) {
        if (signal.aborted) throw error;
        throw new DietPdfError('unavailable');
      }
      if (!response.ok) throw new DietPdfError(dietPdfFailureOf(response.status));
      return {
        blob: await response.blob(),
        filename: filenameOf(response.headers.get('content-disposition'), `diet-${uuid}.pdf`),
      };
    },
    retry: (failures, error) =>
      failures < 2 && !(error instanceof DietPdfError && error.failure !== 'unavailable'),
    // Fetched once per visit: a refetch on focus would reload the viewer under the reader's eyes.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}
