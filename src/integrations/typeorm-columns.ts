/**
 * What one TypeORM column derives to: the attribute, what its SQL column holds where tql must
 * know it (`SqlColumnStorage`), and a caveat; or why the column cannot be filtered. The SQL type
 * is the driver's own (`driver.normalizeType(column)`: `character varying`, `datetime`, `int`),
 * and what TypeORM writes and hydrates depends on the driver: one table per engine family where
 * it differs.
 */
import type { EntityMetadata } from 'typeorm';
import { withArticle } from '../errors/wording.js';
import type { SqlColumnStorage } from '../backends/sql/mapping.js';
import { isIdName, numberColumn, type DerivedAttribute } from './schema-derivation.js';

/** A column of an entity's metadata (TypeORM does not export its class from the package's root). */
export type ColumnMetadata = EntityMetadata['columns'][number];

/** The engine families TypeORM's drivers store values for: each writes and hydrates instants its own way. */
export type TypeormEngine = 'postgres' | 'sqlite' | 'mysql';

/** A derived column: the attribute (without `nullable` and `source`), its column storage, and a caveat; or why it has none. */
export type DerivedTypeormColumn = DerivedAttribute<{ readonly storage?: SqlColumnStorage }>;

/** How an instant column is stored in SQL, what an entity holds (a `Date`, or `YYYY-MM-DD` text), and a caveat. */
interface InstantType {
  readonly storage: SqlColumnStorage;
  readonly record: 'date' | 'iso_text';
  readonly note?: string;
}

const WALL_CLOCK: SqlColumnStorage = { kind: 'timestamp' };
const INSTANT: SqlColumnStorage = { kind: 'timestamptz' };
/** A `date` column: TypeORM hydrates it as `YYYY-MM-DD` text, which is its midnight. */
const DAY: InstantType = { storage: WALL_CLOCK, record: 'iso_text' };

/**
 * The instant columns of each engine by SQL type. SQLite: TypeORM writes a `Date` as UTC text
 * (`2024-05-01 09:30:00.000`) and reads it back as UTC. PostgreSQL and MySQL: the driver writes a
 * `Date` as the process's local time, which a column without a zone keeps as wall-clock time.
 */
const INSTANT_TYPES: { readonly [E in TypeormEngine]: Readonly<Record<string, InstantType>> } = {
  sqlite: { datetime: { storage: { kind: 'iso_text' }, record: 'date' }, date: { storage: { kind: 'iso_text' }, record: 'iso_text' } },
  postgres: {
    'timestamp with time zone': { storage: INSTANT, record: 'date' },
    'timestamp without time zone': {
      storage: WALL_CLOCK,
      record: 'date',
      note: "node-postgres writes and reads a timestamp without time zone in the process's local time, which tql reads as UTC: run with TZ=UTC, or declare the column timestamptz",
    },
    date: DAY,
  },
  mysql: {
    datetime: {
      storage: WALL_CLOCK,
      record: 'date',
      note: "TypeORM's MySQL driver writes a DATETIME in the connection's timezone option (default: the process's local time), which tql reads as UTC: set { timezone: 'Z' } on the DataSource",
    },
    timestamp: {
      storage: INSTANT,
      record: 'date',
      note: "TypeORM's MySQL driver writes a TIMESTAMP in the connection's timezone option, which MySQL reads in the session's time_zone: set { timezone: 'Z' } and the session's time_zone to '+00:00'",
    },
    date: DAY,
  },
};

/** Whether LIKE works on the engine's enum type: PostgreSQL's `lower()` takes no enum. */
const ENUM_TAKES_LIKE: { readonly [E in TypeormEngine]: boolean } = { postgres: false, sqlite: true, mysql: true };

/** Text types of the three engines (PostgreSQL's as `normalizeType` names them): LIKE, lower() and text equality work on them. */
const TEXT_TYPE = /^(text|varchar|character varying|char|character|nvarchar|nchar|tinytext|mediumtext|longtext|citext|clob)\b/;
/** Exact decimals, which TypeORM hydrates as text on PostgreSQL and MySQL. */
const DECIMAL_TYPE = /^(numeric|decimal)\b/;
/** Numbers TypeORM hydrates as numbers. */
const NUMBER_TYPE = /^(integer|int|int2|int4|smallint|tinyint|mediumint|real|float|float4|float8|double|double precision)\b/;
/** Floating-point types: never ids. */
const FLOAT_TYPE = /^(real|float|double)/;

