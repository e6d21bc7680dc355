import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { estimatedProgress, PROGRESS_THROTTLE_MS } from '../../lib/navigation/progress-estimate.ts';

const TICK_MS = 100;

/** SPEC §9: a top progress bar for navigations longer than 200 ms, on a 5000 ms timescale. */
export function RouteProgress() {
  const isLoading = useRouterState({ select: (state) => state.isLoading });

  useEffect(() => {
    if (!isLoading) return;
    let ticker: number | undefined;
    const throttle = window.setTimeout(() => {
      const shownAt = performance.now();
      const tick = () => nprogress.set(Math.max(estimatedProgress(performance.now() - shownAt), 2));
      tick();
      ticker = window.setInterval(tick, TICK_MS);
    }, PROGRESS_THROTTLE_MS);
    return () => {
      window.clearTimeout(throttle);
      if (ticker === undefined) return;
      window.clearInterval(ticker);
      nprogress.complete();
    };
  }, [isLoading]);

  return <NavigationProgress size={3} aria-label="Loading the page" data-testid="route-progress" />;
}
