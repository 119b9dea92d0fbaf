/**
 * Reading the instant a record stores for a `Timestamp` attribute, in each storage the schema
 * can declare (docs/schema.md, How records store an instant). Filters compare whole seconds
 * (docs/language.md, rule 6): an instant counts as the second it falls in, and a stored value
 * that is not a valid instant of its storage has no value. Every backend's answer is defined by
 * {@link storedWholeSeconds}; the property tests of each backend compare against it.
 *
 * What is a valid instant of each storage:
 * - `unix_seconds`: a finite number, or a bigint within ±(2^53 − 1) (drivers return 64-bit
 *   integers as bigints).
 * - `unix_milliseconds`: a finite number, or such a bigint, within ±8.64e15: the milliseconds a
 *   JavaScript `Date` can hold.
 * - `date`: a `Date` (of any realm, or a subclass) whose time is not NaN. Its time is read from
 *   the object itself, never through a method it or its prototype may override, so a proxy
 *   (which has no time of its own) is no date, and nothing the record defines runs.
 * - `iso_text`: a string of the grammar below whose date exists in the calendar.
 * - `iso_canonical`: a string in exactly `Date#toISOString`'s form (canonical-iso.ts).
 *
 * The ISO-8601 grammar, read character by character (ASCII digits only):
 * `YYYY-MM-DD`, optionally followed by `T` or one space and `HH:MM`, optional `:SS`, an optional
 * fraction of 1–9 digits after the seconds (`.123`), then optionally `Z`, `z`, `±HH:MM`, `±HHMM`
 * or `±HH`. Years 0001–9999 of the proleptic Gregorian calendar, hours 00–23 (no `24:00`),
 * seconds 00–59 (no leap second), offsets up to ±23:59. A text without an offset is a
 * wall-clock time in the storage's zone, read as query values are (src/validate/timestamp.ts):
 * a time in a spring-forward gap takes the offset from before the change, and a time that
 * happens twice in a fall-back overlap is the earlier instant.
 */
import { COLON, DASH, daysInMonth, fourDigits, LETTER_T, LETTER_Z, MINUS, PLUS, twoDigits, utcMillis, wallClockToUtc } from '../validate/timestamp.js';
import { canonicalIsoSeconds } from './canonical-iso.js';
import type { TimestampStorage, TimestampStorageKind } from './types.js';

/** A stored value as seconds since 1970-01-01T00:00Z, or undefined when it is no valid instant. */
export type SecondsReader = (value: unknown) => number | undefined;

/** The largest magnitude of a valid `unix_milliseconds` value, the range of a JavaScript `Date`. */
export const MAX_DATE_MILLISECONDS = 8.64e15;

const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);
const MAX_DATE_BIGINT = BigInt(MAX_DATE_MILLISECONDS);

/** The readers of one storage: the instant in seconds (may be rounded) and the whole second (exact). */
interface StorageReaders {
  readonly seconds: SecondsReader;
  readonly wholeSeconds: SecondsReader;
}

type StorageOf<K extends TimestampStorageKind> = Extract<TimestampStorage, { kind: K }>;

/** One entry per storage kind: a new kind does not compile until its values can be read. */
const READERS: { readonly [K in TimestampStorageKind]: (storage: StorageOf<K>) => StorageReaders } = {
  unix_seconds: () => UNIX_SECONDS,
  unix_milliseconds: () => UNIX_MILLISECONDS,
  date: () => DATE,
  iso_text: ({ timeZone }) => ({
    seconds: (value) => (typeof value === 'string' ? defined(isoTextSeconds(value, timeZone, true)) : undefined),
    wholeSeconds: (value) => (typeof value === 'string' ? defined(isoTextSeconds(value, timeZone, false)) : undefined),
  }),
  iso_canonical: () => ISO_CANONICAL,
};

