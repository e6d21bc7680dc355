import { type RegisteredRouter, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type NavigatorLike, shouldPrefetch } from './prefetch-policy.ts';

type RouteId = keyof RegisteredRouter['routesById'];

interface IdleWindow {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/** When the page has nothing else to do (at the latest after `timeout` ms). */
function whenIdle(callback: () => void, timeout = 2000): () => void {
  const win = window as unknown as IdleWindow;
  if (win.requestIdleCallback && win.cancelIdleCallback) {
    const handle = win.requestIdleCallback(callback, { timeout });
    return () => win.cancelIdleCallback?.(handle);
  }
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
}

/**
 * Downloads the code of the pages a screen links to once `ready` (the screen drawn) and the browser is
 * idle, one page after another, so the first click on one of them waits for its data only. Code, not
 * data: the data would be stale by the click and would cost the server a read per link on every view.
 * Skipped where link prefetch is (SPEC §9: offline, 2g, data-saver). `routeIds` should be a constant:
 * a new array starts it again. Measured from the pet profile's respiratory vital to the tracker's chart
 * painted: bench/README, "Tracker pages' code downloaded".
 */
export function usePreloadRouteCode(routeIds: readonly RouteId[], ready: boolean): void {
  const router = useRouter();
  useEffect(() => {
    if (!ready || !shouldPrefetch(navigator as NavigatorLike)) return;
    let cancelled = false;
    const cancelIdle = whenIdle(async () => {
      for (const id of routeIds) {
        const route = router.routesById[id];
        if (cancelled || !route) return;
        // A failed download is tried again, and reported, by the navigation itself.
        await router.loadRouteChunk(route)?.catch(() => undefined);
      }
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [ready, router, routeIds]);
}
