/**
 * Timestamp comparisons in SQL for every column storage (docs/backends-sql.md, Column storage):
 * one writer per dialect and storage kind, each turning a range `lo ≤ x < hi` of whole seconds
 * (instant-bounds.ts) into SQL that is exact (a stored value that is no valid instant never
 * matches and never raises) and sargable (a range on the raw column comes first, so an index on
 * it serves the comparison; an exact test on a converted value follows where the raw order is
 * not the instants' order).
 */
import type { ResolvedColumnStorage } from './resolved-column-storage.js';
import {
  clampRange,
  DATE_LIMIT_SECONDS,
  DAY_SECONDS,
  dayText,
  fixedOffsetSeconds,
  ISO_TEXT_MAX_SECONDS,
  ISO_TEXT_MIN_SECONDS,
  MILLISECONDS_LIMIT,
  MYSQL_TIMESTAMP_MAX_SECONDS,
  MYSQL_TIMESTAMP_MIN_SECONDS,
  POSTGRES_MIN_SECONDS,
  wallText,
  type InstantRange,
} from './instant-bounds.js';
import { canonicalIsoRange, CANONICAL_ISO_PATTERN } from '../../schema/canonical-iso.js';
import { quoteSchemaLiteral } from './sql-text.js';
import { halfOpen, type ColumnTest, type Relation } from './column-test.js';

/** The column storages of Timestamp attributes. */
export type TimestampColumn = Extract<ResolvedColumnStorage, { kind: 'unix_seconds' | 'unix_milliseconds' | 'iso_text' | 'iso_canonical' | 'timestamptz' | 'timestamp' }>;

type ColumnOf<K extends TimestampColumn['kind']> = Extract<TimestampColumn, { kind: K }>;

/** Binds a value and returns its placeholder; call in the order the placeholders appear. */
export type Bind = (value: number | string) => string;

/**
 * SQL; a {@link ColumnTest}, comparisons each TRUE or FALSE on a non-NULL column, whose complement
 * is written from its parts; or why the engine cannot compare this column exactly (a sentence to
 * end an error message).
 */
export type Written = string | ColumnTest | { readonly refused: string };

/** SQL, or why the engine cannot write it. */
type Sql = string | { readonly refused: string };

/** Writes `lo ≤ instant(x) < hi` for one column storage: a boolean SQL expression (NULL counts as false). */
type Writer<K extends TimestampColumn['kind']> = (x: string, range: InstantRange, column: ColumnOf<K>, bind: Bind) => Written;

/** A writer that needs nothing of the column's options. */
type AnyWriter = (x: string, range: InstantRange, column: unknown, bind: Bind) => Written;

/** One writer per column storage: a new storage does not compile until each dialect writes it. */
export type InstantWriters = {
  readonly [K in TimestampColumn['kind']]: (x: string, range: InstantRange, column: Extract<TimestampColumn, { kind: K }>, bind: Bind) => Written;
};

/**
 * `lo ≤ instant(x) < hi` for `column` in a dialect's `instants` table.
 *
 * @example
 * ```ts
 * let bound = 0;
 * const bind = () => `$${++bound}`;
 * writeInstantRange(postgres.instants!, '"created_at"', { lo: 10, hi: 11 }, { kind: 'unix_seconds' }, bind);
 * // → { column: '"created_at"', all: [{ left: '"created_at"', sign: '>=', right: '$1::bigint' }, { left: '"created_at"', sign: '<', right: '$2::bigint' }] }
 * ```
 */
export function writeInstantRange(writers: InstantWriters, x: string, range: InstantRange, column: TimestampColumn, bind: Bind): Written {
  // The table is keyed by kind, so the column matches its writer; TS cannot see the correlation.
  return (writers[column.kind] as Writer<TimestampColumn['kind']>)(x, range, column, bind);
}

