import { queryOptions } from '@tanstack/react-query';
import {
  type B2bPetsQuery,
  b2bCompaniesResponseSchema,
  b2bPetsResponseSchema,
  type CompanyEmailListQuery,
  companyEmailListResponseSchema,
  companyResponseSchema,
  dailyStatusListResponseSchema,
} from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';
import { invalidateOnLive } from '@/lib/live/live-invalidation.ts';

export const b2bKeys = {
  all: ['b2b'] as const,
  companies: (date: string) => [...b2bKeys.all, 'companies', date] as const,
  company: (sku: string) => ['companies', sku] as const,
  pets: (query: B2bPetsQuery) => [...b2bKeys.all, 'pets', query.sku, query] as const,
  companyPets: (sku: string) => [...b2bKeys.all, 'pets', sku] as const,
  emails: (query: CompanyEmailListQuery) => [...b2bKeys.all, 'emails', query.sku, query] as const,
  companyEmails: (sku: string) => [...b2bKeys.all, 'emails', sku] as const,
  /** A pet's statuses: under the pet, so refreshing the pet refreshes them. */
  history: (petUuid: string) => ['pets', petUuid, 'daily-statuses'] as const,
};

// A status written, edited or deleted by another vet changes the company's list and the pet's history.
invalidateOnLive(['daily_status.written', 'daily_status.edited', 'daily_status.deleted'], (event) => [
  [...b2bKeys.all, 'pets', ...(event.companySku ? [event.companySku] : [])],
  [...b2bKeys.all, 'companies'],
  ...(event.petUuid ? [b2bKeys.history(event.petUuid)] : []),
]);
invalidateOnLive(['company.changed', 'company.emailed'], (event) => [
  b2bKeys.company(event.id),
  b2bKeys.companyEmails(event.id),
  [...b2bKeys.all, 'companies'],
]);

/** The vet's today, as `YYYY-MM-DD` in the browser's timezone. */
export function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** GET /v1/b2b/companies?date= */
export function b2bCompaniesQueryOptions(date: string) {
  return queryOptions({
    queryKey: b2bKeys.companies(date),
    queryFn: ({ signal }) =>
      api.request('/v1/b2b/companies', { query: { date }, schema: b2bCompaniesResponseSchema, signal }),
  });
}

/** GET /v1/companies/{id} (SPEC §7): by sku. */
export function companyQueryOptions(sku: string) {
  return queryOptions({
    queryKey: b2bKeys.company(sku),
    queryFn: ({ signal }) =>
      api.request(`/v1/companies/${encodeURIComponent(sku)}`, { schema: companyResponseSchema, signal }),
    meta: { handlesErrors: true },
  });
}

/** GET /v1/b2b/pets (SPEC §7): a company's pets with their status of the day. */
export function b2bPetsQueryOptions(query: B2bPetsQuery) {
  return queryOptions({
    queryKey: b2bKeys.pets(query),
    queryFn: ({ signal }) => api.request('/v1/b2b/pets', { query, schema: b2bPetsResponseSchema, signal }),
  });
}

/** GET /v1/b2b/emails: what was sent to the company, newest first. */
export function companyEmailsQueryOptions(query: CompanyEmailListQuery) {
  return queryOptions({
    queryKey: b2bKeys.emails(query),
    queryFn: ({ signal }) =>
      api.request('/v1/b2b/emails', { query, schema: companyEmailListResponseSchema, signal }),
    // Until the mail queue has delivered them, look again now and then.
    refetchInterval: (current) =>
      current.state.data?.emails.some((email) => email.status === 'queued') ? 2_000 : false,
  });
}

/** GET /v1/b2b/daily-status (SPEC §7): the pet's history, newest first. */
export function dailyStatusHistoryQueryOptions(petUuid: string) {
  const query = { petUuid, page: 1, pageSize: 60 };
  return queryOptions({
    queryKey: [...b2bKeys.history(petUuid), query] as const,
    queryFn: ({ signal }) =>
      api.request('/v1/b2b/daily-status', { query, schema: dailyStatusListResponseSchema, signal }),
  });
}

/**
 * GET /v1/b2b/daily-status for one pet and day: its status, or null. For a row the company's list no
 * longer returns (a colleague's status moved it out of "Missing") while the vet still types in it.
 */
export function dailyStatusOfDayQueryOptions(petUuid: string, date: string) {
  const query = { petUuid, from: date, to: date, page: 1, pageSize: 1 };
  return queryOptions({
    queryKey: [...b2bKeys.history(petUuid), query] as const,
    queryFn: async ({ signal }) => {
      const response = await api.request('/v1/b2b/daily-status', {
        query,
        schema: dailyStatusListResponseSchema,
        signal,
      });
      return response.dailyStatuses[0] ?? null;
    },
  });
}
