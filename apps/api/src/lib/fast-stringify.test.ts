import * as contract from '@vetboard/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType, safeParse, toJSONSchema } from 'zod/v4/core';
import { fastStringifyOf, isCompiled } from './fast-stringify.ts';

type Node = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  anyOf?: Node[];
  enum?: unknown[];
};

/** Values a JSON Schema (zod's, draft 2020-12) accepts; strings with every character JSON escapes. */
function valuesOf(node: Node, depth = 0): fc.Arbitrary<unknown> {
  if (node.anyOf) return fc.oneof(...node.anyOf.map((option) => valuesOf(option, depth + 1)));
  if (node.enum) return fc.constantFrom(...node.enum);
  if ('const' in node) return fc.constant(node.const);
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : ['null'];
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          if (node.format === 'uuid') return fc.uuid({ version: 7 });
          if (node.format === 'email') return fc.emailAddress();
          if (node.format === 'date') return fc.constant('2026-11-27');
          if (node.format === 'date-time') return fc.constant('2026-11-27T10:00:00.000Z');
          if (typeof node.pattern === 'string') return fc.stringMatching(new RegExp(node.pattern));
          return fc.string({
            unit: 'binary',
            minLength: Number(node.minLength ?? 0),
            maxLength: Math.min(Number(node.maxLength ?? 12), 12),
          });
        case 'integer':
          return fc.integer({ min: Number(node.minimum ?? -1e9), max: Number(node.maximum ?? 1e9) });
        case 'number':
          return fc.double({
            min: Number(node.minimum ?? -1e12),
            max: Number(node.maximum ?? 1e12),
            noNaN: true,
            noDefaultInfinity: true,
          });
        case 'boolean':
          return fc.boolean();
        case 'array':
          return depth > 5 || !node.items
            ? fc.constant([])
            : fc.array(valuesOf(node.items, depth + 1), { maxLength: 3 });
        case 'object': {
          const properties = node.properties ?? {};
          return fc.record(
            Object.fromEntries(
              Object.entries(properties).map(([key, child]) => [key, valuesOf(child, depth + 1)]),
            ),
            { requiredKeys: node.required ?? [] },
          );
        }
        default:
          return fc.constant(null);
      }
    }),
  );
}

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
      const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
      let passed = 0;
      fc.assert(
        fc.property(valuesOf(json), (value) => {
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
    expect(fastStringifyOf(nullableAndLiterals)({ note: 'a"\u2028', owner: { name: 'Ann' }, type: 1 })).toBe(
      JSON.stringify({ note: 'a"\u2028', owner: { name: 'Ann' }, type: 1 }),
    );
  });
});