/** What a dialect's writers are made from: the pieces of SQL that differ between engines. */
interface Syntax {
  /** The engine's name in refusals. */
  readonly engine: string;
  /** An integer bound compared with a numeric column (PostgreSQL types it as the column otherwise). */
  integer(placeholder: string): string;
  /** What else a numeric column range needs when a side is open: excluding NaN, ±infinity, text. */
  readonly openNumbers: 'guard' | 'finite bounds' | 'nothing';
  /** `CAST(expr AS <integer>)`. */
  int(expr: string): string;
  concat(parts: readonly string[]): string;
  /** The text with every digit made `9`, `+` made `-`, `z` made `Z` and `T` made a space, compared exactly. */
  shape(x: string): string;
  /** The whole seconds of the UTC reading of a `YYYY-MM-DD HH:MM:SS` text (a valid one). */
  wallEpoch(text: string): string;
  /** The offset of `zone` (a quoted literal) from UTC at the integer instant `seconds`; absent without zone rules. */
  zoneOffset?(seconds: string, zone: string): string;
  /**
   * True when the text `x` has exactly `toISOString`'s form and names a day of the calendar
   * (canonical-iso.ts), compared by its characters whatever the column's collation; a year 0000
   * may pass, the range on the text keeps it out.
   */
  canonical(x: string): string;
}

/** `x - x = 0`: false for NaN and ±infinity, true for every finite number, in any numeric type. */
const finite = (x: string): Relation => ({ left: `${x} - ${x}`, sign: '=', right: '0' });

/**
 * Seconds or milliseconds in a number column, as comparisons each TRUE or FALSE for any value the
 * column holds: SQLite orders every storage class and stores no NaN, PostgreSQL and DuckDB order
 * NaN above every number, MySQL/MariaDB numbers have no NaN. So the complement (`EQ null`, a
 * negated range) is the column's NULL or a failed bound, which an index on the column serves.
 */
function numeric(syntax: Syntax, scale: 1 | 1000): AnyWriter {
  return (x, range, column, bind): ColumnTest => {
    const ge = (n: number): Relation => ({ left: x, sign: '>=', right: syntax.integer(bind(n)) });
    const lt = (n: number): Relation => ({ left: x, sign: '<', right: syntax.integer(bind(n)) });
    if (scale === 1000) {
      // Valid milliseconds are within ±8.64e15: a closed range, which also excludes NaN, ±infinity and text.
      const scaled = { lo: range.lo === undefined ? undefined : range.lo * 1000, hi: range.hi === undefined ? undefined : range.hi * 1000 };
      const { lo, hi } = clampRange(scaled, -MILLISECONDS_LIMIT, MILLISECONDS_LIMIT + 1);
      return { column: x, all: [ge(lo), lt(hi)] };
    }
    if (syntax.openNumbers === 'finite bounds') {
      // SQLite: numbers sort before text and blobs, so the largest finite number below and
      // infinity above keep both out, and ±infinity too.
      return { column: x, all: [ge(range.lo ?? -Number.MAX_VALUE), lt(range.hi ?? Infinity)] };
    }
    const lo = range.lo === undefined ? undefined : ge(range.lo);
    const hi = range.hi === undefined ? undefined : lt(range.hi);
    if (lo !== undefined && hi !== undefined) return { column: x, all: [lo, hi] };
    const bound = lo ?? hi;
    // An integer column holds no NaN or infinity: the bound alone, which the planner estimates well.
    if (syntax.openNumbers === 'guard' && (column as { integers?: boolean }).integers !== true) return { column: x, all: bound === undefined ? [finite(x)] : [bound, finite(x)] };
    return { column: x, all: bound === undefined ? [] : [bound] };
  };
}

/** The texts an ISO-8601 value can have, as {@link Syntax.shape} writes them (src/schema/stored-instant.ts's grammar). */
const ISO_SHAPES: readonly string[] = (() => {
  const times = ['99:99', '99:99:99', ...Array.from({ length: 9 }, (_, i) => `99:99:99.${'9'.repeat(i + 1)}`)];
  const offsets = ['', 'Z', '-99', '-9999', '-99:99'];
  return ['9999-99-99', ...times.flatMap((t) => offsets.map((o) => `9999-99-99 ${t}${o}`))];
})();

/**
 * The whole seconds of an ISO-8601 text in `zone`, NULL for a text outside the grammar or
 * naming no date; never an error (each cast sits in a CASE branch its checks guard). Fractions
 * are dropped: with whole-second bounds they never change a comparison.
 */
