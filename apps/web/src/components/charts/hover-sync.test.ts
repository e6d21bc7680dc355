import { describe, expect, it } from 'vitest';
import { createHoverSync } from './hover-sync.ts';

describe('the hover shared by charts on one time axis', () => {
  it('tells every chart the hovered bucket and which chart it came from, once per change', () => {
    const sync = createHoverSync();
    const heard: [number | null, unknown][] = [];
    const stop = sync.subscribe((index, source) => heard.push([index, source]));
    sync.publish(4, 'heart');
    sync.publish(4, 'heart');
    sync.publish(5, 'weight');
    sync.publish(null, 'weight');
    stop();
    sync.publish(6, 'heart');
    expect(heard).toEqual([
      [4, 'heart'],
      [5, 'weight'],
      [null, 'weight'],
    ]);
  });
});
