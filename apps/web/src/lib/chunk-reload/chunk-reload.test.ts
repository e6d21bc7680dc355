import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  claimChunkReload,
  createChunkReloader,
  isChunkLoadError,
} from './chunk-reload.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/betas-x.js');

describe('claimChunkReload', () => {
  it('allows one reload per 60 s', () => {
    const storage = window.sessionStorage;
    const start = 1_700_000_000_000;
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(claimChunkReload(storage, start)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(start));
    expect(claimChunkReload(storage, start + 1_000)).toBe(false);
    expect(claimChunkReload(storage, start + 59_999)).toBe(false);
    expect(claimChunkReload(storage, start + 60_000)).toBe(true);
  });

  it('refuses when storage is unusable', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(claimChunkReload(broken, Date.now())).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

/** A page of its own: a reload of the real page is simulated by a new reloader on the same storage. */
function fakePage() {
  const target = new EventTarget();
  const reload = vi.fn();
  const win = Object.assign(target, {
    sessionStorage: window.sessionStorage,
    location: { reload },
  }) as unknown as Window;
  return { win, reload, reloader: createChunkReloader(win) };
}

describe('chunk reloader', () => {
  it('reloads once for a chunk error and reports the reload under way to later callers', () => {
    const { reloader, reload } = fakePage();
    expect(reloader.reloadFor(chunkError())).toBe(true);
    expect(reloader.reloadFor(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within 60 s of the last reload', () => {
    fakePage().reloader.reloadFor(chunkError());
    const afterReload = fakePage();
    expect(afterReload.reloader.reloadFor(chunkError())).toBe(false);
    expect(afterReload.reload).not.toHaveBeenCalled();
  });

  it("takes the router's own reload-once decision away from it", () => {
    const error = chunkError();
    fakePage().reloader.reloadFor(error);
    expect(window.sessionStorage.getItem(`tanstack_router_reload:${error.message}`)).toBe('1');
  });

  it('ignores other errors', () => {
    const { reloader, reload } = fakePage();
    expect(reloader.reloadFor(new Error('nope'))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads on vite:preloadError, and not again on the page that reload brought', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = fakePage();
    first.reloader.install();
    first.win.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: chunkError() }));
    expect(first.reload).toHaveBeenCalledTimes(1);

    const second = fakePage();
    second.reloader.install();
    second.win.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: chunkError() }));
    expect(second.reload).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledTimes(1);
  });
});
