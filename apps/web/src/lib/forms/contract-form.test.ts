import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractFormSchema, formErrors } from './contract-form.ts';

/** A stand-in for a contract schema: the request body and the messages the API answers with. */
const bodySchema = z.strictObject({
  rows: z.array(z.strictObject({ amount: z.number({ error: 'Enter an amount' }).gt(0, 'Must be above 0') })),
  note: z.string().max(3, 'At most 3 characters').nullable(),
});

const formSchema = contractFormSchema(bodySchema, (values: { rows: string[]; note: string }) => ({
  rows: values.rows.map((amount) => ({ amount: amount === '' ? undefined : Number(amount) })),
  note: values.note || null,
}));

describe('a form judged by the contract', () => {
  it("puts each of the contract's messages on the form's path, the first per field", () => {
    expect(formErrors(formSchema, { rows: ['', '0', '2'], note: 'toolong' })).toEqual({
      'rows.0.amount': 'Enter an amount',
      'rows.1.amount': 'Must be above 0',
      note: 'At most 3 characters',
    });
  });

  it('answers the request body for values that pass', () => {
    expect(formErrors(formSchema, { rows: ['2'], note: '' })).toEqual({});
    expect(formSchema.parse({ rows: ['2'], note: '' })).toEqual({ rows: [{ amount: 2 }], note: null });
  });
});
