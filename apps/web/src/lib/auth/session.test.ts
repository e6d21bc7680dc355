import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleVet } from '../../test/fixtures.ts';
import { api } from '../api/api-client.ts';
import { NetworkError } from '../api/api-errors.ts';
import { authKeys } from './auth-queries.ts';
import { authStore } from './auth-store.ts';
import { clearSession, reloadSessionVet, startSession } from './session.ts';
import { endSession } from './use-logout.ts';

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => {
  authStore.clear();
});

describe('session helpers', () => {
  it('starts a session from the login answer without another call', () => {
    const request = vi.spyOn(api, 'request');
    const client = newClient();
    startSession(client, sampleVet);
    expect(client.getQueryData(authKeys.vet())).toEqual(sampleVet);
    expect(authStore.getState()).toEqual({ loggedIn: true, vet: sampleVet });
    expect(request).not.toHaveBeenCalled();
  });

  it('clears the auth state and every cached query', () => {
    const client = newClient();
    startSession(client, sampleVet);
    client.setQueryData(['pets', 'list'], []);
    clearSession(client);
    expect(authStore.getState().loggedIn).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('drops the cached vet and refetches it after an update', async () => {
    const client = newClient();
    startSession(client, sampleVet);
    const renamed = { ...sampleVet, firstName: 'Grace' };
    const request = vi.spyOn(api, 'request').mockResolvedValue(renamed);
    await expect(reloadSessionVet(client)).resolves.toEqual(renamed);
    expect(request).toHaveBeenCalledWith('/v1/auth/vet', expect.anything());
    expect(client.getQueryData(authKeys.vet())).toEqual(renamed);
    expect(authStore.getState().vet).toEqual(renamed);
  });

  it('logs the vet out locally even when the logout call fails, and only logs that failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(api, 'request').mockRejectedValue(new NetworkError('offline'));
    const client = newClient();
    startSession(client, sampleVet);
    await endSession(client);
    expect(authStore.getState().loggedIn).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