const ISO_CANONICAL: StorageReaders = {
  seconds: (value) => {
    const whole = canonicalIsoSeconds(value);
    // A valid text ends in three digits of milliseconds and `Z`.
    return Number.isNaN(whole) ? undefined : whole + Number((value as string).slice(20, 23)) / 1000;
  },
  wholeSeconds: (value) => defined(canonicalIsoSeconds(value)),
};

const UNIX_SECONDS: StorageReaders = {
  seconds: (value) => defined(unixSeconds(value)),
  // `+ 0` makes -0 the second 0.
  wholeSeconds: (value) => defined(Math.floor(unixSeconds(value)) + 0),
};

const UNIX_MILLISECONDS: StorageReaders = {
  seconds: (value) => defined(unixMilliseconds(value) / 1000),
  wholeSeconds: (value) => defined(wholeSecondsOfMilliseconds(unixMilliseconds(value))),
};

const DATE: StorageReaders = {
  seconds: (value) => defined(dateMilliseconds(value) / 1000),
  wholeSeconds: (value) => defined(wholeSecondsOfMilliseconds(dateMilliseconds(value))),
};

function defined(n: number): number | undefined {
  return Number.isNaN(n) ? undefined : n;
}

/**
 * The instant a record stores, in seconds since 1970-01-01T00:00Z with any fraction, or
 * undefined when `value` is not a valid instant of `storage`. Large values with a fraction may
 * be rounded to the nearest double (`1700000000.999999999` is `1700000001`): compare whole
 * seconds with {@link storedWholeSeconds}, which is exact.
 *
 * @example
 * ```ts
 * storedSeconds(1714555800123, { kind: 'unix_milliseconds' }); // 1714555800.123
 * storedSeconds('2024-05-01 09:30:00.5+02', { kind: 'iso_text', timeZone: 'UTC' }); // 1714548600.5
 * storedSeconds('2023-02-30', { kind: 'iso_text', timeZone: 'UTC' }); // undefined: no such day
 * ```
 */
export function storedSeconds(value: unknown, storage: TimestampStorage): number | undefined {
  return secondsReader(storage)(value);
}

/**
 * The whole second a stored instant counts as (its seconds floored, exactly), or undefined when
 * `value` is not a valid instant of `storage`: what every filter compares (`EQ t` matches the
 * records where this is `t`).
 *
 * @example
 * ```ts
 * storedWholeSeconds(-0.5, { kind: 'unix_seconds' }); // -1
 * storedWholeSeconds(new Date('2024-05-01T09:30:00.999Z'), { kind: 'date' }); // 1714555800
 * storedWholeSeconds('2024-03-31T02:30', { kind: 'iso_text', timeZone: 'Europe/Berlin' }); // 1711848600 (01:30Z)
 * storedWholeSeconds('1714555800', { kind: 'unix_seconds' }); // undefined: text is no number
 * ```
 */
export function storedWholeSeconds(value: unknown, storage: TimestampStorage): number | undefined {
  return wholeSecondsReader(storage)(value);
}

/**
 * {@link storedSeconds} for one storage, made once: the reader to call per record.
 *
 * @example
 * ```ts
 * const read = secondsReader({ kind: 'date' });
 * read(new Date(1500)); // 1.5
 * ```
 */
export function secondsReader(storage: TimestampStorage): SecondsReader {
  return readersOf(storage).seconds;
}

/**
 * {@link storedWholeSeconds} for one storage, made once: the reader to call per record.
 *
 * @example
 * ```ts
 * const read = wholeSecondsReader({ kind: 'iso_text', timeZone: 'America/New_York' });
 * read('2024-11-03 01:30'); // 1730611800: the first 01:30 (EDT) of the fall-back night
 * ```
 */
export function wholeSecondsReader(storage: TimestampStorage): SecondsReader {
  return readersOf(storage).wholeSeconds;
}

