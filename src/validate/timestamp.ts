/**
 * Reading timestamp values: integer Unix seconds, `YYYY-MM-DD` (midnight), or
 * `YYYY-MM-DDTHH:MM[:SS]` with an optional `Z` or `±HH:MM`. Dates and datetimes without an
 * offset are wall-clock times in the query's time zone (UTC unless the caller names an IANA zone).
 */
import { describeValue } from '../errors/describe-value.js';

const INTEGER = /^[0-9]+$/;
const DATE_TIME =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:T([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?(Z|[+-][0-9]{2}:[0-9]{2})?)?$/;

export type TimestampResult = { readonly ok: true; readonly seconds: number } | { readonly ok: false; readonly reason: string };

/**
 * Converts a timestamp value to integer Unix seconds.
 *
 * @example
 * ```ts
 * readTimestamp('2023-07-01', 'UTC');            // { ok: true, seconds: 1688169600 }
 * readTimestamp('2023-07-01T09:30+02:00', 'UTC'); // { ok: true, seconds: 1688196600 }
 * readTimestamp('2023-02-30', 'UTC');            // { ok: false, reason: '2023-02-30 is not a date: February 2023 has 28 days' }
 * ```
 */
export function readTimestamp(text: string, timeZone: string): TimestampResult {
  if (INTEGER.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n)
      ? { ok: true, seconds: n }
      : { ok: false, reason: `${text} is too large for a timestamp in seconds` };
  }
  const m = DATE_TIME.exec(text);
  if (!m) {
    return {
      ok: false,
      reason: `expected Unix seconds (1700000000), a date (2023-07-01) or a date and time (2023-07-01T09:30:00Z), got ${describeValue(text)}`,
    };
  }
  const [, y, mo, d, h, mi, s, offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (month < 1 || month > 12) return { ok: false, reason: `${text} is not a date: there is no month ${mo}` };
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) {
    return { ok: false, reason: `${text} is not a date: ${MONTHS[month - 1]} ${y} has ${days} days` };
  }
  if (hour > 23 || minute > 59 || second > 59) return { ok: false, reason: `${text} is not a time of day` };
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  let ms: number;
  if (offset === 'Z') ms = wall;
  else if (offset !== undefined) {
    const sign = offset[0] === '-' ? -1 : 1;
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return { ok: false, reason: `${offset} is not a UTC offset` };
    ms = wall - sign * (oh * 60 + om) * 60_000;
  } else ms = wallClockToUtc(wall, timeZone);
  // Date.UTC treats years 0–99 as 1900–1999; those dates are far outside any real data anyway.
  // The instant must not fall before 0100 either (`0100-01-01T00:00+01:00`), so that every
  // accepted instant can be written back as a date-time (the normalized form, to-ast.ts).
  if (year < 100 || ms < FIRST_INSTANT) return { ok: false, reason: `${text} is not a supported date: years start at 0100` };
  return { ok: true, seconds: Math.floor(ms / 1000) };
}

/** 0100-01-01T00:00:00Z in milliseconds. */
const FIRST_INSTANT = Date.UTC(100, 0, 1);

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** True when `timeZone` is an IANA zone name this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  // The default zone needs no Intl: its first use costs 10–40 ms of start-up.
  if (timeZone === 'UTC') return true;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at instant `ms`, in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks show `wall` (a UTC-encoded wall-clock time). A time in
 * a spring-forward gap is read with the offset from before the change (Berlin 02:30 becomes
 * 03:30 summer time); a time that happens twice in a fall-back overlap is the earlier instant.
 */
function wallClockToUtc(wall: number, timeZone: string): number {
  if (timeZone === 'UTC') return wall;
  // Offset changes are hours apart, so the offsets half a day around cover every candidate.
  const before = offsetAt(wall - 43_200_000, timeZone);
  const after = offsetAt(wall + 43_200_000, timeZone);
  const valid = [wall - before, wall - after].filter((t) => wall - t === offsetAt(t, timeZone));
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}
