import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/api-errors.ts';
import { orNotFound } from './not-found.ts';

describe('orNotFound', () => {
  it('passes an answer through', async () => {
    await expect(orNotFound(Promise.resolve({ ok: true }))).resolves.toEqual({ ok: true });
  });

  it("turns the API's 404 into the router's not-found", async () => {
    const error = await orNotFound(
      Promise.reject(new HttpError(404, 'Pet not found', 'pets.not_found')),
    ).catch((e: unknown) => e);
    expect(isNotFound(error)).toBe(true);
  });

  it('lets every other failure reach the error page as it is', async () => {
    const failure = new HttpError(500, 'Internal server error', 'internal');
    await expect(orNotFound(Promise.reject(failure))).rejects.toBe(failure);
  });
});
