import { queryOptions } from '@tanstack/react-query';
import { checkupResponseSchema } from '@vetboard/contract';
import { api } from '@/lib/api/api-client.ts';

/** One checkup's key: shared, since the checkup page and filling a sent checkup read the same. */
export const checkupDetailKey = (uuid: string) => ['checkups', 'detail', uuid] as const;

/** GET /v1/checkups/{id}: `checkup` (SPEC §7). */
export function checkupQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: checkupDetailKey(uuid),
    queryFn: ({ signal }) => api.request(`/v1/checkups/${uuid}`, { schema: checkupResponseSchema, signal }),
    // The route turns a failure into the 404 or the error page, which say it better than a toast.
    meta: { handlesErrors: true },
  });
}
