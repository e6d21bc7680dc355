import * as contract from '@vetboard/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType, safeParse, toJSONSchema } from 'zod/v4/core';
import { arbitraryFor, type SchemaNode } from '../fuzz/openapi-arbitraries.ts';
import { fastStringifyOf, isCompiled } from './fast-stringify.ts';

/** Valid values of a schema, from the fuzz test's generator without its hostile values. */
const valuesOf = (schema: $ZodType) =>
  arbitraryFor(toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode, {
    knownIds: ['0190b3c2-4e5a-7a01-8c11-000000000003'],
    wellFormed: true,
  });

/** Every zod schema the contract exports, by name. */
const schemas: [string, $ZodType][] = Object.entries(contract as Record<string, unknown>).flatMap(
  ([name, value]) => (value instanceof $ZodType ? [[name, value] as [string, $ZodType]] : []),
);

describe('responses written by a writer compiled from their schema', () => {
  it('are the JSON that JSON.stringify writes, for every schema of the contract it compiles', () => {
    let compiled = 0;
    let checked = 0;
    for (const [name, schema] of schemas) {
      if (!isCompiled(schema)) continue;
      compiled++;
      const write = fastStringifyOf(schema);
      let passed = 0;
      fc.assert(
        fc.property(valuesOf(schema), (value) => {
          const parsed = safeParse(schema, value);
          if (!parsed.success) return;
          passed++;
          // The same JSON; keys may come in the schema's order rather than the object's.
          expect(JSON.parse(write(parsed.data)), name).toStrictEqual(JSON.parse(JSON.stringify(parsed.data)));
        }),
        { numRuns: 40 },
      );
      if (passed > 0) checked++;
    }
    // Most of the contract is plain; a writer no generated value reached would prove nothing.
    expect(compiled).toBeGreaterThan(50);
    expect(checked / compiled).toBeGreaterThan(0.9);
  });

  it('compiles the chart and list responses, the hot ones', () => {
    expect(isCompiled(contract.chartResponseSchema)).toBe(true);
    expect(isCompiled(contract.respiratoryChartResponseSchema)).toBe(true);
    expect(isCompiled(contract.userListResponseSchema)).toBe(true);
  });

  it('keeps JSON.stringify where the writer would have to choose between shapes', () => {
    const union = z.object({
      item: z.union([z.object({ kind: z.literal('a'), a: z.number() }), z.object({ kind: z.literal('b') })]),
    });
    expect(isCompiled(union)).toBe(false);
    expect(isCompiled(z.object({ tags: z.record(z.string(), z.number()) }))).toBe(false);
    expect(isCompiled(z.object({ pair: z.tuple([z.string(), z.number()]) }))).toBe(false);
    const nullableAndLiterals = z.object({
      note: z.string().nullable(),
      owner: z.object({ name: z.string() }).nullable(),
      type: z.union([z.literal(1), z.literal(2)]),
    });
    expect(isCompiled(nullableAndLiterals)).toBe(true);
    expect(fastStringifyOf(nullableAndLiterals)({ note: null, owner: null, type: 2 })).toBe(
      '{"note":null,"owner":null,"type":2}',
    );
    // Every character JSON escapes, and a lone surrogate, as JSON.stringify escapes them.
    const note = `a"\\/\u0000\u001f\n\u2028\u2029\ud800é😀`;
    expect(fastStringifyOf(nullableAndLiterals)({ note, owner: { name: 'Ann' }, type: 1 })).toBe(
      JSON.stringify({ note, owner: { name: 'Ann' }, type: 1 }),
    );
  });
});
