import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from './api-errors.ts';
import { MAX_EXTRA_ATTEMPTS, retryDelayMs, shouldRetry } from './retry-policy.ts';

const network = new NetworkError('Failed to fetch');
const http = (status: number) => new HttpError(status, 'x', 'x');

describe('shouldRetry', () => {
  it('retries GETs on network errors and 5xx', () => {
    expect(shouldRetry('GET', network, 0)).toBe(true);
    for (const status of [500, 502, 503, 504]) expect(shouldRetry('GET', http(status), 0)).toBe(true);
  });

  it('never retries 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(shouldRetry('GET', http(status), 0)).toBe(false);
  });

  it('never retries mutations', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(shouldRetry(method, network, 0)).toBe(false);
      expect(shouldRetry(method, http(503), 0)).toBe(false);
    }
  });

  it('never retries programming errors', () => {
    expect(shouldRetry('GET', new TypeError('x is undefined'), 0)).toBe(false);
  });

  it('stops after 2 extra attempts', () => {
    expect(MAX_EXTRA_ATTEMPTS).toBe(2);
    expect(shouldRetry('GET', network, 1)).toBe(true);
    expect(shouldRetry('GET', network, 2)).toBe(false);
  });

  it('backs off', () => {
    expect(retryDelayMs(0)).toBeLessThan(retryDelayMs(1));
  });
});
