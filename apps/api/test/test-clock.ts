import type { Clock } from '../src/lib/clock.ts';

/**
 * The test app's clock: the real time until a test sets it, then that instant (and only what the test
 * adds to it), so date rules see the day the test chose on whatever day it runs.
 */
export class TestClock implements Clock {
  private fixed: Date | null = null;

  now = (): Date => (this.fixed ? new Date(this.fixed) : new Date());

  /** Stops the clock at `at` (an ISO string or a Date). */
  set(at: Date | string): void {
    this.fixed = new Date(at);
  }

  /** Moves a set clock on by `ms`. */
  advance(ms: number): void {
    if (!this.fixed) throw new Error('TestClock.advance(): set() the clock first');
    this.fixed = new Date(this.fixed.getTime() + ms);
  }

  /** Back to the real time. */
  reset(): void {
    this.fixed = null;
  }
}
