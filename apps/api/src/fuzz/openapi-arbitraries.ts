import fc from 'fast-check';

/** A JSON schema node as the OpenAPI document (3.0, generated from the contract's zod schemas) holds it. */
export type SchemaNode = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  default?: unknown;
};

/** What a hostile client sends instead of a well-formed value. */
export const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  // Lone UTF-16 surrogates: valid in JSON, refused by PostgreSQL's jsonb (issue 47).
  '\ud800',
  'a\udfffb',
  '\udc00\ud83d',
  '%00',
  'x'.repeat(10_000),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '\u202egnp.exe',
  '😀🐶',
  '',
  ' ',
  '-0',
  'NaN',
  '9'.repeat(400),
  '0000-00-00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '=HYPERLINK("http://evil.example")',
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  true,
  null,
  [],
  {},
  [null],
  { __proto__: { polluted: true } },
  { $gt: '' },
];

const hostile = fc.constantFrom(...HOSTILE_VALUES);

export interface ArbitraryOptions {
  /** Ids that exist in the database, so generated requests also reach past "not found". */
  knownIds: string[];
  /** Only values the schema describes: no hostile values and no stray keys (for a test of valid data). */
  wellFormed?: boolean;
}

function stringArbitrary(node: SchemaNode, options: ArbitraryOptions): fc.Arbitrary<string> {
  if (node.format === 'uuid') return fc.oneof(fc.constantFrom(...options.knownIds), fc.uuid());
  if (node.format === 'email') return fc.emailAddress();
  if (node.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (node.pattern) {
    try {
      return fc.stringMatching(new RegExp(node.pattern));
    } catch {
      // A pattern fast-check cannot read falls back to plain strings.
    }
  }
  const minLength = node.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(node.maxLength ?? 40, 40));
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/**
 * Values for a schema: mostly valid ones (so requests get past validation and into the services),
 * with hostile values and stray keys mixed in at every level.
 */
export function arbitraryFor(
  node: SchemaNode | undefined,
  options: ArbitraryOptions,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (options.wellFormed) return validish(node ?? {}, options, depth);
  return fc.oneof(
    { weight: 8, arbitrary: validish(node ?? {}, options, depth) },
    { weight: 1, arbitrary: hostile },
  );
}

function validish(node: SchemaNode, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return hostile;
  const nested = (child: SchemaNode | undefined) => arbitraryFor(child, options, depth + 1);
  const alternatives = node.anyOf ?? node.oneOf;
  let base: fc.Arbitrary<unknown>;
  if (alternatives?.length)
    base = fc.oneof(...alternatives.map((child) => validish(child, options, depth + 1)));
  else if (node.allOf?.[0]) base = validish(node.allOf[0], options, depth + 1);
  else if (node.enum?.length) base = fc.constantFrom(...node.enum);
  else if (node.const !== undefined) base = fc.constant(node.const);
  else {
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    const byType = types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringArbitrary(node, options);
        case 'integer':
          return fc.integer({
            min: Math.max(node.minimum ?? -1_000_000, -2_000_000_000),
            max: Math.min(node.maximum ?? 1_000_000, 2_000_000_000),
          });
        case 'number':
          return fc.double({
            min: Math.max(node.minimum ?? -1e6, -1e9),
            max: Math.min(node.maximum ?? 1e6, 1e9),
            noNaN: true,
            noDefaultInfinity: true,
          });
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const minLength = node.minItems ?? 0;
          return fc.array(nested(node.items), {
            minLength,
            maxLength: Math.max(minLength, Math.min(node.maxItems ?? 4, 4)),
          });
        }
        case 'object': {
          const properties = node.properties ?? {};
          const required = new Set(node.required ?? []);
          const record = fc.record(
            Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, nested(child)])),
            { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
          );
          if (options.wellFormed) return record;
          // Sometimes a key no schema knows, or one that tries prototype pollution.
          return fc
            .tuple(
              record,
              fc.option(fc.constantFrom('extra', '__proto__', 'constructor', 'id'), { freq: 6 }),
              hostile,
            )
            .map(([value, key, stray]) => (key ? { ...(value as object), [key]: stray } : value));
        }
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    });
    base = byType.length ? fc.oneof(...byType) : fc.jsonValue({ maxDepth: 2 });
  }
  return node.nullable ? fc.oneof(base, fc.constant(null)) : base;
}
