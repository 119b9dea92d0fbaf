/**
 * The `iso_canonical` timestamp storage: exactly the text `Date#toISOString` writes for the years
 * 0001–9999, `YYYY-MM-DDTHH:MM:SS.sssZ` (24 ASCII characters, upper-case `T` and `Z`), naming a
 * day of the calendar. Any other value is no value. Such texts order as their instants do, so
 * every comparison (a range of whole seconds) is one range on the text, `from ≤ x ≤ to`, plus a
 * test that `x` is such a text: what memory, SQL and MongoDB all write.
 */
import { COLON, DASH, daysInMonth, fourDigits, ISO_TEXT_MAX_SECONDS, ISO_TEXT_MIN_SECONDS, LETTER_T, LETTER_Z, twoDigits, utcMillis } from '../validate/timestamp.js';

/** The length of a canonical text. */
const LENGTH = 24;

const DOT = 46;

/** Where each separator stands; every other position holds a digit. */
const SEPARATORS: ReadonlyMap<number, number> = new Map([
  [4, DASH],
  [7, DASH],
  [10, LETTER_T],
  [13, COLON],
  [16, COLON],
  [19, DOT],
  [23, LETTER_Z],
]);

/** The code each position must hold, −1 for a digit. */
const SHAPE: readonly number[] = Array.from({ length: LENGTH }, (_, i) => SEPARATORS.get(i) ?? -1);

/**
 * The whole seconds of a canonical text (its fraction dropped), NaN for any other value.
 *
 * @example
 * ```ts
 * canonicalIsoSeconds('2024-05-01T09:30:00.999Z'); // 1714555800
 * canonicalIsoSeconds('2024-05-01T09:30:00Z'); // NaN: not toISOString's form
 * canonicalIsoSeconds('2023-02-29T00:00:00.000Z'); // NaN: no such day
 * ```
 */
export function canonicalIsoSeconds(value: unknown): number {
  if (typeof value !== 'string' || value.length !== LENGTH) return NaN;
  for (let i = 0; i < LENGTH; i++) {
    const c = value.charCodeAt(i);
    const expected = SHAPE[i]!;
    if (expected === -1 ? c < 48 || c > 57 : c !== expected) return NaN;
  }
  const year = fourDigits(value, 0);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  const hour = twoDigits(value, 11);
  const minute = twoDigits(value, 14);
  const second = twoDigits(value, 17);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return NaN;
  return utcMillis(year, month, day, hour, minute, second) / 1000;
}

/** The canonical text of whole second `seconds` with the milliseconds `millis` (`.000` or `.999`). */
function textOf(seconds: number, millis: '000' | '999'): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 20)}${millis}Z`;
}

/**
 * The texts `from ≤ x ≤ to` that name the whole seconds `lo ≤ s < hi` (absent: open), clamped
 * into the years a canonical text can name; undefined when no text does.
 *
 * @example
 * ```ts
 * canonicalIsoRange(1714555800, 1714555801); // { from: '2024-05-01T09:30:00.000Z', to: '2024-05-01T09:30:00.999Z' }
 * canonicalIsoRange(undefined, undefined); // { from: '0001-01-01T00:00:00.000Z', to: '9999-12-31T23:59:59.999Z' }
 * ```
 */
export function canonicalIsoRange(lo: number | undefined, hi: number | undefined): { readonly from: string; readonly to: string } | undefined {
  const first = Math.max(lo ?? ISO_TEXT_MIN_SECONDS, ISO_TEXT_MIN_SECONDS);
  const last = Math.min(hi === undefined ? ISO_TEXT_MAX_SECONDS : hi - 1, ISO_TEXT_MAX_SECONDS);
  return first > last ? undefined : { from: textOf(first, '000'), to: textOf(last, '999') };
}

const DAY_31 = '(0[1-9]|[12][0-9]|3[01])';
const DAY_30 = '(0[1-9]|[12][0-9]|30)';
const DAY_28 = '(0[1-9]|1[0-9]|2[0-8])';
/** Years divisible by 4 but not by 100, or by 400. */
const LEAP_YEAR = '([0-9][0-9](0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)';

/**
 * A regular expression (the common subset of PostgreSQL's, PCRE's, ICU's, RE2's and
 * JavaScript's) matching the start of a canonical text of a day of the calendar; the caller
 * anchors its end (or checks the length), since `$` means different things in each. Written
 * without backslashes, so that it reads the same in every SQL string literal. Year 0000 passes:
 * the range on the text keeps it out.
 *
 * @example
 * ```ts
 * new RegExp(CANONICAL_ISO_PATTERN).test('2024-02-29T00:00:00.000Z'); // true
 * new RegExp(CANONICAL_ISO_PATTERN).test('2023-02-29T00:00:00.000Z'); // false
 * ```
 */
export const CANONICAL_ISO_PATTERN =
  `^([0-9][0-9][0-9][0-9]-((0[13578]|1[02])-${DAY_31}|(0[469]|11)-${DAY_30}|02-${DAY_28})|${LEAP_YEAR}-02-29)` +
  'T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9][.][0-9][0-9][0-9]Z';
