import { z } from 'zod/mini';

/**
 * `/diets/{uuid}/pdf?expires=…&signature=…`: both come from a link pasted into an e-mail or a chat,
 * so anything malformed is dropped rather than failing the page; the server then says the link is
 * not valid. The router reads search values as JSON where it can, so a signature made only of digits
 * comes back as a number and is turned into text again.
 */
export const dietPdfSearchSchema = z.object({
  expires: z.catch(z.optional(z.coerce.number().check(z.refine(Number.isInteger), z.positive())), undefined),
  signature: z.catch(
    z.optional(
      z.pipe(
        z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
        z.string().check(z.minLength(1), z.maxLength(200)),
      ),
    ),
    undefined,
  ),
});
export type DietPdfSearch = z.infer<typeof dietPdfSearchSchema>;

/** Only the values that are there, so the content request carries no empty parameters. */
export function signatureOf(search: DietPdfSearch): { expires?: number; signature?: string } {
  return {
    ...(search.expires !== undefined && { expires: search.expires }),
    ...(search.signature !== undefined && { signature: search.signature }),
  };
}
