/** `first_name` → `firstName`; keys that are already camelCase are left alone, as are leading underscores. */
export function camelCaseKey(key: string): string {
  return key.replace(/(?<=[^_-])[_-]+([^_-])/g, (_match, next: string) => next.toUpperCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** SPEC §7: every response's keys are camelCased, at any depth. */
export function camelCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [camelCaseKey(key), camelCaseKeys(inner)]),
  );
}
