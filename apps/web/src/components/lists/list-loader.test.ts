import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query/query-client.ts';
import { loadList } from './list-loader.ts';

/** The first page of rows, answered when the test says so. */
function deferredRows() {
  let answer: (rows: string[]) => void = () => {};
  const queryFn = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
  return {
    options: { queryKey: ['vets', 'list', { page: 1 }] as const, queryFn },
    answer: (r: string[]) => answer(r),
  };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('loadList', () => {
  it('entering the list waits for its rows, so the page the vet leaves stays until they arrive', async () => {
    const queryClient = createQueryClient(() => {});
    const rows = deferredRows();
    const entering = loadList(queryClient, rows.options, 'enter');
    expect(await settled(entering)).toBe(false);
    rows.answer(['Ada']);
    await entering;
    expect(queryClient.getQueryData(rows.options.queryKey)).toEqual(['Ada']);
  });

  it('a change of page, sort or filter on the list itself does not wait', async () => {
    const queryClient = createQueryClient(() => {});
    const rows = deferredRows();
    expect(await settled(loadList(queryClient, rows.options, 'stay'))).toBe(true);
  });
});
