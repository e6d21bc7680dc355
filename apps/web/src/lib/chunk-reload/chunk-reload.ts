/** SPEC §9: after a deploy, old chunk names vanish; one reload fetches the new ones, but never in a loop. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'vetboard.chunk-reload-at';

/**
 * TanStack Router's lazy route components also reload once per session per missing chunk, with this
 * key. Setting it leaves the decision to the 60 s guard alone, so the page never reloads twice.
 */
const ROUTER_RELOAD_KEY_PREFIX = 'tanstack_router_reload:';

const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_MESSAGES.some((text) => message.includes(text));
}

/** Claims the one reload allowed per 60 s; false when one happened too recently or storage is unusable. */
export function claimChunkReload(storage: Storage, now: number): boolean {
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
    return true;
  } catch {
    // Without storage a reload could not know about the previous one, and might loop.
    return false;
  }
}

function silenceRouterReload(storage: Storage, error: unknown): void {
  if (!(error instanceof Error)) return;
  try {
    storage.setItem(`${ROUTER_RELOAD_KEY_PREFIX}${error.message}`, '1');
  } catch {
    // Nothing to do: without storage the router cannot reload either.
  }
}

export interface ChunkReloader {
  /**
   * For a failed chunk load: starts the allowed reload, or reports one already under way. False means
   * the error should be shown, because the page was reloaded for it less than 60 s ago.
   */
  reloadFor(error: unknown): boolean;
  /** Vite reports a failed dynamic import (or its CSS) with this event, before the import rejects. */
  install(): void;
}

export function createChunkReloader(win: Window): ChunkReloader {
  let reloadStarted = false;

  function reloadFor(error: unknown): boolean {
    if (!isChunkLoadError(error)) return false;
    silenceRouterReload(win.sessionStorage, error);
    if (reloadStarted) return true;
    if (!claimChunkReload(win.sessionStorage, Date.now())) return false;
    reloadStarted = true;
    win.location.reload();
    return true;
  }

  return {
    reloadFor,
    install() {
      win.addEventListener('vite:preloadError', (event) => {
        const { payload } = event as Event & { payload?: unknown };
        if (!reloadFor(payload)) {
          console.error('A script chunk failed to load again within 60 s; not reloading', payload);
        }
      });
    },
  };
}

export const chunkReloader = createChunkReloader(window);
