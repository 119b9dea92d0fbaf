/**
 * What one Drizzle column derives to: the attribute, what its SQL column holds where tql must know
 * it (`SqlColumnStorage`), and a caveat to declare; or why the column cannot be filtered. One
 * handler per Drizzle data type, so a new data type does not compile until it is decided.
 */
import type { Column, ColumnDataType } from 'drizzle-orm';
import type { SqlColumnStorage } from '../backends/sql/mapping.js';
import type { AttributeDefinition } from '../schema/types.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import { withArticle } from '../errors/wording.js';
import { isIdName, numberColumn, type DerivedAttribute } from './schema-derivation.js';

/**
 * A derived column: the attribute (without `nullable` and `source`), its column storage, and a
 * caveat; for an array column (`array: true`), the attribute of its elements and their storage,
 * which the schema reads as a collection held in the column.
 */
export type DerivedColumn = DerivedAttribute<{ readonly storage?: SqlColumnStorage; readonly array?: true }>;

/** What a handler reads of a column. */
interface ColumnFacts {
  readonly column: Column;
  /** Its attribute name: `account_id` is an integer id. */
  readonly name: string;
  /** The SQL type as Drizzle writes it in DDL, lower case: `timestamp with time zone`, `varchar(20)`. */
  readonly sqlType: string;
}

