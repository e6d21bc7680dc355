import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError, SessionExpiredError } from '../api/api-errors.ts';
import { createQueryClient } from './query-client.ts';
import { notifyRequestError } from './request-error-toast.ts';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('notifyRequestError', () => {
  it("shows the server's error text in a red 'Error' toast", () => {
    notifyRequestError(new HttpError(401, 'Invalid email or password', 'auth.invalid_credentials'));
    expect(notifications.show).toHaveBeenCalledWith({
      color: 'red',
      title: 'Error',
      message: 'Invalid email or password',
    });
  });

  it.each([
    new NetworkError('Failed to fetch'),
    new HttpError(502, undefined, undefined),
    new TypeError('x is undefined'),
    'a string',
  ])('falls back to the generic message for %s', (error) => {
    notifyRequestError(error);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error', message: 'An unexpected error occurred' }),
    );
  });

  it('stays quiet for an expired session, which goes to login instead', () => {
    notifyRequestError(new SessionExpiredError(401, undefined, undefined));
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

describe('createQueryClient', () => {
  it('reports unhandled query and mutation errors, not those whose caller opts out', async () => {
    const onError = vi.fn();
    const client = createQueryClient(onError);
    const failure = new HttpError(500, 'Down', 'x');
    const fail = () => Promise.reject(failure);

    await client.fetchQuery({ queryKey: ['a'], queryFn: fail }).catch(() => {});
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: fail, meta: { handlesErrors: true } })
      .catch(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: fail })
      .execute(undefined)
      .catch(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: fail, meta: { handlesErrors: true } })
      .execute(undefined)
      .catch(() => {});

    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('does not retry on its own', async () => {
    const queryFn = vi.fn().mockRejectedValue(new NetworkError('x'));
    await createQueryClient(() => {})
      .fetchQuery({ queryKey: ['c'], queryFn })
      .catch(() => {});
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
