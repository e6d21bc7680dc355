/**
 * Shares the hovered bucket between charts drawn on one time axis (the pet profile's vitals): the chart
 * under the pointer publishes its bucket index, the others show their tooltip at the same index. Kept
 * out of React state, so a pointer move redraws the charts' tooltips and not the whole panel.
 */
export interface HoverSync {
  publish(index: number | null, source: unknown): void;
  subscribe(listener: (index: number | null, source: unknown) => void): () => void;
}

export function createHoverSync(): HoverSync {
  const listeners = new Set<(index: number | null, source: unknown) => void>();
  let last: number | null = null;
  return {
    publish(index, source) {
      if (index === last) return;
      last = index;
      for (const listener of listeners) listener(index, source);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