function isoTextSeconds(syntax: Syntax, x: string, zone: string): Sql {
  const L = `length(${x})`;
  const sub = (from: string | number, n: number) => `substr(${x}, ${from}, ${n})`;
  const at = (from: string | number) => sub(from, 1);
  const int = (from: string | number, n: number) => syntax.int(sub(from, n));
  const signed = (from: string) => `CASE WHEN ${at(from)} = '-' THEN -1 ELSE 1 END`;
  const y = int(1, 4);
  const m = int(6, 2);
  const days = `CASE WHEN ${m} = 2 THEN CASE WHEN ${y} % 4 = 0 AND (${y} % 100 <> 0 OR ${y} % 400 = 0) THEN 29 ELSE 28 END WHEN ${m} IN (4, 6, 9, 11) THEN 30 ELSE 31 END`;
  const time = `CASE WHEN ${L} = 10 THEN '00:00:00' WHEN ${at(17)} = ':' THEN ${sub(12, 8)} ELSE ${syntax.concat([sub(12, 5), "':00'"])} END`;
  const timeInt = (from: number) => syntax.int(`substr(${time}, ${from}, 2)`);
  const sign = (back: number) => `${at(`${L} - ${back}`)} IN ('+', '-')`;
  // Offsets end the text: ±HH:MM, ±HHMM or ±HH; only after a time (a date alone ends in -DD).
  const offsetChecks = `CASE WHEN ${L} = 10 THEN 1 = 1 WHEN ${sign(5)} THEN ${int(`${L} - 4`, 2)} <= 23 AND ${int(`${L} - 1`, 2)} <= 59 WHEN ${sign(4)} THEN ${int(`${L} - 3`, 2)} <= 23 AND ${int(`${L} - 1`, 2)} <= 59 WHEN ${sign(2)} THEN ${int(`${L} - 1`, 2)} <= 23 ELSE 1 = 1 END`;
  const valid = `${y} >= 1 AND ${m} BETWEEN 1 AND 12 AND ${int(9, 2)} BETWEEN 1 AND ${days} AND ${timeInt(1)} <= 23 AND ${timeInt(4)} <= 59 AND ${timeInt(7)} <= 59 AND ${offsetChecks}`;
  const wall = syntax.wallEpoch(syntax.concat([sub(1, 10), "' '", time]));
  const local = zoneInstant(syntax, wall, zone);
  if (typeof local !== 'string') return local;
  const offset = (hours: string, minutes: string | undefined, signAt: number) =>
    `(${wall} - ${signed(`${L} - ${signAt}`)} * (${hours} * 3600${minutes === undefined ? '' : ` + ${minutes} * 60`}))`;
  const instant =
    `CASE WHEN ${L} = 10 THEN ${local} WHEN ${at(L)} IN ('Z', 'z') THEN ${wall}` +
    ` WHEN ${sign(5)} THEN ${offset(int(`${L} - 4`, 2), int(`${L} - 1`, 2), 5)}` +
    ` WHEN ${sign(4)} THEN ${offset(int(`${L} - 3`, 2), int(`${L} - 1`, 2), 4)}` +
    ` WHEN ${sign(2)} THEN ${offset(int(`${L} - 1`, 2), undefined, 2)} ELSE ${local} END`;
  const shapes = ISO_SHAPES.map((s) => `'${s}'`).join(', ');
  return `CASE WHEN ${syntax.shape(x)} IN (${shapes}) THEN CASE WHEN ${valid} THEN ${instant} END END`;
}

/**
 * The instant of the whole wall-clock seconds `wall` in `zone`, disambiguated as query dates are
 * (src/validate/timestamp.ts): in a spring-forward gap with the offset from before the change,
 * in a fall-back overlap the earlier instant. Neither PostgreSQL's nor DuckDB's own reading does
 * that in overlaps (both take standard time, the later instant), so the zone's offset is looked
 * up at instants, which is never ambiguous, as the validator does.
 */
function zoneInstant(syntax: Syntax, wall: string, zone: string): Sql {
  const fixed = fixedOffsetSeconds(zone);
  if (fixed !== undefined) return fixed === 0 ? wall : `(${wall} - ${fixed})`;
  if (syntax.zoneOffset === undefined) {
    return { refused: `${syntax.engine} has no time-zone rules to read wall-clock times in ${zone}: declare UTC or a fixed-offset zone (Etc/GMT-2), or store instants` };
  }
  const z = quoteSchemaLiteral(zone);
  const off = (s: string) => syntax.zoneOffset!(s, z);
  return (
    '(SELECT tql_w - CASE WHEN tql_vb AND tql_va THEN GREATEST(tql_a, tql_b) WHEN tql_vb THEN tql_b WHEN tql_va THEN tql_a ELSE tql_b END' +
    ` FROM (SELECT tql_w, tql_a, tql_b, ${off('tql_w - tql_b')} = tql_b AS tql_vb, ${off('tql_w - tql_a')} = tql_a AS tql_va` +
    ` FROM (SELECT tql_w, ${off('tql_w - 43200')} AS tql_b, ${off('tql_w + 43200')} AS tql_a FROM (SELECT ${wall} AS tql_w) AS tql_0) AS tql_1) AS tql_2)`
  );
}

