import { type RefCallback, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Charts that appear together (the profile's five vitals) take turns to be built: Chart.js builds a
 * chart in one go (scales, layout, first draw, ~25 ms on a laptop, four times that on a phone), and five
 * in one commit made one 100–450 ms task during which the page could not answer a click (Lighthouse's
 * total blocking time). Each chart, the first one too, is built in a task of its own, after the one
 * before it is drawn: built in the commit that mounted it, the first chart added its build to that
 * commit's task (on a phone the profile's vitals became one 700 ms task, the tracker page's 1.4 s).
 */
const waiting: Array<() => void> = [];
/** Whose turn it is: a chart's token, `PASSING` between two turns, null when no chart is waiting. */
let holder: object | null = null;
const PASSING = {};

function grantNext(): void {
  holder = null;
  waiting.shift()?.();
}

function passTurn(): void {
  holder = PASSING;
  setTimeout(grantNext, 0);
}

/**
 * `myTurn` is false until this chart may be built; call `drawn` once it is. A chart queues when `ready`
 * (near the screen); one that leaves the page gives up its place or its turn.
 */
export function useChartTurn(ready = true): { myTurn: boolean; drawn: () => void } {
  const [myTurn, setMyTurn] = useState(false);
  const token = useRef<object>({});
  // A layout effect: charts queue in the order of the page, each from the commit that mounted it.
  useLayoutEffect(() => {
    if (!ready) return;
    const me = token.current;
    let mounted = true;
    const grant = () => {
      if (!mounted) return grantNext();
      holder = me;
      setMyTurn(true);
    };
    waiting.push(grant);
    if (holder === null) passTurn();
    return () => {
      mounted = false;
      const place = waiting.indexOf(grant);
      if (place >= 0) waiting.splice(place, 1);
      if (holder === me) passTurn();
      setMyTurn(false);
    };
  }, [ready]);
  const drawn = useCallback(() => {
    if (holder === token.current) passTurn();
  }, []);
  return { myTurn, drawn };
}

/** How far below (or above) the screen a chart is built ahead of being scrolled to. */
const NEAR_MARGIN = '400px 0px';

/**
 * Whether the element given to the ref is on or near the screen, once it has been (it stays true). A
 * chart far down a page is built when the vet scrolls towards it: on a phone the profile's five vitals
 * were built on load, two of them on screen, at 0.1–0.7 s of blocked page each. Without
 * IntersectionObserver (jsdom), everything is near.
 */
export function useNearScreen(): [RefCallback<Element>, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  // The placeholder leaves when the chart takes its place: forgetting it would re-render the new chart
  // at once, and Chart.js would update and draw it a second time (a third of its build, on every chart).
  const placeholder = useCallback<RefCallback<Element>>((node) => {
    if (node) setElement(node);
  }, []);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [placeholder, near];
}