function readersOf(storage: TimestampStorage): StorageReaders {
  // The table is keyed by kind, so the storage matches its entry; TS cannot see the correlation.
  return (READERS[storage.kind] as (s: TimestampStorage) => StorageReaders)(storage);
}

/**
 * A `unix_seconds` value as a number, NaN when it is none: a finite number, or a bigint within
 * ±(2^53 − 1).
 *
 * @example
 * ```ts
 * unixSeconds(1700000000n); // 1700000000
 * unixSeconds(Infinity); // NaN
 * ```
 */
export function unixSeconds(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value === 'bigint') return value >= -MAX_SAFE_BIGINT && value <= MAX_SAFE_BIGINT ? Number(value) : NaN;
  return NaN;
}

/**
 * A `unix_milliseconds` value as a number, NaN when it is none: a finite number or a bigint,
 * within the ±8.64e15 milliseconds of a JavaScript `Date`.
 *
 * @example
 * ```ts
 * unixMilliseconds(1714555800123); // 1714555800123
 * unixMilliseconds(9e15); // NaN: beyond the range of a Date
 * ```
 */
export function unixMilliseconds(value: unknown): number {
  if (typeof value === 'number') return value >= -MAX_DATE_MILLISECONDS && value <= MAX_DATE_MILLISECONDS ? value : NaN;
  if (typeof value === 'bigint') return value >= -MAX_DATE_BIGINT && value <= MAX_DATE_BIGINT ? Number(value) : NaN;
  return NaN;
}

/** `Date.prototype.getTime` bound as a function of its receiver, taken before any record is read. */
const timeOf: (date: unknown) => number = Function.prototype.call.bind(Date.prototype.getTime) as (date: unknown) => number;

/**
 * The time of a `Date` in milliseconds, NaN for anything else or an invalid date. The time is
 * read from the object's own date slot, which only a real `Date` has (of any realm; a subclass
 * too), so no getter, override or proxy trap runs.
 *
 * @example
 * ```ts
 * dateMilliseconds(new Date(1500)); // 1500
 * dateMilliseconds({ getTime: () => 1500 }); // NaN
 * ```
 */
export function dateMilliseconds(value: unknown): number {
  if (typeof value !== 'object' || value === null) return NaN;
  try {
    return timeOf(value);
  } catch {
    // Not a Date (the brand check threw): no instant.
    return NaN;
  }
}

/** `floor(ms / 1000)` exactly (the division alone may round up to the next second); NaN stays NaN. */
function wholeSecondsOfMilliseconds(ms: number): number {
  const s = Math.floor(ms / 1000) + 0;
  // |s| ≤ 8.64e12, so s * 1000 is exact.
  if (s * 1000 > ms) return s - 1;
  if ((s + 1) * 1000 <= ms) return s + 1;
  return s;
}

const DOT = 46;
const SPACE = 32;
const LOWER_Z = 122;

/** 10^n for the digits a fraction may have. */
const POWERS_OF_TEN = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

/**
 * An ISO-8601 text (the grammar of the module comment) as seconds since 1970-01-01T00:00Z: whole
 * seconds, plus the fraction when `withFraction` is set. NaN when the text is not in the grammar
 * or names no date or time of the calendar. A text without an offset is a wall-clock time in
 * `timeZone`.
 *
 * @example
 * ```ts
 * isoTextSeconds('2024-05-01T09:30:00.250Z', 'UTC', true); // 1714555800.25
 * isoTextSeconds('2024-05-01 09:30', 'Europe/Paris', false); // 1714548600
 * isoTextSeconds('2024-05-01T24:00', 'UTC', false); // NaN: no hour 24
 * ```
 */
