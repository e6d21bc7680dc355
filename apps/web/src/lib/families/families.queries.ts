import { queryOptions } from '@tanstack/react-query';
import { familyOwnerSchema, familyPetsResponseSchema } from '@vetboard/contract';
import { api } from '../api/api-client.ts';

/*
 * Shared because both the pet layout (owner, family count) and the family page read the family: features
 * do not import each other.
 */
export const familyKeys = {
  all: ['families'] as const,
  owner: (familyUuid: string) => [...familyKeys.all, 'owner', familyUuid] as const,
  pets: (familyUuid: string) => [...familyKeys.all, 'pets', familyUuid] as const,
};

/** GET /v1/families/{id}/owner: the owner's `name` and `b2BCode` (SPEC §3). */
export function familyOwnerQueryOptions(familyUuid: string) {
  return queryOptions({
    queryKey: familyKeys.owner(familyUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/families/${familyUuid}/owner`, { schema: familyOwnerSchema, signal }),
    // Screens show a failure where the data would be (or the 404 page), so no toast on top.
    meta: { handlesErrors: true },
  });
}

/** GET /v1/families/{id}/pets: the family (kind, owner, members, subscription) and its pets. */
export function familyPetsQueryOptions(familyUuid: string) {
  return queryOptions({
    queryKey: familyKeys.pets(familyUuid),
    queryFn: ({ signal }) =>
      api.request(`/v1/families/${familyUuid}/pets`, { schema: familyPetsResponseSchema, signal }),
    meta: { handlesErrors: true },
  });
}
