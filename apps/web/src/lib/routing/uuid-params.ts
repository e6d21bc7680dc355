import { notFound } from '@tanstack/react-router';
// Params are checked by the route tree, on every page's first download: zod's tree-shakable API.
import { z } from 'zod/mini';

const uuidSchema = z.uuid();

/**
 * SPEC §2 "validate": a path id that is not a UUID cannot name anything, so the route answers 404
 * before any data is fetched. Use as `params: { parse: (params) => validateUuidParams(params, 'uuid') }`.
 */
export function validateUuidParams<P extends Record<string, string>>(
  params: P,
  ...names: (keyof P & string)[]
): P {
  for (const name of names) {
    if (!uuidSchema.safeParse(params[name]).success) throw notFound();
  }
  return params;
}