export function isoTextSeconds(text: string, timeZone: string, withFraction: boolean): number {
  const n = text.length;
  const year = fourDigits(text, 0);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  if (year < 1 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH || month < 1 || month > 12 || day < 1) return NaN;
  if (day > daysInMonth(year, month)) return NaN;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let fraction = 0;
  // Where the offset starts (the text's end when it has none).
  let at = 10;
  if (n > 10) {
    const separator = text.charCodeAt(10);
    hour = twoDigits(text, 11);
    minute = twoDigits(text, 14);
    if ((separator !== LETTER_T && separator !== SPACE) || text.charCodeAt(13) !== COLON) return NaN;
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return NaN;
    at = 16;
    if (text.charCodeAt(16) === COLON) {
      second = twoDigits(text, 17);
      if (second < 0 || second > 59) return NaN;
      at = 19;
      if (text.charCodeAt(19) === DOT) {
        let digits = 0;
        let units = 0;
        at = 20;
        for (let c = text.charCodeAt(at) - 48; c >= 0 && c <= 9; c = text.charCodeAt(at) - 48) {
          units = units * 10 + c;
          digits++;
          at++;
        }
        if (digits === 0 || digits > 9) return NaN;
        fraction = units / POWERS_OF_TEN[digits]!;
      }
    }
  }
  const wall = utcMillis(year, month, day, hour, minute, second);
  let ms: number;
  if (at === n) ms = timeZone === 'UTC' ? wall : wall - wallOffset(wall, timeZone);
  else {
    const offset = offsetMinutes(text, at);
    if (Number.isNaN(offset)) return NaN;
    ms = wall - offset * 60_000;
  }
  // Whole seconds: the wall time is, and so is every offset (zones' offsets are whole seconds).
  const whole = ms / 1000;
  return withFraction ? whole + fraction : whole;
}

const HOUR = 3_600_000;

/** Per zone, by wall-clock hour: the offset every wall time of that hour is read with, or NaN. */
const wallOffsets = new Map<string, Map<number, number>>();

/** Hours remembered per zone before the zone's memory is cleared (bounded memory). */
const MAX_REMEMBERED_HOURS = 100_000;

/**
 * The offset (wall − instant, in milliseconds) at which `wallClockToUtc` reads the wall-clock
 * time `wall` in `timeZone`, remembered per wall-clock hour: asking `Intl` costs tens of
 * microseconds, and records' times cluster. An hour whose first and last second are read with
 * the same offset has no offset change inside it (changes are months apart), so every time in it
 * is read with that offset; an hour with a change (a gap or an overlap) is asked time by time.
 */
function wallOffset(wall: number, timeZone: string): number {
  let hours = wallOffsets.get(timeZone);
  if (hours === undefined || hours.size >= MAX_REMEMBERED_HOURS) wallOffsets.set(timeZone, (hours = new Map()));
  const hour = Math.floor(wall / HOUR);
  let offset = hours.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR;
    const first = start - wallClockToUtc(start, timeZone);
    const last = start + HOUR - 1000 - wallClockToUtc(start + HOUR - 1000, timeZone);
    offset = first === last ? first : NaN;
    hours.set(hour, offset);
  }
  return Number.isNaN(offset) ? wall - wallClockToUtc(wall, timeZone) : offset;
}

/**
 * The UTC offset ending the text at `at`, in minutes east of UTC: `Z`, `z`, `±HH:MM`, `±HHMM`
 * or `±HH`; NaN for anything else.
 */
function offsetMinutes(text: string, at: number): number {
  const c = text.charCodeAt(at);
  const rest = text.length - at;
  if (c === LETTER_Z || c === LOWER_Z) return rest === 1 ? 0 : NaN;
  if (c !== PLUS && c !== MINUS) return NaN;
  const hours = twoDigits(text, at + 1);
  let minutes = 0;
  if (rest === 6 && text.charCodeAt(at + 3) === COLON) minutes = twoDigits(text, at + 4);
  else if (rest === 5) minutes = twoDigits(text, at + 3);
  else if (rest !== 3) return NaN;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return NaN;
  const total = hours * 60 + minutes;
  return c === MINUS ? -total : total;
}