/** ISO-8601 text: a day-wide range on the text (its wall-clock date), then the exact instant. */
function isoText(syntax: Syntax): Writer<'iso_text'> {
  return (x, range, column, bind) => {
    const seconds = isoTextSeconds(syntax, x, column.timeZone);
    if (typeof seconds !== 'string') return seconds;
    const { lo, hi } = clampRange(range, ISO_TEXT_MIN_SECONDS - DAY_SECONDS, ISO_TEXT_MAX_SECONDS + DAY_SECONDS + 1);
    // A text's date is within a day of its instant's UTC date, whatever its offset or zone.
    return `${x} >= ${bind(dayText(lo - DAY_SECONDS))} AND ${x} < ${bind(dayText(hi + 2 * DAY_SECONDS))} AND ${seconds} BETWEEN ${syntax.integer(bind(lo))} AND ${syntax.integer(bind(hi - 1))}`;
  };
}

/**
 * `toISOString`'s texts order as their instants do: one range on the text, which an index on the
 * column serves, then the test that the text has that form (NULL bounds nothing: bound texts that
 * no value lies between keep an empty range's SQL the same shape).
 */
function canonicalText(syntax: Syntax): AnyWriter {
  return (x, range, _column, bind) => {
    const { from, to } = canonicalIsoRange(range.lo, range.hi) ?? { from: '1', to: '0' };
    return `${x} >= ${bind(from)} AND ${x} <= ${bind(to)} AND ${syntax.canonical(x)}`;
  };
}

/** The pattern of canonical-iso.ts as a literal, ended by `end` (its dialect's end of text). */
const canonicalPattern = (end: string) => quoteSchemaLiteral(`${CANONICAL_ISO_PATTERN}${end}`);

/** The whole seconds of a text that {@link Syntax.canonical} accepts: its date and time, read in UTC. */
function canonicalSeconds(syntax: Syntax, x: string): string {
  const wall = syntax.wallEpoch(syntax.concat([`substr(${x}, 1, 10)`, "' '", `substr(${x}, 12, 8)`]));
  return `CASE WHEN ${x} >= '0001' AND ${syntax.canonical(x)} THEN ${wall} END`;
}

/**
 * A wall-clock column in `timeZone`. In UTC or a fixed-offset zone the wall clock orders as the
 * instants do: a plain range on the column. In a zone with rules, a range widened by a day on
 * the column, then the exact instant of the whole wall-clock seconds.
 */
function wallClock(syntax: Syntax, min: number, wallBound: (bind: Bind, seconds: number) => string, wallSeconds: (x: string) => string): Writer<'timestamp'> {
  return (x, range, { timeZone }, bind) => {
    const { lo, hi } = clampRange(range, min, DATE_LIMIT_SECONDS + 1);
    const fixed = fixedOffsetSeconds(timeZone);
    const wall = (n: number) => wallBound(bind, Math.min(Math.max(n, min), DATE_LIMIT_SECONDS + 1));
    // The type orders its infinities too: each bound is TRUE or FALSE for any value.
    if (fixed !== undefined) return halfOpen(x, wall(lo + fixed), wall(hi + fixed));
    const prefilter = `${x} >= ${wall(lo - DAY_SECONDS)} AND ${x} < ${wall(hi + DAY_SECONDS)}`;
    const exact = zoneInstant(syntax, wallSeconds(x), timeZone);
    if (typeof exact !== 'string') return exact;
    return `${prefilter} AND ${exact} BETWEEN ${syntax.integer(bind(lo))} AND ${syntax.integer(bind(hi - 1))}`;
  };
}

/**
 * A column of the engine's instant type, from `min` seconds on: a range between two instants made
 * from seconds, each bound TRUE or FALSE for any value (the type orders its infinities too).
 */
function instantType(min: number, instant: (placeholder: string) => string): AnyWriter {
  return (x, range, _column, bind): ColumnTest => {
    const { lo, hi } = clampRange(range, min, DATE_LIMIT_SECONDS + 1);
    return halfOpen(x, instant(bind(lo)), instant(bind(hi)));
  };
}

