import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { fastStringifyOf } from './fast-stringify.ts';

/**
 * Responses go out through their schema's `parse`, not zod's `encode` (the library's default): no
 * response schema has a codec or transform (encode throws on one, so none could have shipped), both
 * keep only what the schema lists (responses are allow-lists), and parse takes zod's compiled object
 * path, which encode does not: a 50-user page costs ~170 µs instead of ~420 µs, ~8 % of the request
 * (#13, `bench:lists`). Invalid data is still refused as a 500, never sent. What passed is written by a
 * writer compiled from the same schema where it can be (`fast-stringify.ts`).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = zodSchemaOf(schema);
  // Compiled on the route's first response, not at start: about 1.2 ms a schema, and a test file's app
  // registers every route but answers a few.
  let stringify: ((data: unknown) => string) | undefined;
  return (data) => {
    const result = safeParse(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    stringify ??= fastStringifyOf(zodSchema);
    return stringify(result.data);
  };
};

function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`A response schema is not a zod schema: ${JSON.stringify(schema)}`);
}