/** Text types of the three dialects (and PostgreSQL's citext): LIKE, lower() and text equality work on them. */
const TEXT_TYPE = /^(text|varchar|char|character|tinytext|mediumtext|longtext|citext|enum\()/;
/** Exact decimal types, compared as doubles by tql. */
const DECIMAL_TYPE = /^(numeric|decimal)/;
/** Floating-point types: never ids. */
const FLOAT_TYPE = /^(real|double|float)/;

/** Read as wall-clock times in UTC, as Drizzle itself reads a timestamp without a zone. */
const WALL_CLOCK: SqlColumnStorage = { kind: 'timestamp' };
const INSTANT: SqlColumnStorage = { kind: 'timestamptz' };

/** What a decimal column's attribute says of itself. */
const decimalDescription = (sqlType: string) =>
  `A ${sqlType} column, compared as a double (IEEE-754): values with more than 15 significant digits may compare differently from the exact column.`;
const DECIMAL_NOTE = 'an exact decimal column compared as a double (IEEE-754); checkSqlMapping accepts the column with { acceptDecimal: true }';
const TEXT_DECIMAL_NOTE = `${DECIMAL_NOTE}; in mode "string" Drizzle gives rows its values as text ("9.99"), which storage "decimal_text" reads by value in memory`;
/** Drizzle writes and reads a MySQL TIMESTAMP as UTC text, which the server reads in the session's zone. */
const MYSQL_TIMESTAMP_NOTE = 'Drizzle reads and writes TIMESTAMP values as UTC texts, which MySQL takes in the session\'s time_zone: set it to "+00:00"';

/** The storage of a timestamp, datetime or date column of a given SQL type, or undefined for another type. */
function instantStorage(column: Column, sqlType: string): SqlColumnStorage | undefined {
  if (sqlType.startsWith('timestamp')) {
    // MySQL's TIMESTAMP holds an instant; PostgreSQL's only with a zone.
    return sqlType.includes('with time zone') || column.columnType.startsWith('MySql') ? INSTANT : WALL_CLOCK;
  }
  // A date is its midnight.
  if (sqlType.startsWith('datetime') || sqlType === 'date') return WALL_CLOCK;
  return undefined;
}

const mysqlTimestampNote = (column: Column): { note?: string } => (column.columnType.startsWith('MySqlTimestamp') ? { note: MYSQL_TIMESTAMP_NOTE } : {});

function textColumn({ column, sqlType }: ColumnFacts): DerivedColumn {
  if (column.columnType === 'PgUUID') return { attribute: { type: 'ID', id: { kind: 'uuid' } }, storage: { kind: 'uuid' } };
  const instant = instantStorage(column, sqlType);
  if (instant !== undefined) {
    return { attribute: { type: 'Timestamp', storage: 'iso_text' }, storage: instant, ...mysqlTimestampNote(column) };
  }
  if (DECIMAL_TYPE.test(sqlType)) return { attribute: { type: 'Number', storage: 'decimal_text', description: decimalDescription(sqlType) }, note: TEXT_DECIMAL_NOTE };
  const values = column.enumValues === undefined ? {} : { values: [...column.enumValues] };
  // lower() takes no PostgreSQL enum: LIKE would fail in the database.
  if (column.columnType === 'PgEnumColumn') return { attribute: { type: 'String', ...values, operators: ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'] } };
  if (TEXT_TYPE.test(sqlType)) return { attribute: { type: 'String', ...values } };
  return { reason: `${withArticle(sqlType)} column: no tql type compares as it does` };
}

function drizzleNumber({ name, sqlType }: ColumnFacts): DerivedColumn {
  if (DECIMAL_TYPE.test(sqlType)) return { attribute: { type: 'Number', description: decimalDescription(sqlType) }, note: DECIMAL_NOTE };
  if (isIdName(name) && !FLOAT_TYPE.test(sqlType)) return { attribute: { type: 'ID', id: { kind: 'integer' } } };
  return numberColumn(sqlType);
}

function dateColumn({ column, sqlType }: ColumnFacts): DerivedColumn {
  const attribute: AttributeDefinition = { type: 'Timestamp', storage: 'date' };
  if (column.columnType === 'SQLiteTimestamp') {
    const ms = (column as unknown as { mode?: unknown }).mode === 'timestamp_ms';
    return { attribute, storage: { kind: ms ? 'unix_milliseconds' : 'unix_seconds' } };
  }
  const storage = instantStorage(column, sqlType);
  if (storage === undefined) return { reason: `${withArticle(sqlType)} column that Drizzle reads as a Date: tql does not know how it stores the instant` };
  return { attribute, storage, ...mysqlTimestampNote(column) };
}

/**
 * A one-dimensional PostgreSQL array (`text('tags').array()`): the attribute of its elements,
 * read as a collection held in the column. Instants and decimals kept as text are read from a
 * table of their own only, and an array of arrays not at all.
 */
function arrayColumn({ column, name, sqlType }: ColumnFacts): DerivedColumn {
  const base = (column as unknown as { baseColumn?: Column }).baseColumn;
  if (base === undefined || base.dataType === 'array' || /\]\s*\[/.test(sqlType)) return { reason: `an array of arrays (${sqlType}): tql reads one level of arrays` };
  const element = deriveColumn(base, name);
  if ('reason' in element) return { reason: `an array column (${sqlType}) whose elements cannot be filtered: ${element.reason}` };
  if (TYPE_FACTS[element.attribute.type].instants || element.attribute.storage !== undefined) {
    return { reason: `an array column (${sqlType}): tql's SQL backend reads such elements from a table of their own (the mapping's collections), not from an array column` };
  }
  return { ...element, array: true };
}

const unsupported =
  (what: string) =>
  ({ sqlType }: ColumnFacts): DerivedColumn => ({ reason: `${what} (${sqlType}): no tql type compares as it does` });

/** One handler per Drizzle data type. */
const BY_DATA_TYPE: { readonly [K in ColumnDataType]: (facts: ColumnFacts) => DerivedColumn } = {
  string: textColumn,
  number: drizzleNumber,
  boolean: () => ({ attribute: { type: 'Boolean' } }),
  date: dateColumn,
  bigint: ({ sqlType }) => ({
    reason: `${withArticle(sqlType)} column in mode "bigint": rows hold BigInt values, which tql does not compare; use { mode: 'number' } where values stay below 2^53`,
  }),
  json: () => ({ reason: 'a JSON column: tql filters scalar columns' }),
  array: arrayColumn,
  buffer: unsupported('binary data'),
  custom: ({ sqlType }) => ({ reason: `a custom column type (${sqlType}): tql cannot tell how it compares; add it by hand` }),
  dateDuration: unsupported('a duration'),
  duration: unsupported('a duration'),
  relDuration: unsupported('a duration'),
  localTime: unsupported('a time of day'),
  localDate: unsupported('a local date'),
  localDateTime: unsupported('a local date-time'),
};

/**
 * The attribute a Drizzle column derives to (named `name`), or why it has none.
 *
 * @example
 * ```ts
 * deriveColumn(pgTable('t', { at: timestamp('at', { withTimezone: true }) }).at, 'at');
 * // → { attribute: { type: 'Timestamp', storage: 'date' }, storage: { kind: 'timestamptz' } }
 * ```
 */
export function deriveColumn(column: Column, name: string): DerivedColumn {
  const handler = (BY_DATA_TYPE as Readonly<Record<string, (facts: ColumnFacts) => DerivedColumn>>)[column.dataType];
  if (handler === undefined) return { reason: `${withArticle(String(column.dataType))} column: tql does not know this Drizzle data type` };
  return handler({ column, name, sqlType: column.getSQLType().toLowerCase() });
}
