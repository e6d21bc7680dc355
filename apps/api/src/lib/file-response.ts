import { z } from 'zod';

/**
 * A success answer that is a file, not JSON (CSV exports, images, PDFs, an event stream), declared so
 * the OpenAPI document says what comes back. Fastify does not serialize the Buffers and streams these
 * routes send, so the schema only documents.
 */
export function fileResponse(description: string, contentTypes: readonly string[]) {
  const file = z.string().meta({ format: 'binary' });
  return {
    description,
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: file }])),
  };
}
