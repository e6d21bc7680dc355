/** SPEC §9: the bar appears only when a navigation lasts longer than this, so quick ones do not flash. */
export const PROGRESS_THROTTLE_MS = 200;
/** SPEC §9: the bar's timescale; it reaches about 70 % after this long and keeps creeping towards 100 %. */
export const PROGRESS_DURATION_MS = 5000;

/** An easing that never reaches 100 %, so a slow load keeps moving without pretending to be done. */
export function estimatedProgress(elapsedMs: number, durationMs: number = PROGRESS_DURATION_MS): number {
  const completion = (Math.max(elapsedMs, 0) / durationMs) * 100;
  return (2 / Math.PI) * 100 * Math.atan(completion / 50);
}
