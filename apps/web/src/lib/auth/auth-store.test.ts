import { describe, expect, it, vi } from 'vitest';
import { sampleVet } from '../../test/fixtures.ts';
import { AUTH_STORAGE_KEY, createAuthStore } from './auth-store.ts';

describe('auth store', () => {
  it('persists the logged-in flag and the vet, and reads them back', () => {
    const store = createAuthStore(window.localStorage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.logIn(sampleVet);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(createAuthStore(window.localStorage).getState()).toEqual({ loggedIn: true, vet: sampleVet });
  });

  it('clears the persisted state', () => {
    const store = createAuthStore(window.localStorage);
    store.logIn(sampleVet);
    store.clear();
    expect(store.getState()).toEqual({ loggedIn: false, vet: null });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('treats unreadable storage as logged out', () => {
    window.localStorage.setItem(AUTH_STORAGE_KEY, '{"loggedIn":true,"vet":{"uuid":"nope"}}');
    expect(createAuthStore(window.localStorage).getState().loggedIn).toBe(false);
    window.localStorage.setItem(AUTH_STORAGE_KEY, 'not json');
    expect(createAuthStore(window.localStorage).getState().loggedIn).toBe(false);
  });
});
