/**
 * Reading timestamp values: integer Unix seconds, `YYYY-MM-DD` (midnight), or
 * `YYYY-MM-DDTHH:MM[:SS]` with an optional `Z` or `±HH:MM`. Dates and datetimes without an
 * offset are wall-clock times in the query's time zone (UTC unless the caller names an IANA zone).
 */
import { describeValue } from '../errors/describe-value.js';

/**
 * Converts a timestamp value to integer Unix seconds, or returns the reason (a string) why
 * `text` is not a timestamp: no result object per value.
 *
 * The text is read character by character, not with a regular expression: every filter on a
 * timestamp reads one, and the match array and its substrings cost more than the rest of the
 * date maths. The forms accepted are exactly those of
 * `^[0-9]+$` and `^YYYY-MM-DD(THH:MM(:SS)?(Z|[+-]HH:MM)?)?$` (ASCII digits only).
 *
 * @example
 * ```ts
 * timestampSeconds('2023-07-01', 'UTC');             // 1688169600
 * timestampSeconds('2023-07-01T09:30+02:00', 'UTC'); // 1688196600
 * timestampSeconds('2023-02-30', 'UTC');             // '2023-02-30 is not a date: February 2023 has 28 days'
 * timestampSeconds('2023-13-01', 'UTC');             // '2023-13-01 is not a date: there is no month 13'
 * ```
 */
export function timestampSeconds(text: string, timeZone: string): number | string {
  const year = fourDigits(text, 0);
  // A date has a dash after its year, so it is never `^[0-9]+$` (seconds).
  if (year < 0 || text.charCodeAt(4) !== DASH) return unixSeconds(text, year < 0 ? 0 : 4);
  // The whole form is checked before any field's range, as by the regular expression.
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  if (month < 0 || text.charCodeAt(7) !== DASH || day < 0) return notATimestamp(text);
  let hour = 0;
  let minute = 0;
  let second = 0;
  // Where the date and time end: 10, 16 or 19, the offset (if any) following.
  let timeEnd = 10;
  if (text.length !== 10) {
    hour = twoDigits(text, 11);
    minute = twoDigits(text, 14);
    if (text.charCodeAt(10) !== LETTER_T || hour < 0 || text.charCodeAt(13) !== COLON || minute < 0) return notATimestamp(text);
    timeEnd = 16;
    if (text.charCodeAt(16) === COLON) {
      second = twoDigits(text, 17);
      if (second < 0) return notATimestamp(text);
      timeEnd = 19;
    }
    if (timeEnd !== text.length && !isOffset(text, timeEnd)) return notATimestamp(text);
  }
  if (month < 1 || month > 12) return `${text} is not a date: there is no month ${text.slice(5, 7)}`;
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) {
    return `${text} is not a date: ${MONTHS[month - 1]} ${text.slice(0, 4)} has ${days} days`;
  }
  if (hour > 23 || minute > 59 || second > 59) return `${text} is not a time of day`;
  const wall = utcMillis(year, month, day, hour, minute, second);
  let ms: number;
  if (timeEnd === text.length) ms = wallClockToUtc(wall, timeZone);
  else if (text.charCodeAt(timeEnd) === LETTER_Z) ms = wall;
  else {
    const sign = text.charCodeAt(timeEnd) === MINUS ? -1 : 1;
    const oh = twoDigits(text, timeEnd + 1);
    const om = twoDigits(text, timeEnd + 4);
    if (oh > 23 || om > 59) return `${text.slice(timeEnd)} is not a UTC offset`;
    ms = wall - sign * (oh * 60 + om) * 60_000;
  }
  // Years 0–99 (which Date.UTC would read as 1900–1999) are far outside any real data anyway.
  // The instant must not fall before 0100 either (`0100-01-01T00:00+01:00`), so that every
  // accepted instant can be written back as a date-time (the normalized form, to-ast.ts).
  if (year < 100 || ms < FIRST_INSTANT) return `${text} is not a supported date: years start at 0100`;
  return Math.floor(ms / 1000);
}

/**
 * `^[0-9]+$` as integer Unix seconds, or why the text is no timestamp. The characters before
 * `from` are known to be digits.
 */
function unixSeconds(text: string, from: number): number | string {
  if (text.length === 0 || !digitsAt(text, from, text.length - from)) return notATimestamp(text);
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : `${text} is too large for a timestamp in seconds`;
}

/** Character codes of the date and time forms (also read by src/schema/stored-instant.ts). */
export const DASH = 45;
export const MINUS = 45;
export const PLUS = 43;
export const COLON = 58;
export const LETTER_T = 84;
export const LETTER_Z = 90;

