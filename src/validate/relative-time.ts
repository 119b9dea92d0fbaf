/**
 * Relative time: `now`, `now-7d`, `now+90m` as Timestamp values (extended profile). A query keeps
 * the offset from the clock; each compile adds the instant of its own clock, so a query that
 * `check()` cached is never frozen at the instant it was first checked.
 */
import { describeValue } from '../errors/describe-value.js';

/** Seconds in each unit. Months and years have no fixed length, so they are not units. */
export const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** The largest unit first: the normalized form writes the largest unit that divides the offset. */
export const UNITS_LARGEST_FIRST = ['w', 'd', 'h', 'm', 's'] as const;

/** 0100-01-01T00:00:00Z in Unix seconds: the first instant a Timestamp value can be (timestamp.ts). */
export const FIRST_SECOND = Date.UTC(100, 0, 1) / 1000;

/** The last instant a Timestamp value can be: the largest integer a double holds exactly. */
export const LAST_SECOND = Number.MAX_SAFE_INTEGER;

/** Date's own time reader, taken once, so no Date a caller passes can replace it. */
const DATE_TIME = Date.prototype.getTime;

/** The last second of the year 9999: the latest instant a clock may give. */
const LAST_CLOCK_SECOND = Date.UTC(10000, 0, 1) / 1000 - 1;

/** More digits than any offset in range has (`LAST_SECOND` has 16); longer counts are refused unread. */
const MAX_DIGITS = 16;

/**
 * The clock a compile resolves `now` against: Unix seconds (a fraction is dropped: instants
 * are whole seconds), a `Date`, or a function returning either, called once per compile.
 */
export type Clock = number | Date | (() => number | Date);

/** A relative time read from a value: its offset from the clock in whole seconds. */
export interface RelativeOffset {
  readonly relative: number;
}

/** Why a value that starts like a relative time is not one, with the text that would be. */
export interface RelativeProblem {
  readonly why: string;
  readonly fix?: string;
}

/**
 * True when `text` is meant as a relative time: it starts with `now` in any case. Checked
 * before the other Timestamp forms, none of which starts with a letter.
 *
 * @example
 * ```ts
 * looksRelative('now-7d'); // true
 * looksRelative('2023-07-01'); // false
 * ```
 */
export function looksRelative(text: string): boolean {
  return text.length >= 3 && text.slice(0, 3).toLowerCase() === 'now';
}

/**
 * Reads `now` or `now±N<unit>` (units `s m h d w`) as an offset in seconds, or says what is wrong.
 * The count is at most 16 digits and the offset at most 2^53 - 1 seconds, so no text can make
 * an infinite or inexact offset.
 *
 * @example
 * ```ts
 * relativeOffset('now-7d');  // { relative: -604800 }
 * relativeOffset('now');     // { relative: 0 }
 * relativeOffset('now-1y');  // { why: 'now-1y counts years, …', fix: 'now-365d' }
 * ```
 */
