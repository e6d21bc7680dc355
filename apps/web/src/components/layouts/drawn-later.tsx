import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Draws its children in a later render than the page's header. A page's first render comes from the
 * router's store, which React draws in one uninterrupted task; this one is a transition, which React
 * renders in 5 ms slices it pauses for a paint or a click, and commits on its own. With `turns`, that
 * many commits later, so the parts of a long page land one after another instead of together. On a
 * phone the pet profile's first task was 1.3 s: its header waited for every chart and card under it.
 * Each turn starts once the previous one is committed (not `useDeferredValue`: mounted inside a
 * deferred render, it gives the final value at once, so nested parts would land together again).
 */
export function DrawnLater({ children, turns = 1 }: { children: ReactNode; turns?: number }) {
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (turn < turns) startTransition(() => setTurn(turn + 1));
  }, [turn, turns]);
  return turn >= turns ? children : null;
}
