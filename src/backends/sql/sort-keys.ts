/**
 * How each built-in engine writes a list order's keys (sort-sql.ts): the pieces of SQL that
 * differ between engines, one table per dialect (its `sortKeys` member), so that a new dialect
 * does not compile until it says how it orders, and sort-sql.ts stays the same for every engine.
 */
import { MILLISECONDS_LIMIT } from './instant-bounds.js';

/**
 * How a uuid column (`storage: 'uuid'`) orders as its lower-case text does: by its own type,
 * with each bound value cast to it, where that type orders so; else by a text of it.
 */
export type UuidKey =
  | {
      readonly text: false;
      /** A bound value (`$1`) as the column's type, to compare with it. */
      value(placeholder: string): string;
    }
  | { readonly text: true; readonly expr: string };

/**
 * The whole second of an instant column, as an expression an order compares; with how a bound
 * sort value (whole seconds) becomes a value of it, and how a statement returns it as whole
 * seconds, where it is no number of seconds itself.
 */
export interface SecondsKey {
  readonly expr: string;
  /** A bound sort value (whole seconds, `$1`) as a value of `expr`; absent where `expr` is seconds. */
  value?(placeholder: string): string;
  /** `expr` as whole seconds in the statement's result; absent where it is seconds. */
  out?(expr: string): string;
}

/** Where an engine puts NULL in an ascending order, and whether it takes `NULLS FIRST`/`NULLS LAST`. */
export interface NullPlaces {
  /** Undefined where a setting decides it (DuckDB's `default_null_order`) or it is not known: then it is always said. */
  readonly ascending: 'first' | 'last' | undefined;
  readonly clause: boolean;
}

/**
 * What differs between engines in writing a list order's keys.
 *
 * @example
 * ```ts
 * postgres.sortKeys.nulls;      // { ascending: 'last', clause: true }
 * mysql.sortKeys.finiteNumber('`amount`'); // '`amount`' (a DOUBLE holds no NaN or infinity)
 * ```
 */
export interface SortKeySyntax {
  /** A Number column's value, NULL where it is NaN, ±infinity or (SQLite, whose columns take anything) no number. */
  finiteNumber(x: string): string;
  /** How a uuid column orders as its lower-case text. */
  uuid(x: string): UuidKey;
  /**
   * The whole second of integer milliseconds `x` (floored, exactly), NULL beyond a Date's range
   * or for a non-number; undefined where the engine cannot order that storage.
   */
  readonly milliseconds: ((x: string) => string) | undefined;
  /**
   * The whole second of a `timestamptz` column, or of a `timestamp` one whose wall clock is
   * `offset` seconds ahead of UTC; NULL for ±infinity. Undefined where the engine has no such types.
   */
  readonly instantTypes: ((x: string, kind: 'timestamptz' | 'timestamp', offset: number) => SecondsKey) | undefined;
  /**
   * A text sort value as an order compares it by bytes (`isKey`: the record's key column);
   * undefined where the dialect's `bytewise` written after it does that.
   */
  readonly text: ((expr: string, isKey: boolean) => string) | undefined;
  /** Where NULL sorts, so nothing is added where the engine already puts it where it is wanted. */
  readonly nulls: NullPlaces;
  /** What `CREATE INDEX` says of each item: direction and NULL placement, direction only, or neither. */
  readonly indexItems: 'full' | 'direction' | 'plain';
}

/** `x BETWEEN -limit AND limit`: milliseconds a Date can hold. */
const inDateRange = (x: string) => `${x} BETWEEN -${MILLISECONDS_LIMIT} AND ${MILLISECONDS_LIMIT}`;

/** NaN and ±infinity are no value: `x - x` is NaN for them. */
const finiteOrNull = (x: string) => `CASE WHEN ${x} - ${x} = 0 THEN ${x} END`;

/** The engine's uuid type orders as its lower-case text does (PostgreSQL, DuckDB). */
const uuidType = (): UuidKey => ({ text: false, value: (p) => `CAST(${p} AS UUID)` });

/** ` - offset`, or nothing for UTC. */
const minus = (offset: number) => (offset === 0 ? '' : ` - ${offset}`);

