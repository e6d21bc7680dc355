import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_THROTTLE_MS } from '@/lib/navigation/progress-estimate.ts';

const router = vi.hoisted(() => ({ isLoading: false }));

vi.mock('@tanstack/react-router', () => ({
  useRouterState: ({ select }: { select: (state: { isLoading: boolean }) => unknown }) =>
    select({ isLoading: router.isLoading }),
}));

const { RouteProgress } = await import('./route-progress.tsx');

function renderBar() {
  const view = render(
    <MantineProvider>
      <RouteProgress />
    </MantineProvider>,
  );
  const rerender = () =>
    view.rerender(
      <MantineProvider>
        <RouteProgress />
      </MantineProvider>,
    );
  return { bar: () => screen.getByTestId('route-progress'), rerender };
}

/**
 * The timing half of e2e/tests/shell.spec.ts's progress bar test, on a fake clock: in a browser a
 * "quick" navigation is only as quick as the machine is idle.
 */
describe('RouteProgress (SPEC §9: only navigations slower than 200 ms show the bar)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    router.isLoading = false;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays hidden for a navigation that ends within 200 ms', () => {
    const { bar, rerender } = renderBar();
    router.isLoading = true;
    rerender();
    act(() => {
      vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 10);
    });
    expect(bar()).not.toHaveAttribute('data-mounted');
    router.isLoading = false;
    rerender();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(bar()).not.toHaveAttribute('data-mounted');
  });

  it('shows for a navigation still loading after 200 ms, and goes when it ends', () => {
    const { bar, rerender } = renderBar();
    router.isLoading = true;
    rerender();
    act(() => {
      vi.advanceTimersByTime(PROGRESS_THROTTLE_MS + 100);
    });
    expect(bar()).toHaveAttribute('data-mounted');
    router.isLoading = false;
    rerender();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(bar()).not.toHaveAttribute('data-mounted');
  });
});
