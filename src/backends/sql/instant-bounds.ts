/**
 * The bounds of a timestamp comparison, in whole Unix seconds, and the values bound for them in
 * each kind of column. Every comparison is a range `lo ≤ x < hi` on the stored instant (language
 * rule 6: `EQ t` is `[t, t+1)`, `LT t` is `x < t`, …); a bound is clamped into the range of
 * instants a column can hold validly, so it is always a value the engine takes and the range
 * still excludes what lies outside (NaN, ±infinity, MySQL's zero date).
 */

import { ISO_TEXT_MAX_SECONDS, ISO_TEXT_MIN_SECONDS } from '../../validate/timestamp.js';

/** `lo ≤ x < hi` in seconds; an absent bound is open. Both absent: "x is a valid instant". */
export interface InstantRange {
  readonly lo?: number | undefined;
  readonly hi?: number | undefined;
}

/** The seconds a JavaScript `Date` (and a `unix_milliseconds` value) can hold: ±8.64e12. */
export const DATE_LIMIT_SECONDS = 8.64e12;

/** The largest valid `unix_milliseconds` value (src/schema/stored-instant.ts). */
export const MILLISECONDS_LIMIT = 8.64e15;

/** PostgreSQL's first instant, 4714-11-24 00:00:00 BC UTC. */
export const POSTGRES_MIN_SECONDS = -210_866_803_200;

/** The years of ISO-8601 texts, for the writers that clamp to them. */
export { ISO_TEXT_MAX_SECONDS, ISO_TEXT_MIN_SECONDS };

/** MariaDB's `TIMESTAMP`: 1970-01-01 00:00:01 to 2038-01-19 03:14:07.999999 UTC. */
export const MYSQL_TIMESTAMP_MIN_SECONDS = 1;
export const MYSQL_TIMESTAMP_MAX_SECONDS = 2_147_483_647;

/** A day: how far a wall-clock time or a text's offset can be from its instant, and more. */
export const DAY_SECONDS = 86_400;

/**
 * `range` clamped into `[min, max]` (max is a bound, exclusive like `hi`): both bounds always
 * present, so the comparison has the same text whichever bounds the operator has.
 *
 * @example
 * ```ts
 * clampRange({ hi: 10 }, 0, 100); // { lo: 0, hi: 10 }
 * clampRange({ lo: 500 }, 0, 100); // { lo: 100, hi: 100 }: empty
 * ```
 */
export function clampRange(range: InstantRange, min: number, max: number): { lo: number; hi: number } {
  const clamp = (n: number) => Math.min(Math.max(n, min), max);
  return { lo: clamp(range.lo ?? min), hi: clamp(range.hi ?? max) };
}

/**
 * The fixed offset of `zone` from UTC in seconds, or undefined for a zone whose offset changes
 * (or ever changed): UTC and its aliases, and the `Etc/GMT±N` zones (whose sign is POSIX's,
 * the opposite of ISO's: `Etc/GMT-2` is UTC+02:00).
 *
 * @example
 * ```ts
 * fixedOffsetSeconds('UTC'); // 0
 * fixedOffsetSeconds('Etc/GMT-2'); // 7200
 * fixedOffsetSeconds('Europe/Berlin'); // undefined
 * ```
 */
export function fixedOffsetSeconds(zone: string): number | undefined {
  if (UTC_NAMES.has(zone)) return 0;
  const m = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  if (m === null) return undefined;
  const hours = Number(m[2]);
  return hours === 0 ? 0 : (m[1] === '-' ? 1 : -1) * hours * 3600;
}

const UTC_NAMES: ReadonlySet<string> = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'Etc/GMT', 'Etc/Greenwich', 'GMT', 'UCT', 'Universal', 'Zulu', 'Greenwich']);

/**
 * The UTC reading of `seconds` as `YYYY-MM-DD HH:MM:SS`, with `fraction` appended (`.999999`):
 * how a wall-clock value is written for MySQL's `DATETIME`. Years 0000–9999 only.
 *
 * @example
 * ```ts
 * wallText(-1, '.999999'); // '1969-12-31 23:59:59.999999'
 * ```
 */
export function wallText(seconds: number, fraction: string): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}${fraction}`;
}

/**
 * The date (UTC) of `seconds` as `YYYY-MM-DD`, or `0000-00-00` / `9999-99-99` beyond the years
 * of ISO texts: a text bound that every valid text is above, or below.
 *
 * @example
 * ```ts
 * dayText(1_700_000_000); // '2023-11-14'
 * ```
 */
export function dayText(seconds: number): string {
  if (seconds < ISO_TEXT_MIN_SECONDS) return '0000-00-00';
  if (seconds > ISO_TEXT_MAX_SECONDS) return '9999-99-99';
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