const postgresKeys: SortKeySyntax = {
  finiteNumber: finiteOrNull,
  uuid: uuidType,
  milliseconds: (x) => `CASE WHEN ${inDateRange(x)} THEN floor(${x} / 1000.0) END`,
  // IMMUTABLE (an index can hold it), unlike extract(epoch …) of a timestamptz: the UTC wall
  // clock truncated to the second, compared with bound seconds made the same way.
  instantTypes: (x, kind, offset) => ({
    expr: `CASE WHEN isfinite(${x}) THEN date_trunc('second', ${kind === 'timestamptz' ? `${x} AT TIME ZONE 'UTC'` : x}) END`,
    value: (p) => `(to_timestamp(CAST(${p} AS double precision)${offset === 0 ? '' : ` + ${offset}`}) AT TIME ZONE 'UTC')`,
    out: (e) => `CAST(extract(epoch from ${e}) AS bigint)${minus(offset)}`,
  }),
  text: undefined,
  nulls: { ascending: 'last', clause: true },
  indexItems: 'full',
};

const sqliteKeys: SortKeySyntax = {
  // SQLite's columns also keep texts where numbers are declared.
  finiteNumber: (x) => `CASE WHEN typeof(${x}) IN ('integer', 'real') AND ${x} - ${x} = 0 THEN ${x} END`,
  uuid: uuidType,
  // Integer arithmetic for integers (exact at any size); SQLite truncates division toward zero.
  milliseconds: (x) =>
    `CASE WHEN typeof(${x}) = 'integer' AND ${inDateRange(x)} THEN (${x} - ((${x} % 1000) + 1000) % 1000) / 1000 WHEN typeof(${x}) = 'real' AND ${inDateRange(x)} THEN CAST(floor(${x} / 1000.0) AS INTEGER) END`,
  instantTypes: undefined,
  text: undefined,
  // SQLite takes ASC/DESC in an index, not NULLS FIRST/LAST.
  nulls: { ascending: 'first', clause: true },
  indexItems: 'direction',
};

const mysqlKeys: SortKeySyntax = {
  // A DOUBLE holds no NaN or infinity.
  finiteNumber: (x) => x,
  // MariaDB's UUID type reorders some bytes: ordered by its text.
  uuid: (x) => ({ text: true, expr: `CAST(${x} AS CHAR)` }),
  milliseconds: (x) => `CASE WHEN ${inDateRange(x)} THEN FLOOR(${x} / 1000) END`,
  instantTypes: (x, kind, offset) =>
    kind === 'timestamptz'
      ? { expr: `FLOOR(UNIX_TIMESTAMP(${x}))` }
      : // The wall-clock second (the fraction dropped, not rounded), counted from 1970 without any session zone.
        { expr: `TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', ${x} - INTERVAL MICROSECOND(${x}) MICROSECOND)${minus(offset)}` },
  // Indexes cannot carry a collation: the key column is taken to be binary already (the
  // reference DDL declares utf8mb4_nopad_bin); another text is compared as its bytes.
  text: (expr, isKey) => (isKey ? expr : `CAST(${expr} AS BINARY)`),
  // No NULLS FIRST/LAST; ASC/DESC in an index.
  nulls: { ascending: 'first', clause: false },
  indexItems: 'direction',
};

const duckdbKeys: SortKeySyntax = {
  finiteNumber: finiteOrNull,
  uuid: uuidType,
  milliseconds: (x) => `CASE WHEN ${inDateRange(x)} THEN CAST(floor(${x} / 1000) AS BIGINT) END`,
  instantTypes: (x, _kind, offset) => ({ expr: `CASE WHEN isfinite(${x}) THEN CAST(floor(epoch(${x})) AS BIGINT)${minus(offset)} END` }),
  text: undefined,
  // The default_null_order setting decides: always said.
  nulls: { ascending: undefined, clause: true },
  // DuckDB's indexes answer look-ups, not orders: the expressions alone.
  indexItems: 'plain',
};

/** Each built-in dialect's sort keys, by dialect name. */
export const SORT_KEYS = { postgres: postgresKeys, sqlite: sqliteKeys, mysql: mysqlKeys, duckdb: duckdbKeys } as const;
