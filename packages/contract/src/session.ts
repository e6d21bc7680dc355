// zod's tree-shakable API: the dashboard checks the stored session on its first download, where zod's
// full API would weigh as much as the page.
import { z } from 'zod/mini';
import { vetKinds } from './enums.ts';

/** The signed-in vet's fields; `vetSchema` (vets.ts) is built from them, so the two cannot drift apart. */
export const vetFields = {
  uuid: z.uuid(),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  imageUrl: z.nullable(z.string()),
  kind: z.enum(vetKinds),
  companySku: z.nullable(z.string()),
  isRegularVet: z.boolean(),
  isHeadVet: z.boolean(),
  kindLabel: z.string(),
};

/** GET /v1/auth/vet as the dashboard's guard reads it: `vetSchema` with zod's tree-shakable API. */
export const sessionVetSchema = z.object(vetFields);

/** What the dashboard keeps in browser storage between reloads (SPEC §3): the logged-in flag and the vet. */
export const storedSessionSchema = z.object({
  loggedIn: z.boolean(),
  vet: z.nullable(sessionVetSchema),
});

/** Same-site redirect targets only: a path, never `//host` or `/\host` (open-redirect guard). */
export function isSafeRedirectPath(path: unknown): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !/[\r\n]/.test(path);
}
