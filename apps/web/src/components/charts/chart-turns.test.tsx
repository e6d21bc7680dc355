import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChartTurn, useNearScreen } from './chart-turns.ts';

/** A chart that records when it is built; `neverDraws` keeps its turn, as a chart still drawing would. */
function Probe({ name, built, neverDraws = false }: { name: string; built: string[]; neverDraws?: boolean }) {
  const { myTurn, drawn } = useChartTurn();
  useEffect(() => {
    if (!myTurn) return;
    built.push(name);
    if (!neverDraws) drawn();
  }, [myTurn, drawn, name, built, neverDraws]);
  return null;
}

const nextTask = () => act(() => vi.advanceTimersByTime(0));

describe('charts shown together take turns to be built', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    // Whatever turn is still being passed reaches its end before the next test (the module is shared).
    await act(() => vi.runAllTimers());
    vi.useRealTimers();
  });

  it('builds each chart, the first too, in a task of its own, after the commit that mounted them', async () => {
    const built: string[] = [];
    const view = render(
      <>
        <Probe name="weight" built={built} />
        <Probe name="respiratory" built={built} />
        <Probe name="heart" built={built} />
      </>,
    );
    expect(built).toEqual([]);
    await nextTask();
    expect(built).toEqual(['weight']);
    await nextTask();
    expect(built).toEqual(['weight', 'respiratory']);
    await nextTask();
    expect(built).toEqual(['weight', 'respiratory', 'heart']);
    view.unmount();
  });

  it('skips a chart that left the page before its turn', async () => {
    const built: string[] = [];
    const view = render(
      <>
        <Probe name="weight" built={built} />
        <Probe name="respiratory" built={built} />
      </>,
    );
    view.rerender(<Probe name="weight" built={built} />);
    const later = render(<Probe name="heart" built={built} />);
    await nextTask();
    await nextTask();
    expect(built).toEqual(['weight', 'heart']);
    view.unmount();
    later.unmount();
  });

  it('passes the turn on when the chart holding it leaves before it is drawn', async () => {
    const built: string[] = [];
    const first = render(<Probe name="weight" built={built} neverDraws />);
    const second = render(<Probe name="respiratory" built={built} />);
    await nextTask();
    await nextTask();
    expect(built).toEqual(['weight']);
    first.unmount();
    await nextTask();
    expect(built).toEqual(['weight', 'respiratory']);
    second.unmount();
  });
});

/** A chart far down the page: it asks for a turn only once its placeholder comes near the screen. */
function FarProbe({ name, built }: { name: string; built: string[] }) {
  const [placeholder, near] = useNearScreen();
  const { myTurn, drawn } = useChartTurn(near);
  useEffect(() => {
    if (!myTurn) return;
    built.push(name);
    drawn();
  }, [myTurn, drawn, name, built]);
  return <div ref={placeholder} data-testid={name} />;
}

describe('charts far from the screen', () => {
  const observed = new Map<Element, (entries: { isIntersecting: boolean }[]) => void>();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
        observe(element: Element) {
          observed.set(element, this.callback);
        }
        disconnect() {}
      },
    );
  });
  afterEach(async () => {
    await act(() => vi.runAllTimers());
    vi.unstubAllGlobals();
    vi.useRealTimers();
    observed.clear();
  });

  it('are built only once scrolled near, after the ones already on screen', async () => {
    const built: string[] = [];
    const view = render(<FarProbe name="heart" built={built} />);
    await act(() => vi.runAllTimers());
    expect(built).toEqual([]);

    const [element, callback] = [...observed][0] ?? [];
    expect(element).toBe(view.getByTestId('heart'));
    await act(() => callback?.([{ isIntersecting: true }]));
    await nextTask();
    expect(built).toEqual(['heart']);
    view.unmount();
  });

  it('are rendered once when built: the placeholder leaving does not render the chart again', async () => {
    const renders: string[] = [];
    function CountingProbe() {
      const [placeholder, near] = useNearScreen();
      const { myTurn, drawn } = useChartTurn(near);
      renders.push(myTurn ? 'chart' : 'placeholder');
      useEffect(() => {
        if (myTurn) drawn();
      }, [myTurn, drawn]);
      return myTurn ? <canvas data-testid="chart" /> : <div ref={placeholder} />;
    }
    const view = render(<CountingProbe />);
    const [, callback] = [...observed][0] ?? [];
    await act(() => callback?.([{ isIntersecting: true }]));
    await act(() => vi.runAllTimers());
    expect(view.getByTestId('chart')).toBeTruthy();
    // Each render of a built chart makes Chart.js update and draw it again.
    expect(renders.filter((what) => what === 'chart')).toHaveLength(1);
    view.unmount();
  });
});