export function relativeOffset(text: string): RelativeOffset | RelativeProblem {
  if (!text.startsWith('now')) return { why: `write now in lower case, not ${describeValue(text.slice(0, 3))}`, fix: `now${text.slice(3)}` };
  if (text.length === 3) return { relative: 0 };
  const sign = text[3];
  if (sign !== '-' && sign !== '+') return { why: `${describeValue(text)} is not a relative time: ${FORMS}` };
  let end = 4;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
  const digits = text.slice(4, end);
  const unit = text.slice(end);
  if (digits.length === 0) return { why: `${describeValue(text)} has no count after ${sign}: ${FORMS}` };
  if (unit.length === 0) return { why: `${describeValue(text)} has no unit: add s, m, h, d or w`, fix: `${text}d` };
  const seconds = UNIT_SECONDS[unit];
  if (seconds === undefined || !Object.hasOwn(UNIT_SECONDS, unit)) return unitProblem(text, digits, unit);
  const magnitude = digits.length > MAX_DIGITS ? Infinity : Number(digits) * seconds;
  if (magnitude > LAST_SECOND) return { why: `${describeValue(text)} is out of range: an offset is at most ${LAST_SECOND} seconds` };
  // `now-0d` is 0, never -0: the normalized form and every backend see one zero.
  return { relative: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

const FORMS = 'a relative time is now, or now followed by + or -, a count and a unit (now-7d, now+90m; units s m h d w)';

function unitProblem(text: string, digits: string, unit: string): RelativeProblem {
  const lower = unit.toLowerCase();
  if (lower === 'y' || lower === 'mo' || unit === 'M' || lower === 'month' || lower === 'months' || lower === 'year' || lower === 'years') {
    const days = lower.startsWith('y') ? 365 : 30;
    const count = digits.length > 6 ? undefined : Number(digits) * days;
    return {
      why: `${describeValue(text)} counts ${lower.startsWith('y') ? 'years' : 'months'}, whose length varies; count days or weeks instead`,
      ...(count === undefined ? {} : { fix: `${text.slice(0, 4)}${count}d` }),
    };
  }
  const single = UNIT_SECONDS[lower[0] ?? ''] !== undefined ? lower[0] : undefined;
  return {
    why: `${describeValue(text)} has the unit ${describeValue(unit)}; the units are s, m, h, d and w`,
    ...(single === undefined ? {} : { fix: `${text.slice(0, 4)}${digits}${single}` }),
  };
}

/**
 * The text of an offset in its normalized form: the largest unit that divides it.
 *
 * @example
 * ```ts
 * relativeText(-604800); // 'now-1w'
 * relativeText(5400);    // 'now+90m'
 * relativeText(0);       // 'now'
 * ```
 */
export function relativeText(offset: number): string {
  if (offset === 0) return 'now';
  const sign = offset < 0 ? '-' : '+';
  const magnitude = Math.abs(offset);
  const unit = UNITS_LARGEST_FIRST.find((u) => magnitude % UNIT_SECONDS[u]! === 0)!;
  return `now${sign}${magnitude / UNIT_SECONDS[unit]!}${unit}`;
}

/** Whether `value` has Date.prototype in its chain; false for a revoked proxy, which cannot be asked. */
function looksLikeDate(value: object): boolean {
  try {
    return value instanceof Date;
  } catch {
    return false;
  }
}

/**
 * The clock's instant in whole Unix seconds (floored, as stored instants are), or why the clock
 * cannot be read. Without a clock, the real one.
 *
 * @example
 * ```ts
 * clockSeconds(1700000000.9); // 1700000000
 * clockSeconds(new Date('2023-11-14T22:13:20Z')); // 1700000000
 * clockSeconds(() => 1700000000); // 1700000000
 * clockSeconds(Date.now());      // 'now is 1700000000000 seconds, after the year 9999: Unix milliseconds (Date.now())? …'
 * ```
 */
export function clockSeconds(clock: Clock | undefined): number | string {
  let value: unknown = clock ?? Date.now() / 1000;
  if (typeof value === 'function') {
    try {
      value = (value as () => unknown)();
    } catch (error) {
      return `the now function threw ${error instanceof Error ? describeValue(`${error.name}: ${error.message}`) : describeValue(error)}`;
    }
  }
  // A Date is read from itself (its internal time), never through its own or inherited
  // methods, so a Date of another realm or without a prototype is read too; an object that only
  // looks like one (a proxy, an object made from Date.prototype) has no time to read.
  let seconds: unknown = value;
  if (typeof value === 'object' && value !== null) {
    try {
      seconds = DATE_TIME.call(value) / 1000;
    } catch {
      if (looksLikeDate(value)) return 'now is Unix seconds or a Date, and this object only looks like a Date (a proxy, or an object made from Date.prototype): pass the Date itself';
    }
  }
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    return `now is Unix seconds, a Date or a function returning one, not ${describeValue(value)}`;
  }
  const whole = Math.floor(seconds);
  // A clock past 9999 is not a clock: most likely Date.now(), which counts milliseconds.
  if (whole > LAST_CLOCK_SECOND) return `now is ${whole} seconds, after the year 9999: Unix milliseconds (Date.now())? Divide by 1000, or pass a Date`;
  if (whole < FIRST_SECOND) return `now is ${whole} seconds, before 0100-01-01, the first instant a timestamp can be`;
  return whole;
}