const refuse = (engine: string, what: string): AnyWriter => () => ({ refused: `${engine} has no ${what} type: store the instant as iso_text or unix_seconds` });

const POSTGRES: Syntax = {
  engine: 'PostgreSQL',
  integer: (p) => `${p}::bigint`,
  openNumbers: 'guard',
  int: (e) => `CAST(${e} AS integer)`,
  concat: (parts) => parts.join(' || '),
  shape: (x) => `translate(${x}, '0123456789+zT', '9999999999-Z ')`,
  wallEpoch: (text) => `extract(epoch from CAST(${text} AS timestamp))`,
  zoneOffset: (s, zone) => `(extract(epoch from (to_timestamp(${s}) AT TIME ZONE ${zone})) - (${s}))`,
  // A regular expression is case-sensitive, and `$` ends the text only.
  canonical: (x) => `${x} ~ ${canonicalPattern('$')}`,
};

/** `x` → its whole wall-clock seconds, NULL beyond the instants the zone look-ups can take. */
const guardedWall = (epoch: (x: string) => string, min: number) => (x: string) =>
  `CASE WHEN ${epoch(x)} BETWEEN ${min + DAY_SECONDS} AND ${DATE_LIMIT_SECONDS} THEN floor(${epoch(x)}) END`;

const postgresWriters: InstantWriters = {
  unix_seconds: numeric(POSTGRES, 1),
  unix_milliseconds: numeric(POSTGRES, 1000),
  iso_text: isoText(POSTGRES),
  iso_canonical: canonicalText(POSTGRES),
  // to_timestamp reads seconds as an instant, whatever the session's TimeZone.
  timestamptz: instantType(POSTGRES_MIN_SECONDS, (p) => `to_timestamp(${p})`),
  timestamp: wallClock(POSTGRES, POSTGRES_MIN_SECONDS, (bind, n) => `(to_timestamp(${bind(n)}) AT TIME ZONE 'UTC')`, guardedWall((x) => `extract(epoch from ${x})`, POSTGRES_MIN_SECONDS)),
};

const SQLITE: Syntax = {
  engine: 'SQLite',
  integer: (p) => p,
  openNumbers: 'finite bounds',
  int: (e) => `CAST(${e} AS INTEGER)`,
  concat: (parts) => parts.join(' || '),
  shape: (x) => replaceAll(x, 'replace'),
  wallEpoch: (text) => `unixepoch(${text})`,
  // SQLite has no regular expressions: the text must be what strftime writes for the date and
  // time it reads from it, which rejects days past the month's end (SQLite rolls them over) but
  // not the hour 24, which it reads and writes back.
  canonical: (x) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${x}) = ${x} COLLATE BINARY AND substr(${x}, 12, 2) < '24'`,
};

/** Nested `replace` calls writing {@link Syntax.shape} where there is no `translate`. */
function replaceAll(x: string, fn: string): string {
  const pairs: [string, string][] = [...'012345678'].map((d) => [d, '9']);
  pairs.push(['+', '-'], ['z', 'Z'], ['T', ' ']);
  return pairs.reduce((e, [from, to]) => `${fn}(${e}, '${from}', '${to}')`, x);
}

const sqliteWriters: InstantWriters = {
  unix_seconds: numeric(SQLITE, 1),
  unix_milliseconds: numeric(SQLITE, 1000),
  iso_text: isoText(SQLITE),
  iso_canonical: canonicalText(SQLITE),
  timestamptz: refuse('SQLite', 'timestamp with time zone'),
  timestamp: refuse('SQLite', 'timestamp'),
};

const MYSQL: Syntax = {
  engine: 'MySQL/MariaDB',
  integer: (p) => p,
  openNumbers: 'nothing',
  int: (e) => `CAST(${e} AS SIGNED)`,
  concat: (parts) => `CONCAT(${parts.join(', ')})`,
  // Bytes, not the column's collation (which may equate fullwidth digits or letters with these).
  shape: (x) => `CAST(${replaceAll(x, 'REPLACE')} AS BINARY)`,
  // DATETIME arithmetic: no session time zone involved.
  wallEpoch: (text) => `TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', CAST(${text} AS DATETIME))`,
  // REGEXP follows the column's collation, which may ignore case, and its `$` also matches before
  // a final newline: the letters are read by their codes and the length counted.
  canonical: (x) => `CHAR_LENGTH(${x}) = 24 AND ${x} REGEXP ${canonicalPattern('')} AND ASCII(SUBSTRING(${x}, 11, 1)) = 84 AND ASCII(SUBSTRING(${x}, 24, 1)) = 90`,
};

