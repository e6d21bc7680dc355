import { storedSessionSchema, type Vet } from '@vetboard/contract';
import { useSyncExternalStore } from 'react';

export interface AuthState {
  loggedIn: boolean;
  vet: Vet | null;
}

export const AUTH_STORAGE_KEY = 'vetboard.auth';

const LOGGED_OUT: AuthState = { loggedIn: false, vet: null };

/** SPEC §3: the logged-in flag and the vet survive reloads, in browser storage. */
export function createAuthStore(storage: Storage | undefined) {
  const listeners = new Set<() => void>();

  function read(): AuthState {
    try {
      const raw = storage?.getItem(AUTH_STORAGE_KEY);
      if (!raw) return LOGGED_OUT;
      const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : LOGGED_OUT;
    } catch {
      return LOGGED_OUT;
    }
  }

  let state = read();

  function publish(next: AuthState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function write(next: AuthState) {
    try {
      if (next.loggedIn) storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
      else storage?.removeItem(AUTH_STORAGE_KEY);
    } catch {
      // Storage can be full or disabled (private mode); the session still works for this page's life.
    }
    publish(next);
  }

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    logIn(vet: Vet): void {
      if (state.loggedIn && state.vet === vet) return;
      write({ loggedIn: true, vet });
    },
    clear(): void {
      if (state !== LOGGED_OUT) write(LOGGED_OUT);
    },
    /** Another tab logged in or out: follow it, so this tab's header and guard agree with the cookies. */
    syncFromStorage(): void {
      publish(read());
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

export const authStore = createAuthStore(typeof window === 'undefined' ? undefined : window.localStorage);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) authStore.syncFromStorage();
  });
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState);
}
