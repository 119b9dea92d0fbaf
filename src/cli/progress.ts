/**
 * A progress line on standard error while a long filter runs: only on a terminal, only after a
 * second, redrawn a few times a second, and erased at the end so the output stays clean.
 */
import type { CliIo } from './io.js';

/** Nothing is shown for runs shorter than this. */
const DELAY_MS = 1000;
const REDRAW_MS = 250;
/** How many records between clock readings. */
const EVERY = 1024;

export interface Progress {
  /** Call once per record read. */
  tick(read: number, matched: number): void;
  /** Erases the line if one was drawn. */
  done(): void;
}

/**
 * Starts the progress line for reading `source` (a no-op when standard error is not a terminal).
 *
 * @example
 * ```ts
 * const progress = startProgress(io, 'records.ndjson');
 * for (…) progress.tick(read, matched);
 * progress.done();
 * ```
 */
export function startProgress(io: CliIo, source: string): Progress {
  if (!io.interactive) return { tick: () => undefined, done: () => undefined };
  const now = io.now ?? (() => performance.now());
  const started = now();
  let lastDraw = -Infinity;
  let drawn = false;
  return {
    tick(read, matched) {
      if (read % EVERY !== 0) return;
      const t = now();
      if (t - started < DELAY_MS || t - lastDraw < REDRAW_MS) return;
      lastDraw = t;
      drawn = true;
      const seconds = ((t - started) / 1000).toFixed(1);
      io.stderr.write(`\r\u001b[2K${source}: ${read.toLocaleString('en-US')} records read, ${matched.toLocaleString('en-US')} matched (${seconds} s)`);
    },
    done() {
      if (drawn) io.stderr.write('\r\u001b[2K');
    },
  };
}