const mysqlWriters: InstantWriters = {
  unix_seconds: numeric(MYSQL, 1),
  unix_milliseconds: numeric(MYSQL, 1000),
  iso_text: isoText(MYSQL),
  iso_canonical: canonicalText(MYSQL),
  // A TIMESTAMP compared with a constant goes through the session's time_zone, which may be
  // ambiguous in an overlap: that range, widened by a day, only finds the rows; UNIX_TIMESTAMP
  // of the column (its stored instant, no conversion) decides. The zero date reads as 0.
  timestamptz: (x, range, _c, bind) => {
    const { lo, hi } = clampRange(range, MYSQL_TIMESTAMP_MIN_SECONDS, MYSQL_TIMESTAMP_MAX_SECONDS + 1);
    const wide = (n: number) => Math.min(Math.max(n, 0), MYSQL_TIMESTAMP_MAX_SECONDS + 0.999999);
    return `${x} >= FROM_UNIXTIME(${bind(wide(lo - DAY_SECONDS))}) AND ${x} <= FROM_UNIXTIME(${bind(wide(hi + DAY_SECONDS))}) AND UNIX_TIMESTAMP(${x}) >= ${bind(lo)} AND UNIX_TIMESTAMP(${x}) < ${bind(hi)}`;
  },
  // DATETIME texts of the last microsecond before each bound (the type's resolution), so that
  // both are texts of years 0000–9999 even where a bound is past 9999 or before 0001.
  timestamp: (x, range, { timeZone }, bind) => {
    const fixed = fixedOffsetSeconds(timeZone);
    if (fixed === undefined) {
      return { refused: `MySQL/MariaDB cannot read DATETIME values in ${timeZone} without time-zone tables: declare UTC or a fixed-offset zone (Etc/GMT-2), or use a TIMESTAMP column (timestamptz)` };
    }
    const { lo, hi } = clampRange({ lo: range.lo === undefined ? undefined : range.lo + fixed, hi: range.hi === undefined ? undefined : range.hi + fixed }, ISO_TEXT_MIN_SECONDS, ISO_TEXT_MAX_SECONDS + 1);
    // A DATE or DATETIME with a zero month or day (2023-12-00, 2024-00-10, 0000-00-00, storable
    // under the default sql_mode) orders among real dates but names none: no value, as NULL.
    return `${x} > ${bind(wallText(lo - 1, '.999999'))} AND ${x} <= ${bind(wallText(hi - 1, '.999999'))} AND MONTH(${x}) <> 0 AND DAYOFMONTH(${x}) <> 0`;
  },
};

const DUCKDB: Syntax = {
  engine: 'DuckDB',
  integer: (p) => `CAST(${p} AS BIGINT)`,
  openNumbers: 'guard',
  int: (e) => `TRY_CAST(${e} AS INTEGER)`,
  concat: (parts) => parts.join(' || '),
  shape: (x) => `translate(${x}, '0123456789+zT', '9999999999-Z ')`,
  // TRY_CAST: DuckDB computes a correlated subquery for every row, whatever CASE guards it.
  wallEpoch: (text) => `CAST(epoch(TRY_CAST(${text} AS TIMESTAMP)) AS BIGINT)`,
  zoneOffset: (s, zone) => `(epoch(timezone(${zone}, to_timestamp(${s}))) - (${s}))`,
  canonical: (x) => `regexp_full_match(${x}, ${canonicalPattern('')})`,
};

/**
 * The finite nanoseconds of a DuckDB `TIMESTAMP_NS`: ±(2^63 − 2); ±(2^63 − 1) are its infinities,
 * and a bound outside the range is a conversion error, so every bound is clamped into it.
 */
const NANOSECONDS_LIMIT = 2n ** 63n - 2n;

const clampNanoseconds = (n: bigint) => (n < -NANOSECONDS_LIMIT ? -NANOSECONDS_LIMIT : n > NANOSECONDS_LIMIT ? NANOSECONDS_LIMIT : n);

/**
 * A DuckDB `TIMESTAMP_NS` column: a microsecond bound would be converted to the column's type
 * and fail outside 1677–2262, so the range is written in nanoseconds, `lo·10^9 ≤ x ≤ hi·10^9 − 1`
 * clamped into the finite ones (bound as text, past 2^53), an empty range kept empty.
 */
