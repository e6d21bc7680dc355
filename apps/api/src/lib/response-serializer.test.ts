import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.ts';

const petSchema = z.object({
  uuid: z.string(),
  owner: z.object({ name: z.string() }),
  tags: z.array(z.object({ label: z.string() })),
});
const serialize = responseSerializerCompiler({
  schema: petSchema,
  method: 'GET',
  url: '/v1/pets/:id',
  httpStatus: '200',
});

describe('responses are allow-lists', () => {
  it('sends only the fields the schema lists, at every depth', () => {
    const body = serialize({
      uuid: 'p1',
      passwordHash: 'secret',
      owner: { name: 'Ann', email: 'ann@example.com' },
      tags: [{ label: 'senior', internalNote: 'x' }],
    });
    expect(JSON.parse(body)).toEqual({ uuid: 'p1', owner: { name: 'Ann' }, tags: [{ label: 'senior' }] });
  });

  it('refuses data that does not match its schema instead of sending it', () => {
    let thrown: unknown;
    try {
      serialize({ uuid: 7, owner: { name: 'Ann' }, tags: [] });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('accepts a schema given as the properties of a JSON-schema-like wrapper', () => {
    const wrapped = responseSerializerCompiler({
      schema: { properties: z.object({ ok: z.boolean() }) },
      method: 'GET',
      url: '/v1/health',
      httpStatus: '200',
    });
    expect(wrapped({ ok: true, extra: 1 })).toBe('{"ok":true}');
  });
});
