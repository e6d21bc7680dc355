import { describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '../api/api-errors.ts';
import { applyServerFieldErrors } from './server-errors.ts';

const fields = ['email', 'companySku'] as const;

function target() {
  return { setFieldError: vi.fn() };
}

describe('applyServerFieldErrors', () => {
  it("puts a 400's details on the fields they name", () => {
    const form = target();
    const error = new HttpError(400, 'Invalid request', 'request.invalid', [
      { path: 'companySku', message: 'Unknown company' },
    ]);
    expect(applyServerFieldErrors(form, error, { fields })).toBe(true);
    expect(form.setFieldError).toHaveBeenCalledWith('companySku', 'Unknown company');
  });

  it('answers false when no detail names a field of the form', () => {
    const form = target();
    const error = new HttpError(400, 'Invalid request', 'request.invalid', [
      { path: 'body', message: 'A JSON body is required' },
    ]);
    expect(applyServerFieldErrors(form, error, { fields })).toBe(false);
    expect(form.setFieldError).not.toHaveBeenCalled();
  });

  it('puts a 409 on the conflict field, with the server text', () => {
    const form = target();
    const error = new HttpError(409, 'A vet with this e-mail already exists', 'vets.email_taken');
    expect(applyServerFieldErrors(form, error, { fields, conflictField: 'email' })).toBe(true);
    expect(form.setFieldError).toHaveBeenCalledWith('email', 'A vet with this e-mail already exists');
  });

  it('leaves other failures to the caller', () => {
    const form = target();
    expect(applyServerFieldErrors(form, new HttpError(500, 'Boom', 'internal'), { fields })).toBe(false);
    expect(applyServerFieldErrors(form, new NetworkError('offline'), { fields })).toBe(false);
    expect(applyServerFieldErrors(form, new HttpError(409, 'Taken', 'x'), { fields })).toBe(false);
  });
});
