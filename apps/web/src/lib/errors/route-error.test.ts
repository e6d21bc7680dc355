import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/api-errors.ts';
import { describeRouteError, RouteError } from './route-error.ts';

describe('describeRouteError', () => {
  it('keeps the status and message of route and HTTP errors', () => {
    expect(describeRouteError(new RouteError(500, 'Unknown middleware'))).toEqual({
      status: 500,
      message: 'Unknown middleware',
    });
    expect(describeRouteError(new HttpError(403, 'Forbidden', 'auth.forbidden'))).toEqual({
      status: 403,
      message: 'Forbidden',
    });
  });

  it("defaults to 500 and 'Error'", () => {
    expect(describeRouteError(undefined)).toEqual({ status: 500, message: 'Error' });
    expect(describeRouteError(new Error(''))).toEqual({ status: 500, message: 'Error' });
    expect(describeRouteError('boom')).toEqual({ status: 500, message: 'Error' });
    expect(describeRouteError(new Error('Boom'))).toEqual({ status: 500, message: 'Boom' });
  });
});
