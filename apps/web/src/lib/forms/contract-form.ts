import { z } from 'zod';

/**
 * A form schema that is the contract's own: `toBody` turns what the inputs hold into the request body
 * the API takes — keeping what is incomplete (an empty amount is `undefined`, not left out) so that it
 * is refused with the contract's message — and the contract's schema judges it. The body's paths are
 * the form's (`ingredients.2.amount`), so every message lands on its field, the same words the API
 * would answer in a 400: the dashboard's and the API's validation cannot drift apart.
 *
 * Mantine's `schemaResolver(schema, { sync: true })` takes it as it is; `formErrors` gives the same
 * errors to a `validate` function that adds rules of its own.
 */
export function contractFormSchema<TValues, TSchema extends z.ZodType>(
  schema: TSchema,
  toBody: (values: TValues) => unknown,
) {
  return z.custom<TValues>().transform(toBody).pipe(schema);
}

/** `{ path: message }` for Mantine's form: the first problem of each field. */
export function formErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    if (path && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}
