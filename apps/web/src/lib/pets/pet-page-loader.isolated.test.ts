import { QueryObserver } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import type { PetResponse } from '@vetboard/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../api/api-errors.ts';
import { createQueryClient } from '../query/query-client.ts';
import { type PetPageReads, petPageLoader } from './pet-page-loader.ts';

const request = vi.hoisted(() => vi.fn());
vi.mock('../api/api-client.ts', () => ({ api: { request } }));

const uuid = '0190a6e4-7c1e-7b3a-9f00-00000000a001';
const pet = {
  petProfile: { uuid, name: 'Biscuit', familyUuid: '0190a6e4-7c1e-7b3a-9f00-00000000f001' },
  ownerHomeLocation: { city: 'Berlin', country: 'DE', timezone: 'Europe/Berlin' },
} as unknown as PetResponse;

/** A read of the page, answered when the test says so. */
function deferredRead() {
  let answer: (value: string) => void = () => {};
  const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
  return {
    options: { queryKey: ['pets', uuid, 'chart'] as const, queryFn },
    queryFn,
    answer: (v: string) => answer(v),
  };
}

describe('petPageLoader', () => {
  beforeEach(() => {
    request.mockImplementation(async (path: string) => {
      if (path === `/v1/pets/${uuid}`) return pet;
      throw new Error(`unexpected ${path}`);
    });
  });

  it("gives the page's reads the pet, its timezone and the route's search, and the page its timezone", async () => {
    const queryClient = createQueryClient(() => {});
    const seen: PetPageReads<{ scope: string }>[] = [];
    const load = petPageLoader<{ scope: string }>((page) => {
      seen.push(page);
      return [page.prefetch({ queryKey: ['pets', page.uuid, 'x', page.deps.scope], queryFn: async () => 1 })];
    });

    const result = await load({
      context: { queryClient },
      params: { uuid },
      deps: { scope: 'week' },
      cause: 'enter',
    });

    expect(result).toEqual({ timezone: 'Europe/Berlin' });
    expect(seen[0]).toMatchObject({ uuid, pet, timezone: 'Europe/Berlin', deps: { scope: 'week' } });
    expect(queryClient.getQueryData(['pets', uuid, 'x', 'week'])).toBe(1);
  });

  it('an unknown pet is the 404 page, before any of the page reads start', async () => {
    request.mockRejectedValue(new HttpError(404, 'Pet not found', 'pets.not_found'));
    const reads = vi.fn(() => []);
    const error = await petPageLoader(reads)({
      context: { queryClient: createQueryClient(() => {}) },
      params: { uuid },
      deps: {},
      cause: 'enter',
    }).catch((e: unknown) => e);
    expect(isNotFound(error)).toBe(true);
    expect(reads).not.toHaveBeenCalled();
  });

  it('entering waits for the reads; a change on the page itself does not', async () => {
    const queryClient = createQueryClient(() => {});
    const read = deferredRead();
    const load = petPageLoader(({ prefetch }) => [prefetch(read.options)]);

    let entered = false;
    const entering = load({ context: { queryClient }, params: { uuid }, deps: {}, cause: 'enter' }).then(
      () => {
        entered = true;
      },
    );
    await vi.waitFor(() => expect(read.queryFn).toHaveBeenCalled());
    await Promise.resolve();
    expect(entered).toBe(false);
    read.answer('chart');
    await entering;
    expect(entered).toBe(true);

    const other = deferredRead();
    queryClient.removeQueries({ queryKey: other.options.queryKey });
    const stay = petPageLoader(({ prefetch }) => [prefetch(other.options)]);
    await expect(
      stay({ context: { queryClient }, params: { uuid }, deps: {}, cause: 'stay' }),
    ).resolves.toEqual({ timezone: 'Europe/Berlin' });
    expect(other.queryFn).toHaveBeenCalled();
  });

  it('a failing read does not fail the page: its panel shows the error', async () => {
    const queryClient = createQueryClient(() => {});
    const load = petPageLoader(({ prefetch }) => [
      prefetch({ queryKey: ['pets', uuid, 'broken'], queryFn: () => Promise.reject(new Error('down')) }),
    ]);
    await expect(
      load({ context: { queryClient }, params: { uuid }, deps: {}, cause: 'enter' }),
    ).resolves.toEqual({ timezone: 'Europe/Berlin' });
  });

  it('the page that mounts after its loader reads nothing again', async () => {
    const queryClient = createQueryClient(() => {});
    const queryFn = vi.fn(async () => 'chart');
    const options = { queryKey: ['pets', uuid, 'chart'] as const, queryFn };
    await petPageLoader(({ prefetch }) => [prefetch(options)])({
      context: { queryClient },
      params: { uuid },
      deps: {},
      cause: 'enter',
    });

    // What a component's useQuery does on mount, for the pet and for the page's read.
    const unsubscribe = [
      new QueryObserver(queryClient, options).subscribe(() => {}),
      new QueryObserver(queryClient, { queryKey: ['pets', uuid, 'detail'] }).subscribe(() => {}),
    ];
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const stop of unsubscribe) stop();

    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledTimes(1);
  });
});
