import { queryOptions } from '@tanstack/react-query';
import {
  type CheckupListQuery,
  checkupListResponseSchema,
  type FormListQuery,
  formListResponseSchema,
  formResponseSchema,
  formSummarySchema,
  formVersionListResponseSchema,
  type PetListQuery,
  petListResponseSchema,
} from '@vetboard/contract';
import { z } from 'zod';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

export const poolKeys = {
  /** Every read of forms and pools. */
  all: ['forms'] as const,
  list: (query: FormListQuery) => ['forms', 'list', query] as const,
  detail: (uuid: string) => ['forms', 'detail', uuid] as const,
  versions: (uuid: string) => ['forms', 'detail', uuid, 'versions'] as const,
  manuallySendable: ['forms', 'manually-sendable'] as const,
};

/** The checkups inbox's reads, which a checkup sent or filled here makes stale. */
export const checkupListKeys = { all: ['checkups'] as const };

invalidateOnLive(['form.changed'], () => [poolKeys.all]);

/** GET /v1/forms?isPool=true: one page of pools. */
export function poolsListQueryOptions(query: FormListQuery) {
  return queryOptions({
    queryKey: poolKeys.list(query),
    queryFn: ({ signal }) => api.request('/v1/forms', { query, schema: formListResponseSchema, signal }),
  });
}

/** GET /v1/forms/{id}: the pool with its current version's questions. */
export function poolQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: poolKeys.detail(uuid),
    queryFn: ({ signal }) => api.request(`/v1/forms/${uuid}`, { schema: formResponseSchema, signal }),
    // The route turns a failure into the 404 or the error page, which say it better than a toast.
    meta: { handlesErrors: true },
  });
}

/** GET /v1/forms/{id}/versions: newest first. */
export function poolVersionsQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: poolKeys.versions(uuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/forms/${uuid}/versions`, { schema: formVersionListResponseSchema, signal }),
    meta: { handlesErrors: true },
  });
}

export const POOL_CHECKUPS_PAGE_SIZE = 20;

/** GET /v1/checkups?poolUuid=: the newest checkups sent from the pool. */
export function poolCheckupsQueryOptions(uuid: string, page: number) {
  const query: CheckupListQuery = {
    poolUuid: uuid,
    search: undefined,
    page,
    pageSize: POOL_CHECKUPS_PAGE_SIZE,
    sort: 'sentAt',
    order: 'desc',
  };
  return queryOptions({
    queryKey: [...checkupListKeys.all, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/checkups', { query, schema: checkupListResponseSchema, signal }),
    meta: { handlesErrors: true },
  });
}

/** GET /v1/forms/manually-sendable: what "Send a checkup" offers. */
export function manuallySendableQueryOptions() {
  return queryOptions({
    queryKey: poolKeys.manuallySendable,
    queryFn: ({ signal }) =>
      api.request('/v1/forms/manually-sendable', {
        schema: z.object({ forms: z.array(formSummarySchema) }),
        signal,
      }),
    meta: { handlesErrors: true },
  });
}

export const POOL_PICKER_SIZE = 100;

/** GET /v1/forms?isPool=true: what "Fill a checkup" offers (archived pools are left out), by title. */
export function poolPickerQueryOptions() {
  return poolsListQueryOptions({
    isPool: true,
    search: undefined,
    page: 1,
    pageSize: POOL_PICKER_SIZE,
    sort: 'title',
    order: 'asc',
  });
}

/**
 * GET /v1/forms?search=<sku>: whether another (unarchived) form already has `sku`, so the builder says
 * so before saving; the API's 400 stays the last word (it also counts archived forms).
 */
export function skuHolderQueryOptions(sku: string) {
  const query: FormListQuery = { search: sku, page: 1, pageSize: 100, sort: 'title', order: 'asc' };
  return queryOptions({
    queryKey: poolKeys.list(query),
    queryFn: ({ signal }) => api.request('/v1/forms', { query, schema: formListResponseSchema, signal }),
    select: ({ forms }) => forms.find((form) => form.sku === sku) ?? null,
    staleTime: 10_000,
    meta: { handlesErrors: true },
  });
}

export const PET_PICKER_PAGE_SIZE = 20;
/** The largest page the pets list serves: "select all matching" reads at most five of them. */
export const PET_PICKER_BULK_PAGE_SIZE = 100;

/** GET /v1/pets: one page of the pets "Send to pets…" picks from (a B2B vet's are their company's). */
export function petPickerQueryOptions(query: PetListQuery) {
  return queryOptions({
    queryKey: ['pet-picker', query] as const,
    queryFn: ({ signal }) => api.request('/v1/pets', { query, schema: petListResponseSchema, signal }),
    meta: { handlesErrors: true },
  });
}
