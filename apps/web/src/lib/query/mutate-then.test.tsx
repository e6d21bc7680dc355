import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mutateThen } from './mutate-then.ts';

/** A form whose change is answered only when the test says, so it can unmount first. */
function setUp(fails = false) {
  let answer: (() => void) | undefined;
  const mutationFn = () =>
    new Promise<string>((resolve, reject) => {
      answer = () => (fails ? reject(new Error('refused')) : resolve('saved'));
    });
  /** Once the request is out (TanStack Query sends it a tick after the call), answers it. */
  const answerSent = async () => {
    await vi.waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.());
  };
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  let start: (via: 'mutate' | 'mutateThen') => void = () => undefined;
  const onSuccess = vi.fn();
  const onError = vi.fn();
  function Form() {
    const mutation = useMutation({ mutationFn });
    start = (via) =>
      via === 'mutate'
        ? // biome-ignore lint/plugin: what mutateThen is for is shown beside mutate's own callbacks
          mutation.mutate(undefined, { onSuccess, onError })
        : mutateThen(mutation, undefined, { onSuccess, onError });
    return <p>the form</p>;
  }
  const view = render(
    <QueryClientProvider client={client}>
      <Form />
    </QueryClientProvider>,
  );
  return {
    start: (via: 'mutate' | 'mutateThen') => start(via),
    answerSent,
    view,
    onSuccess,
    onError,
  };
}

describe('mutateThen', () => {
  it('runs the success callback although the form unmounted before the answer, where mutate drops it', async () => {
    for (const via of ['mutate', 'mutateThen'] as const) {
      const { start, answerSent, view, onSuccess } = setUp();
      act(() => start(via));
      view.unmount();
      await answerSent();
      expect(onSuccess.mock.calls, via).toEqual(via === 'mutate' ? [] : [['saved']]);
    }
  });

  it('runs the error callback after an unmount too, and leaves no unhandled rejection', async () => {
    const { start, answerSent, view, onSuccess, onError } = setUp(true);
    act(() => start('mutateThen'));
    view.unmount();
    await answerSent();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(new Error('refused'));
  });
});
