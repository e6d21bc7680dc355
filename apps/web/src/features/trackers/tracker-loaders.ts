/**
 * A tracker route's loader: entering the page waits for its chart and first entries (the route's
 * pending state covers them); a change made on the page (scope, period, page) does not wait, so the
 * previous chart stays on screen, dimmed, until the new one arrives. Failures are not thrown: each
 * panel shows its own error.
 */
export async function settlePrefetches(
  cause: 'enter' | 'stay' | 'preload',
  prefetches: readonly Promise<void>[],
): Promise<void> {
  const all = Promise.all(prefetches);
  if (cause !== 'stay') await all;
}
