import { z } from 'zod';

/**
 * `/diets/{uuid}/pdf?expires=…&signature=…`: both come from a link pasted into an e-mail or a chat,
 * so anything malformed is dropped rather than failing the page; the server then says the link is
 * not valid. The router reads search values as JSON where it can, so a signature made only of digits
 * comes back as a number and is turned into text again.
 */
export const dietPdfSearchSchema = z.object({
  expires: z.coerce.number().int().positive().optional().catch(undefined),
  signature: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().min(1).max(200))
    .optional()
    .catch(undefined),
});
export type DietPdfSearch = z.infer<typeof dietPdfSearchSchema>;

/** Only the values that are there, so the content request carries no empty parameters. */
export function signatureOf(search: DietPdfSearch): { expires?: number; signature?: string } {
  return {
    ...(search.expires !== undefined && { expires: search.expires }),
    ...(search.signature !== undefined && { signature: search.signature }),
  };
}
