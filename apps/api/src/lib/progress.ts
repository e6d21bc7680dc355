/**
 * What `npm start` shows while it migrates and seeds: the step, the rows so far, a bar
 * when the share done is known, and the time since start, so a first start is not 35 silent seconds.
 */
export interface ProgressUpdate {
  /** What is being done, e.g. 'Seeding collar readings'. */
  step: string;
  /** Rows written so far in this step. */
  rows?: number;
  /** Share of the step done, 0 to 1, when it is known. */
  fraction?: number;
}

export type OnProgress = (update: ProgressUpdate) => void;

const BAR_WIDTH = 24;
const number = new Intl.NumberFormat('en-GB');

export function formatProgress(update: ProgressUpdate, elapsedMs: number): string {
  const parts = [update.step];
  if (update.fraction !== undefined) {
    const share = Math.min(1, Math.max(0, update.fraction));
    const filled = Math.round(share * BAR_WIDTH);
    parts.push(`[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}%`);
  }
  if (update.rows !== undefined) parts.push(`${number.format(update.rows)} rows`);
  parts.push(`${(elapsedMs / 1000).toFixed(1)} s`);
  return parts.join('  ');
}

/**
 * A reporter writing to a stream: on a terminal one line redrawn in place (at most every 100 ms), a new
 * line per step; elsewhere (a log file, CI) one line per step and per tenth of a bar, not thousands.
 */
export function progressReporter(
  stream: { write(text: string): unknown; isTTY?: boolean },
  now: () => number = Date.now,
): OnProgress & { done(): void } {
  const startedAt = now();
  let lastStep = '';
  let lastDrawnAt = 0;
  let lastTenth = -1;
  let open = false;
  const report = (update: ProgressUpdate) => {
    const at = now();
    const line = formatProgress(update, at - startedAt);
    const newStep = update.step !== lastStep;
    if (stream.isTTY) {
      if (!newStep && at - lastDrawnAt < 100) return;
      stream.write(`${newStep && open ? '\n' : '\r\u001b[2K'}${line}`);
      open = true;
    } else {
      const tenth = update.fraction === undefined ? -1 : Math.floor(update.fraction * 10);
      if (!newStep && tenth === lastTenth) return;
      stream.write(`${line}\n`);
      lastTenth = tenth;
    }
    lastStep = update.step;
    lastDrawnAt = at;
  };
  return Object.assign(report, {
    done() {
      if (open) stream.write('\n');
      open = false;
    },
  });
}