function notATimestamp(text: string): string {
  return `expected Unix seconds (1700000000), a date (2023-07-01) or a date and time (2023-07-01T09:30:00Z), got ${describeValue(text)}`;
}

/** True when the `count` characters at `at` are all ASCII digits (and within the text). */
export function digitsAt(text: string, at: number, count: number): boolean {
  if (at + count > text.length) return false;
  for (let i = at; i < at + count; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * The number the two ASCII digits at `at` spell, or -1 when they are not two digits (past the
 * end of the text `charCodeAt` is NaN, which fails every test).
 */
export function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

/** {@link twoDigits} for four digits. */
export function fourDigits(text: string, at: number): number {
  const high = twoDigits(text, at);
  const low = twoDigits(text, at + 2);
  return high >= 0 && low >= 0 ? high * 100 + low : -1;
}

/** `Z` or `±HH:MM`, ending the text. */
function isOffset(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === LETTER_Z) return at + 1 === text.length;
  return (
    (c === PLUS || c === MINUS) &&
    at + 6 === text.length &&
    digitsAt(text, at + 1, 2) &&
    text.charCodeAt(at + 3) === COLON &&
    digitsAt(text, at + 4, 2)
  );
}

/** 0100-01-01T00:00:00Z in milliseconds. */
const FIRST_INSTANT = Date.UTC(100, 0, 1);

/**
 * 0001-01-01T00:00:00 and 9999-12-31T23:59:59 in seconds (as UTC readings): the first and last
 * whole seconds an ISO-8601 text of a stored value can write, with its four-digit years.
 */
export const ISO_TEXT_MIN_SECONDS = -62_135_596_800;
export const ISO_TEXT_MAX_SECONDS = 253_402_300_799;

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/**
 * `Date.UTC(year, month - 1, day, hour, minute, second)` for a valid date and time, in integer
 * arithmetic: Date.UTC is a call into the runtime that costs about as much as all the rest of
 * reading a date, and it reads years 0–99 as 1900–1999, which this does not. Days are counted
 * from the civil calendar as in H. Hinnant's `days_from_civil` (eras of 400 years, years
 * starting in March).
 *
 * @example
 * ```ts
 * utcMillis(2023, 7, 1, 0, 0, 0); // 1688169600000
 * ```
 */
export function utcMillis(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const days = era * 146_097 + dayOfEra - 719_468;
  return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The days of `month` (1–12) in `year` of the proleptic Gregorian calendar.
 *
 * @example
 * ```ts
 * daysInMonth(2024, 2); // 29
 * ```
 */
export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/**
 * An instant, in Unix milliseconds, in ISO 8601 UTC as tql writes a datetime: without the
 * milliseconds when they are zero.
 *
 * @example
 * ```ts
 * isoUtc(1688169600 * 1000); // → '2023-07-01T00:00:00Z'
 * isoUtc(1688169600123); // → '2023-07-01T00:00:00.123Z'
 * ```
 */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
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
      era: 'short',
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
  let bc = false;
  for (const p of formatterFor(timeZone).formatToParts(ms)) {
    if (p.type === 'era') bc = p.value === 'BC';
    else if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  // Year 1 BC is year 0: a wall-clock time early in year 1 is looked at half a day before it.
  const year = bc ? 1 - parts.year! : parts.year!;
  // utcMillis, not Date.UTC, which reads years 0–99 as 1900–1999 (stored texts may be that old).
  const asUtc = utcMillis(year, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which the zone's clocks show `wall` (a UTC-encoded wall-clock time). A time in
 * a spring-forward gap is read with the offset from before the change (Berlin 02:30 becomes
 * 03:30 summer time); a time that happens twice in a fall-back overlap is the earlier instant.
 * Both in milliseconds; `wall` is a whole second.
 *
 * @example
 * ```ts
 * wallClockToUtc(utcMillis(2024, 3, 31, 2, 30, 0), 'Europe/Berlin'); // 2024-03-31T01:30:00Z
 * ```
 */
export function wallClockToUtc(wall: number, timeZone: string): number {
  if (timeZone === 'UTC') return wall;
  // Offset changes are hours apart, so the offsets half a day around cover every candidate.
  const before = offsetAt(wall - 43_200_000, timeZone);
  const after = offsetAt(wall + 43_200_000, timeZone);
  const valid = [wall - before, wall - after].filter((t) => wall - t === offsetAt(t, timeZone));
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}