const DECIMAL_NOTE =
  'an exact decimal column compared as a double (IEEE-754), which checkSqlMapping accepts with { acceptDecimal: true }; TypeORM hydrates its values as text on PostgreSQL and MySQL: give the column a transformer to numbers to filter entities in memory';

/** What an attribute reads of a column: its TypeORM metadata, its attribute name, its SQL type (lower case) and the engine. */
export interface TypeormColumnFacts {
  readonly column: ColumnMetadata;
  readonly name: string;
  readonly sqlType: string;
  readonly engine: TypeormEngine | undefined;
}

/**
 * The attribute a TypeORM column derives to, or why it has none.
 *
 * @example
 * ```ts
 * deriveTypeormColumn({ column, name: 'opened_at', sqlType: 'datetime', engine: 'sqlite' });
 * // → { attribute: { type: 'Timestamp', storage: 'date' }, storage: { kind: 'iso_text' } }
 * ```
 */
export function deriveTypeormColumn({ column, name, sqlType, engine }: TypeormColumnFacts): DerivedTypeormColumn {
  const type: unknown = column.type;
  if (column.isArray) return { reason: 'an array column: tql filters scalar columns (an element source filters the rows of another table)' };
  if (type === 'simple-array') return { reason: 'a simple-array column, one text of comma-separated values: tql filters scalar columns' };
  if (type === 'uuid') return { attribute: { type: 'ID', id: { kind: 'uuid' } }, ...(sqlType === 'uuid' ? { storage: { kind: 'uuid' } } : {}) };
  if (column.enum !== undefined) return enumColumn(column.enum, sqlType, engine);
  if (type === Boolean || sqlType === 'boolean' || sqlType === 'bool') return { attribute: { type: 'Boolean' } };
  const instant = engine === undefined ? undefined : INSTANT_TYPES[engine][sqlType];
  if (instant !== undefined) return { attribute: { type: 'Timestamp', storage: instant.record }, storage: instant.storage, ...(instant.note === undefined ? {} : { note: instant.note }) };
  if (type === Date || /^(date|datetime|timestamp)/.test(sqlType)) {
    return { reason: `${withArticle(sqlType)} column${engine === undefined ? ' of a driver tql does not know' : ''}: tql does not know how TypeORM stores its instants there` };
  }
  if (DECIMAL_TYPE.test(sqlType)) {
    return { attribute: { type: 'Number', description: `A ${sqlType} column, compared as a double (IEEE-754): values with more than 15 significant digits may compare differently from the exact column.` }, note: DECIMAL_NOTE };
  }
  if (NUMBER_TYPE.test(sqlType)) {
    return isIdName(name) && !FLOAT_TYPE.test(sqlType) ? { attribute: { type: 'ID', id: { kind: 'integer' } } } : numberColumn(sqlType);
  }
  if (/^(bigint|int8)\b/.test(sqlType)) return { reason: `${withArticle(sqlType)} column: TypeORM hydrates its values as text on PostgreSQL and MySQL, which tql does not compare as numbers` };
  if (TEXT_TYPE.test(sqlType)) return { attribute: { type: 'String' } };
  return { reason: `${withArticle(sqlType === '' ? 'untyped' : sqlType)} column: no tql type compares as it does` };
}

/** An enum column: a closed set of its values, without LIKE where the engine's enum type takes none. */
function enumColumn(values: readonly (string | number)[], sqlType: string, engine: TypeormEngine | undefined): DerivedTypeormColumn {
  if (!values.every((v): v is string => typeof v === 'string')) return { reason: 'an enum of numbers: tql closed sets are of texts' };
  const native = sqlType === 'enum' && engine !== undefined && !ENUM_TAKES_LIKE[engine];
  return { attribute: { type: 'String', values: [...values], ...(native ? { operators: ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'] } : {}) } };
}

