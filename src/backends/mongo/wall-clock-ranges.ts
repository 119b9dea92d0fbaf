/**
 * Which wall-clock times of a zone stand for a range of instants, when a text without an offset
 * is read as the validator reads a query's date (src/validate/timestamp.ts, `wallClockToUtc`): a
 * time in a spring-forward gap takes the offset from before the change, a time that happens twice
 * in a fall-back overlap is the earlier instant.
 *
 * Under that reading a wall time `w` is the instant `w − offset(w)`, where the offset is constant
 * between the changes of the zone and changes at the first wall second after each gap or overlap.
 * So the wall times of `[from, to)` are, on each stretch of constant offset `o`, the times in
 * `[from + o, to + o)`: a few ranges. Only the changes within two days of a bound matter (no
 * zone is a day away from UTC), so only those are looked up.
 */
import { ISO_TEXT_MAX_SECONDS, ISO_TEXT_MIN_SECONDS, wallClockToUtc } from '../../validate/timestamp.js';
import type { SecondsRange } from './seconds-range.js';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** How far around a bound the zone's changes are looked for, and how densely. */
const WINDOW = 2 * DAY;
const STEP = 3 * HOUR;

/** Seconds the zone's clocks show ahead of UTC at wall time `wall` (seconds), under that reading. */
function offsetAtWall(wall: number, timeZone: string): number {
  return wall - wallClockToUtc(wall * 1000, timeZone) / 1000;
}

/** The wall seconds within {@link WINDOW} of `instant` at which the offset changes. */
function changesNear(instant: number, timeZone: string): number[] {
  // No text is near a bound beyond the years 0001–9999 (and the zone data would be out of range).
  if (instant < ISO_TEXT_MIN_SECONDS - 2 * WINDOW || instant > ISO_TEXT_MAX_SECONDS + 2 * WINDOW) return [];
  const changes: number[] = [];
  let before = instant - WINDOW;
  let offset = offsetAtWall(before, timeZone);
  for (let w = before + STEP; w <= instant + WINDOW; w += STEP) {
    const next = offsetAtWall(w, timeZone);
    if (next !== offset) {
      // Bisect to the first second of the new offset; changes are months apart, so one per step.
      let lo = before;
      let hi = w;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAtWall(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      changes.push(hi);
    }
    before = w;
    offset = next;
  }
  return changes;
}

/**
 * The wall-clock times (as UTC-encoded seconds) whose instant in `timeZone` lies in `range`.
 *
 * @example
 * ```ts
 * // 2024-03-31 in Berlin: 02:00–02:59 is skipped and read as 01:00Z–01:59Z, as is 03:00–03:59.
 * wallClockRanges({ from: 1711848600, to: 1711848601 }, 'Europe/Berlin'); // 01:30:00Z
 * // [{ from: 1711852200, to: 1711852201 }, { from: 1711855800, to: 1711855801 }]: 02:30 and 03:30
 * ```
 */
export function wallClockRanges(range: SecondsRange, timeZone: string): SecondsRange[] {
  if (timeZone === 'UTC' || (range.from === undefined && range.to === undefined)) return [range];
  const bounds = [range.from, range.to].filter((b): b is number => b !== undefined);
  const changes = [...new Set(bounds.flatMap((b) => changesNear(b, timeZone)))].sort((a, b) => a - b);
  const probe = (wall: number) => offsetAtWall(Math.min(Math.max(wall, ISO_TEXT_MIN_SECONDS), ISO_TEXT_MAX_SECONDS), timeZone);
  const ranges: SecondsRange[] = [];
  for (let i = 0; i <= changes.length; i++) {
    const start = changes[i - 1];
    const end = changes[i];
    const o = probe(start ?? (end === undefined ? bounds[0]! : end - 1));
    const from = max(range.from === undefined ? undefined : range.from + o, start);
    const to = min(range.to === undefined ? undefined : range.to + o, end);
    if (from !== undefined && to !== undefined && from >= to) continue;
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last.to !== undefined && last.to === from) ranges[ranges.length - 1] = bounded(last.from, to);
    else ranges.push(bounded(from, to));
  }
  return ranges;
}

/** `[from, to)` without the open sides. */
function bounded(from: number | undefined, to: number | undefined): SecondsRange {
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

/** The larger bound, where undefined is the open lower end. */
function max(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.max(a, b);
}

/** The smaller bound, where undefined is the open upper end. */
function min(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