function nanosecondBounds(bind: Bind, lo: number, hi: number): { lo: string; hi: string } {
  let from = clampNanoseconds(BigInt(lo) * 1_000_000_000n);
  let to = clampNanoseconds(BigInt(hi) * 1_000_000_000n - 1n);
  if (to < from) [from, to] = [NANOSECONDS_LIMIT, -NANOSECONDS_LIMIT];
  const ns = (n: bigint) => `make_timestamp_ns(CAST(${bind(String(n))} AS BIGINT))`;
  return { lo: ns(from), hi: ns(to) };
}

/** {@link wallClock} for a `TIMESTAMP_NS` column: the same tests, with bounds in its own range. */
const duckdbNanosecondWallClock: Writer<'timestamp'> = (x, range, { timeZone }, bind) => {
  const { lo, hi } = clampRange(range, -DATE_LIMIT_SECONDS, DATE_LIMIT_SECONDS + 1);
  const fixed = fixedOffsetSeconds(timeZone);
  const between = (from: number, to: number) => {
    const bounds = nanosecondBounds(bind, from, to);
    return `${x} >= ${bounds.lo} AND ${x} <= ${bounds.hi}`;
  };
  if (fixed !== undefined) return between(lo + fixed, hi + fixed);
  const prefilter = between(lo - DAY_SECONDS, hi + DAY_SECONDS);
  const exact = zoneInstant(DUCKDB, guardedWall((v) => `epoch(${v})`, -DATE_LIMIT_SECONDS)(x), timeZone);
  if (typeof exact !== 'string') return exact;
  return `${prefilter} AND ${exact} BETWEEN ${DUCKDB.integer(bind(lo))} AND ${DUCKDB.integer(bind(hi - 1))}`;
};

const duckdbMicrosecondWallClock = wallClock(DUCKDB, -DATE_LIMIT_SECONDS, (bind, n) => `make_timestamp(CAST(${bind(n)} AS BIGINT) * 1000000)`, guardedWall((x) => `epoch(${x})`, -DATE_LIMIT_SECONDS));

const duckdbWriters: InstantWriters = {
  unix_seconds: numeric(DUCKDB, 1),
  unix_milliseconds: numeric(DUCKDB, 1000),
  iso_text: isoText(DUCKDB),
  iso_canonical: canonicalText(DUCKDB),
  // to_timestamp gives a TIMESTAMPTZ from seconds, whatever the TimeZone setting.
  timestamptz: instantType(-DATE_LIMIT_SECONDS, (p) => `to_timestamp(CAST(${p} AS DOUBLE))`),
  timestamp: (x, range, column, bind) => (column.nanoseconds === true ? duckdbNanosecondWallClock : duckdbMicrosecondWallClock)(x, range, column, bind),
};

/** Each built-in dialect's writers, by dialect name. */
export const INSTANT_WRITERS = { postgres: postgresWriters, sqlite: sqliteWriters, mysql: mysqlWriters, duckdb: duckdbWriters } as const;

/** The syntax of each built-in dialect's writers, found by the writers' table. */
const SYNTAX_OF: ReadonlyMap<InstantWriters, Syntax> = new Map<InstantWriters, Syntax>([
  [postgresWriters, POSTGRES],
  [sqliteWriters, SQLITE],
  [mysqlWriters, MYSQL],
  [duckdbWriters, DUCKDB],
]);

/**
 * The whole seconds of the text `x` of an `iso_text` column (read in its zone) or an
 * `iso_canonical` one, NULL for a text that is no valid instant (never an error), as filters read
 * it: what a list ordered by such a column sorts by. Undefined for writers that are not a
 * built-in dialect's.
 *
 * @example
 * ```ts
 * textWholeSeconds(sqlite.instants!, '"opened_at"', { kind: 'iso_text', timeZone: 'UTC' }); // 'CASE WHEN replace(…) IN (…) THEN … END'
 * ```
 */
export function textWholeSeconds(writers: InstantWriters, x: string, column: Extract<TimestampColumn, { kind: 'iso_text' | 'iso_canonical' }>): Sql | undefined {
  const syntax = SYNTAX_OF.get(writers);
  if (syntax === undefined) return undefined;
  return column.kind === 'iso_text' ? isoTextSeconds(syntax, x, column.timeZone) : canonicalSeconds(syntax, x);
}
