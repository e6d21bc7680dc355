import { z } from 'zod';

export const uuidSchema = z.uuid();

/** Every error the API sends has this shape (DEVELOPERS.md, Style §3). */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('One entry per invalid field, for 400 answers'),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;

/** Same-site redirect targets only: a path, never `//host` or `/\host` (open-redirect guard). */
export function isSafeRedirectPath(path: unknown): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !/[\r\n]/.test(path);
}
