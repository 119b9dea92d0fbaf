/**
 * checkSqlMapping on real engines: the catalog decides. Each row is one column as an app might
 * have it, the attribute and storage the mapping gives it, and what the check says: nothing, or
 * the problem naming the attribute and the column with what to write instead.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { readCatalog, type ColumnCollation } from '../../../src/backends/sql/catalog.js';
import { checkSqlMapping, type CheckSqlMappingOptions } from '../../../src/backends/sql/check-mapping.js';
import type { SqlDatabase } from '../../../src/backends/sql/database.js';
import { type SqlDialectName } from '../../../src/backends/sql/dialects.js';
import type { SqlColumnStorage, SqlColumnStorageKind, SqlMapping } from '../../../src/backends/sql/mapping.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { isTqlError, type TqlError } from '../../../src/errors/tql-error.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { createSchedulingTables } from '../../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { AttributeDefinition, Schema } from '../../../src/schema/types.js';
import { ENGINE_NAMES, useSqlEngines, type EngineName } from './engines.js';

/** One engine of each kind: the catalog is the database's, whatever the folding compiled with. */
const ENGINES = ENGINE_NAMES.filter((n): n is EngineName => ['sqlite', 'pglite', 'postgres-server', 'mariadb', 'duckdb'].includes(n));

/** The rejection of `run` when it is a TqlError; anything else fails the test. */
async function rejectionOf(run: Promise<unknown>): Promise<TqlError> {
  try {
    await run;
  } catch (error) {
    if (isTqlError(error)) return error;
    throw error;
  }
  throw new Error('expected a TqlError, but the check passed');
}

/** The problems the check reports, without the common preamble; [] when it passes. */
async function problems(db: SqlDatabase, schema: Schema, mapping: SqlMapping, options?: CheckSqlMappingOptions): Promise<string[]> {
  try {
    await checkSqlMapping(db, schema, mapping, options);
    return [];
  } catch (error) {
    if (!isTqlError(error)) throw error;
    expect(new Set(error.issues.map((i) => i.code))).toEqual(new Set(['mapping_mismatch']));
    return error.issues.map((i) => i.message.replace(/^The mapping does not fit the database: /, '').replace(/\.$/, ''));
  }
}

/**
 * A column of table `app_event`: its SQL type, the attribute `app_event.<name>` reading it, the
 * mapping's storage entry, and the check's answer (`ok`, or the problem after `is <type>, `).
 * `printed` is the type as the catalog prints it, where that differs from the DDL's.
 */
interface Row {
  readonly name: string;
  readonly type: string;
  readonly printed?: string;
  readonly attribute: AttributeDefinition;
  readonly storage?: SqlColumnStorage | SqlColumnStorageKind;
  readonly expected: 'ok' | string;
}

const TIMESTAMP: AttributeDefinition = { type: 'Timestamp' };
const STRING: AttributeDefinition = { type: 'String' };
const NUMBER: AttributeDefinition = { type: 'Number' };
const BOOLEAN: AttributeDefinition = { type: 'Boolean' };
const UUID_ID: AttributeDefinition = { type: 'ID', id: { kind: 'uuid' } };
const INTEGER_ID: AttributeDefinition = { type: 'ID', id: { kind: 'integer' } };
const EQUALITY_ONLY: AttributeDefinition = { type: 'String', operators: ['EQ', 'NOT_EQ', 'IN', 'NOT_IN'], values: ['happy', 'sad'] };

const DECIMAL_DIVERGENCE =
  'whose exact decimals compare otherwise than the doubles tql compares (docs/language.md, rule 6); make it double precision, or pass { acceptDecimal: true } to accept that divergence';
const NUMBER_AS_TEXT = "and numbers stored as text compare as text ('10' < '9'); make the column a number type";
const INTEGER_ID_AS_TEXT =
  "and integer ids need an integer column (as text, '10' sorts before '9' and '007' is not 7); make the column an integer, or declare id: { kind: 'text' }";
const LIKE_ON_ENUM = 'and LIKE, NOT_LIKE, STARTS_WITH and ENDS_WITH need text, which an enum gives only through a cast; narrow operators to EQ, NOT_EQ, IN, NOT_IN so the validator refuses LIKE, NOT_LIKE, STARTS_WITH and ENDS_WITH';
/** A Timestamp left at its default storage (Unix seconds) on a column of instants. */
const SECONDS_ON_AN_INSTANT = "and the mapping reads it as Unix seconds; declare storage: { created_at: 'timestamptz' } in the mapping of app_event";
const PADDED = 'which pads or strips trailing spaces, so "x" and "x " would be one value; make the column varchar or text';
const TEXT_ID: AttributeDefinition = { type: 'ID', id: { kind: 'text' } };
const ZERO_ONE: AttributeDefinition = { type: 'Boolean', storage: 'zero_one' };
const DECIMAL_TEXT: AttributeDefinition = { type: 'Number', storage: 'decimal_text' };
const ZERO_ONE_ON = (name: string) => `and the attribute's storage zero_one compares it with 1 and 0; make the column an integer, or remove storage: 'zero_one' from app_event.${name}`;
const DECIMAL_AS_TEXT = "and the attribute's storage decimal_text compares it as a number; make the column NUMERIC";
const FIXED_ISO = 'which pads texts shorter than its length with spaces, which no ISO-8601 text has; make the column varchar or text';
/** An ISO text or wall-clock column in a zone with DST rules, on an engine without zone rules: every query would be refused. */
const NO_ZONE_RULES = (engine: string) => `and ${engine} has no time-zone rules to read wall-clock times in Europe/Berlin: declare UTC or a fixed-offset zone (Etc/GMT-2), or store instants`;
const BERLIN_TEXT: AttributeDefinition = { type: 'Timestamp', storage: { kind: 'iso_text', timeZone: 'Europe/Berlin' } };
/** A String compared case-insensitively on purpose: tql compares lower(column), exact under NOCASE. */
const IGNORING_CASE = (field: string): AttributeDefinition => ({ type: 'String', source: { kind: 'field', field, ignoreCase: true } });
const LIKE_ONLY: AttributeDefinition = { type: 'String', operators: ['LIKE', 'STARTS_WITH'] };
/** EQ on a column whose collation folds case (rule 5 says exact). */
const CASE_FOLDING = (collation: string, name: string) =>
  `whose collation ${collation} compares case-insensitively, and EQ, NOT_EQ, IN, NOT_IN on a String are exact; declare ignoreCase: true on the source of app_event.${name} if case should not count, or declare the column without the collation`;
const OTHER_FOLDING = (collation: string) =>
  `whose collation ${collation} takes some different texts for equal (in case, accents or trailing spaces), and EQ, NOT_EQ, IN, NOT_IN on a String are exact; declare the column without the collation`;
const ID_FOLDING = (collation: string, what = 'compares case-insensitively') => `whose collation ${collation} ${what}, so two ids would be one; declare the column without the collation`;

const POSTGRES_ROWS: readonly Row[] = [
  {
    name: 'created_at',
    type: 'timestamptz',
    printed: 'timestamp with time zone',
    attribute: TIMESTAMP,
    expected: SECONDS_ON_AN_INSTANT,
  },
  { name: 'starts_at', type: 'timestamptz', printed: 'timestamp with time zone', attribute: TIMESTAMP, storage: 'timestamptz', expected: 'ok' },
  {
    name: 'local_at',
    type: 'timestamp',
    printed: 'timestamp without time zone',
    attribute: TIMESTAMP,
    storage: 'timestamptz',
    expected: "and the mapping reads it as an instant (timestamptz); declare storage: { local_at: 'timestamp' } in the mapping of app_event",
  },
  { name: 'wall_at', type: 'timestamp(3)', printed: 'timestamp(3) without time zone', attribute: TIMESTAMP, storage: { kind: 'timestamp', timeZone: 'Europe/Paris' }, expected: 'ok' },
  {
    name: 'logged_at',
    type: 'bigint',
    attribute: { type: 'Timestamp', storage: 'iso_text' },
    expected: "and the mapping reads it as ISO-8601 text; declare storage: { logged_at: 'unix_seconds' (or 'unix_milliseconds') } in the mapping of app_event",
  },
  { name: 'seen_ms', type: 'bigint', attribute: { type: 'Timestamp', storage: 'unix_milliseconds' }, expected: 'ok' },
  { name: 'iso_at', type: 'text', attribute: { type: 'Timestamp', storage: 'iso_text' }, expected: 'ok' },
  {
    name: 'birthday',
    type: 'date',
    attribute: STRING,
    expected: 'and a String needs text (LIKE and EQ on a date fail in the database); make the column text, or a timestamp read by a Timestamp attribute',
  },
  {
    name: 'due_on',
    type: 'date',
    attribute: TIMESTAMP,
    expected: "and the mapping reads it as Unix seconds; declare storage: { due_on: 'timestamp' (a date is its midnight, a wall-clock time in the mapping's zone) } in the mapping of app_event",
  },
  // Drizzle's date(): the midnight that starts the day, in the zone the mapping names (UTC).
  { name: 'paid_on', type: 'date', attribute: TIMESTAMP, storage: 'timestamp', expected: 'ok' },
  // Drizzle's timestamp({ mode: 'string' }), derived as a String.
  {
    name: 'stamp',
    type: 'timestamp',
    printed: 'timestamp without time zone',
    attribute: STRING,
    expected: "and a String needs text; declare the attribute type: 'Timestamp' and declare storage: { stamp: 'timestamp' } in the mapping of app_event",
  },
  {
    name: 'external_id',
    type: 'uuid',
    attribute: STRING,
    expected: "and a String needs text; declare the attribute type: 'ID' with id: { kind: 'uuid' } and declare storage: { external_id: 'uuid' } in the mapping of app_event",
  },
  { name: 'owner_id', type: 'uuid', attribute: UUID_ID, expected: "the engine's uuid type, which the mapping does not declare; declare storage: { owner_id: 'uuid' } in the mapping of app_event" },
  { name: 'buyer_id', type: 'uuid', attribute: UUID_ID, storage: 'uuid', expected: 'ok' },
  {
    name: 'seller_id',
    type: 'text',
    attribute: UUID_ID,
    storage: 'uuid',
    expected: "and the mapping says it holds the engine's uuid type; remove storage: { seller_id: 'uuid' } from the mapping of app_event, and tql compares the text case-insensitively",
  },
  { name: 'ref_id', type: 'text', attribute: UUID_ID, expected: 'ok' },
  // Every uuid is 36 characters: a CHAR(36) pads none, so no two collapse.
  { name: 'order_uuid', type: 'character(36)', attribute: UUID_ID, expected: 'ok' },
  { name: 'iso_fixed', type: 'character(24)', attribute: { type: 'Timestamp', storage: 'iso_text' }, expected: FIXED_ISO },
  // Every toISOString text is 24 characters: a CHAR(24) pads none.
  { name: 'canonical_fixed', type: 'character(24)', attribute: { type: 'Timestamp', storage: 'iso_canonical' }, expected: 'ok' },
  { name: 'canonical_short', type: 'character(20)', attribute: { type: 'Timestamp', storage: 'iso_canonical' }, expected: FIXED_ISO },
  { name: 'canonical_at', type: 'bigint', attribute: { type: 'Timestamp', storage: 'iso_canonical' }, expected: "and the mapping reads it as ISO-8601 text in toISOString's form; declare storage: { canonical_at: 'unix_seconds' (or 'unix_milliseconds') } in the mapping of app_event" },
  { name: 'enhanced', type: 'smallint', attribute: ZERO_ONE, expected: 'ok' },
  { name: 'flagged', type: 'boolean', attribute: ZERO_ONE, expected: ZERO_ONE_ON('flagged') },
  { name: 'list_price', type: 'numeric(12,2)', attribute: DECIMAL_TEXT, expected: 'ok' },
  { name: 'sale_price', type: 'text', attribute: DECIMAL_TEXT, expected: DECIMAL_AS_TEXT },
  { name: 'amount', type: 'numeric(12,2)', printed: 'numeric(12,2)', attribute: NUMBER, expected: DECIMAL_DIVERGENCE },
  { name: 'price', type: 'double precision', attribute: NUMBER, expected: 'ok' },
  { name: 'weight', type: 'real', attribute: NUMBER, expected: 'ok' },
  { name: 'quantity', type: 'text', attribute: NUMBER, expected: NUMBER_AS_TEXT },
  { name: 'active', type: 'integer', attribute: BOOLEAN, expected: "and a Boolean needs a boolean column; make the column boolean, or declare storage: 'zero_one' on app_event.active if it holds 0 and 1" },
  { name: 'verified', type: 'boolean', attribute: BOOLEAN, expected: 'ok' },
  { name: 'legacy_id', type: 'text', attribute: INTEGER_ID, expected: INTEGER_ID_AS_TEXT },
  { name: 'account_id', type: 'bigint', attribute: INTEGER_ID, expected: 'ok' },
  { name: 'mood', type: 'app_mood', attribute: STRING, expected: LIKE_ON_ENUM },
  { name: 'status', type: 'app_mood', attribute: EQUALITY_ONLY, expected: 'ok' },
  {
    name: 'feeling',
    type: 'app_mood',
    attribute: { type: 'String', operators: ['EQ', 'IN'] },
    expected: 'which takes only its labels, and any other value is an error in the database; declare values: [the labels] on the attribute, so the validator refuses the others',
  },
  { name: 'code', type: 'character(8)', attribute: STRING, expected: PADDED },
  { name: 'title', type: 'varchar(50)', printed: 'character varying(50)', attribute: STRING, expected: 'ok' },
  // A domain is read as its base type.
  { name: 'contact', type: 'app_email', attribute: STRING, expected: 'ok' },
  // A nondeterministic collation takes 'Ada' = 'ADA' (and fails LIKE before PostgreSQL 18); a deterministic one compares exactly.
  { name: 'nick', type: 'text COLLATE app_ci', printed: 'text', attribute: STRING, expected: OTHER_FOLDING('app_ci') },
  { name: 'email', type: 'text COLLATE app_ci', printed: 'text', attribute: IGNORING_CASE('email'), expected: OTHER_FOLDING('app_ci') },
  { name: 'handle', type: 'varchar(40) COLLATE app_ci', printed: 'character varying(40)', attribute: TEXT_ID, expected: ID_FOLDING('app_ci', 'takes some different texts for equal (in case, accents or trailing spaces)') },
  { name: 'sort_name', type: 'text COLLATE "C"', printed: 'text', attribute: STRING, expected: 'ok' },
  { name: 'label', type: 'text COLLATE app_en', printed: 'text', attribute: TEXT_ID, expected: 'ok' },
];

const MARIADB_ROWS: readonly Row[] = [
  // TIMESTAMP is MySQL's instant, DATETIME its wall-clock time.
  {
    name: 'created_at',
    type: 'TIMESTAMP NULL',
    printed: 'timestamp',
    attribute: TIMESTAMP,
    expected: SECONDS_ON_AN_INSTANT,
  },
  { name: 'starts_at', type: 'TIMESTAMP(3) NULL', printed: 'timestamp(3)', attribute: TIMESTAMP, storage: 'timestamptz', expected: 'ok' },
  {
    name: 'local_at',
    type: 'DATETIME',
    printed: 'datetime',
    attribute: TIMESTAMP,
    storage: 'timestamptz',
    expected: "and the mapping reads it as an instant (timestamptz); declare storage: { local_at: 'timestamp' } in the mapping of app_event",
  },
  { name: 'wall_at', type: 'DATETIME(6)', printed: 'datetime(6)', attribute: TIMESTAMP, storage: 'timestamp', expected: 'ok' },
  {
    name: 'logged_at',
    type: 'BIGINT',
    printed: 'bigint(20)',
    attribute: { type: 'Timestamp', storage: 'iso_text' },
    expected: "and the mapping reads it as ISO-8601 text; declare storage: { logged_at: 'unix_seconds' (or 'unix_milliseconds') } in the mapping of app_event",
  },
  { name: 'seen_ms', type: 'BIGINT', printed: 'bigint(20)', attribute: { type: 'Timestamp', storage: 'unix_milliseconds' }, expected: 'ok' },
  { name: 'iso_at', type: 'VARCHAR(40)', printed: 'varchar(40)', attribute: { type: 'Timestamp', storage: 'iso_text' }, expected: 'ok' },
  { name: 'canonical_at', type: 'CHAR(24)', printed: 'char(24)', attribute: { type: 'Timestamp', storage: 'iso_canonical' }, expected: 'ok' },
  {
    name: 'birthday',
    type: 'DATE',
    printed: 'date',
    attribute: STRING,
    expected: 'and a String needs text (LIKE and EQ on a date fail in the database); make the column text, or a timestamp read by a Timestamp attribute',
  },
  // MariaDB's own UUID type (10.7 and later).
  { name: 'owner_id', type: 'UUID', printed: 'uuid', attribute: UUID_ID, expected: "the engine's uuid type, which the mapping does not declare; declare storage: { owner_id: 'uuid' } in the mapping of app_event" },
  // Every uuid is 36 characters: a CHAR(36) strips no space from one, so no two collapse.
  { name: 'ref_id', type: 'CHAR(36)', printed: 'char(36)', attribute: UUID_ID, expected: 'ok' },
  { name: 'short_ref_id', type: 'CHAR(32)', printed: 'char(32)', attribute: UUID_ID, expected: 'which pads or strips trailing spaces, so two ids would be one; make the column varchar or text' },
  { name: 'key_id', type: 'VARCHAR(36)', printed: 'varchar(36)', attribute: UUID_ID, expected: 'ok' },
  { name: 'amount', type: 'DECIMAL(12,2)', printed: 'decimal(12,2)', attribute: NUMBER, expected: DECIMAL_DIVERGENCE },
  { name: 'price', type: 'DOUBLE', printed: 'double', attribute: NUMBER, expected: 'ok' },
  { name: 'quantity', type: 'TEXT', printed: 'text', attribute: NUMBER, expected: NUMBER_AS_TEXT },
  // BOOLEAN is TINYINT(1): 0 and 1, as tql binds them on MySQL.
  { name: 'active', type: 'INT', printed: 'int(11)', attribute: BOOLEAN, expected: 'ok' },
  { name: 'verified', type: 'BOOLEAN', printed: 'tinyint(1)', attribute: BOOLEAN, expected: 'ok' },
  { name: 'legacy_id', type: 'VARCHAR(20)', printed: 'varchar(20)', attribute: INTEGER_ID, expected: INTEGER_ID_AS_TEXT },
  { name: 'account_id', type: 'BIGINT', printed: 'bigint(20)', attribute: INTEGER_ID, expected: 'ok' },
  {
    name: 'berlin_at',
    type: 'DATETIME',
    printed: 'datetime',
    attribute: TIMESTAMP,
    storage: { kind: 'timestamp', timeZone: 'Europe/Berlin' },
    expected: 'and MySQL/MariaDB cannot read DATETIME values in Europe/Berlin without time-zone tables: declare UTC or a fixed-offset zone (Etc/GMT-2), or use a TIMESTAMP column (timestamptz)',
  },
  { name: 'berlin_text', type: 'VARCHAR(40)', printed: 'varchar(40)', attribute: BERLIN_TEXT, expected: NO_ZONE_RULES('MySQL/MariaDB') },
  { name: 'enhanced', type: 'TINYINT(1)', printed: 'tinyint(1)', attribute: ZERO_ONE, expected: 'ok' },
  { name: 'list_price', type: 'DECIMAL(12,2)', printed: 'decimal(12,2)', attribute: DECIMAL_TEXT, expected: 'ok' },
  // A MySQL enum compares and matches LIKE as its label's text.
  { name: 'mood', type: "ENUM('happy', 'sad')", printed: "enum('happy','sad')", attribute: STRING, expected: 'ok' },
  { name: 'code', type: 'CHAR(8)', printed: 'char(8)', attribute: STRING, expected: PADDED },
  { name: 'title', type: 'VARCHAR(50)', printed: 'varchar(50)', attribute: STRING, expected: 'ok' },
  // Every collation but _bin folds, and none changes tql's EQ and IN: the compared text is a
  // binary string (CAST(? AS BINARY)), which makes = byte-wise (mysql.test.ts runs it on 'Ada', 'ADA', 'ada ').
  { name: 'nick', type: 'VARCHAR(50) COLLATE utf8mb4_unicode_ci', printed: 'varchar(50)', attribute: STRING, expected: 'ok' },
  { name: 'handle', type: 'VARCHAR(50) COLLATE utf8mb4_general_ci', printed: 'varchar(50)', attribute: TEXT_ID, expected: 'ok' },
  // Another character set: the binary comparison meets bytes of another encoding, and LIKE's COLLATE utf8mb4_bin fails.
  {
    name: 'legacy_name',
    type: 'VARCHAR(50) CHARACTER SET latin1',
    printed: 'varchar(50)',
    attribute: STRING,
    expected:
      "whose character set latin1 is not utf8mb4: EQ, NOT_EQ, IN, NOT_IN compare its bytes with the value's UTF-8 bytes (an 'é' never matches), and LIKE, NOT_LIKE, STARTS_WITH and ENDS_WITH fail in the database; convert the column to utf8mb4",
  },
  { name: 'latin_id', type: 'VARCHAR(50) CHARACTER SET latin1', printed: 'varchar(50)', attribute: TEXT_ID, expected: "whose character set latin1 is not utf8mb4: EQ, NOT_EQ compare its bytes with the value's UTF-8 bytes (an 'é' never matches); convert the column to utf8mb4" },
  // utf8mb3's bytes are UTF-8's: EQ is exact, LIKE still fails.
  { name: 'old_title', type: 'VARCHAR(50) CHARACTER SET utf8mb3', printed: 'varchar(50)', attribute: LIKE_ONLY, expected: 'whose character set utf8mb3 is not utf8mb4: LIKE and STARTS_WITH fail in the database; convert the column to utf8mb4' },
  { name: 'old_code', type: 'VARCHAR(50) CHARACTER SET utf8mb3', printed: 'varchar(50)', attribute: TEXT_ID, expected: 'ok' },
];

const SQLITE_ROWS: readonly Row[] = [
  {
    name: 'created_at',
    type: 'TEXT',
    attribute: TIMESTAMP,
    expected: "and the mapping reads it as Unix seconds; declare storage: { created_at: 'iso_text' } in the mapping of app_event",
  },
  {
    name: 'starts_at',
    type: 'INTEGER',
    attribute: TIMESTAMP,
    storage: 'timestamptz',
    expected:
      "and the mapping reads it as an instant (timestamptz), a type SQLite does not have; declare storage: { starts_at: 'unix_seconds' (or 'unix_milliseconds') } in the mapping of app_event",
  },
  // Records of Drizzle's integer({ mode: 'timestamp' }) hold Dates; the column holds seconds, which the mapping must say.
  {
    name: 'drizzle_at',
    type: 'INTEGER',
    attribute: { type: 'Timestamp', storage: 'date' },
    expected:
      "and the mapping reads it as an instant (timestamptz), a type SQLite does not have; declare storage: { drizzle_at: 'unix_seconds' (or 'unix_milliseconds') } in the mapping of app_event",
  },
  // The same column declared, and a DATETIME DEFAULT CURRENT_TIMESTAMP column of texts.
  { name: 'seen_at', type: 'INTEGER', attribute: { type: 'Timestamp', storage: 'date' }, storage: 'unix_seconds', expected: 'ok' },
  { name: 'logged_at', type: 'DATETIME', attribute: { type: 'Timestamp', storage: 'iso_text' }, expected: 'ok' },
  {
    name: 'changed_at',
    type: 'DATETIME',
    attribute: TIMESTAMP,
    storage: 'timestamp',
    expected:
      "and the mapping reads it as a wall-clock time (timestamp), a type SQLite does not have; declare storage: { changed_at: 'unix_seconds' (or 'unix_milliseconds', or 'iso_text' for texts) } in the mapping of app_event",
  },
  { name: 'seen_ms', type: 'REAL', attribute: { type: 'Timestamp', storage: 'unix_milliseconds' }, expected: 'ok' },
  {
    name: 'iso_at',
    type: 'INTEGER',
    attribute: { type: 'Timestamp', storage: 'iso_text' },
    expected:
      "and the mapping reads it as ISO-8601 text; declare storage: { iso_at: 'unix_seconds' (or 'unix_milliseconds') } in the mapping of app_event",
  },
  { name: 'amount', type: 'NUMERIC', attribute: NUMBER, expected: 'ok' },
  { name: 'quantity', type: 'TEXT', attribute: NUMBER, expected: NUMBER_AS_TEXT },
  { name: 'active', type: 'INTEGER', attribute: BOOLEAN, expected: 'ok' },
  { name: 'verified', type: 'BOOLEAN', attribute: BOOLEAN, expected: 'ok' },
  {
    name: 'enabled',
    type: 'TEXT',
    attribute: BOOLEAN,
    expected: 'and a Boolean needs 0 and 1 in an integer column; make it BOOLEAN or INTEGER',
  },
  { name: 'legacy_id', type: 'TEXT', attribute: INTEGER_ID, expected: INTEGER_ID_AS_TEXT },
  { name: 'account_id', type: 'INTEGER', attribute: INTEGER_ID, expected: 'ok' },
  {
    name: 'zip',
    type: 'INTEGER',
    attribute: STRING,
    expected: "and a String needs text (a number column turns '007' into 7); declare the attribute type: 'Number', or make the column text",
  },
  { name: 'note', type: '', printed: 'untyped (declared without a type)', attribute: STRING, expected: 'which keeps whatever is stored, and a String needs text; declare the column TEXT' },
  { name: 'berlin_text', type: 'TEXT', attribute: BERLIN_TEXT, expected: NO_ZONE_RULES('SQLite') },
  { name: 'enhanced', type: 'INTEGER', attribute: ZERO_ONE, expected: 'ok' },
  { name: 'title', type: 'VARCHAR(50)', attribute: STRING, expected: 'ok' },
  { name: 'ref_id', type: 'TEXT', attribute: UUID_ID, expected: 'ok' },
  // The collation is asked of SQLite itself ('a' = 'A', 'a' = 'a '): no pragma shows it.
  { name: 'nick', type: 'TEXT COLLATE NOCASE', printed: 'TEXT', attribute: STRING, expected: CASE_FOLDING('NOCASE', 'nick') },
  { name: 'email', type: 'TEXT COLLATE NOCASE', printed: 'TEXT', attribute: IGNORING_CASE('email'), expected: 'ok' },
  { name: 'motto', type: 'TEXT COLLATE NOCASE', printed: 'TEXT', attribute: LIKE_ONLY, expected: 'ok' },
  { name: 'sku', type: 'VARCHAR(20) COLLATE RTRIM', printed: 'VARCHAR(20)', attribute: STRING, expected: OTHER_FOLDING('RTRIM') },
  { name: 'handle', type: 'TEXT COLLATE NOCASE', printed: 'TEXT', attribute: TEXT_ID, expected: ID_FOLDING('NOCASE') },
  // A uuid's text is compared lower-cased.
  { name: 'device_id', type: 'TEXT COLLATE NOCASE', printed: 'TEXT', attribute: UUID_ID, expected: 'ok' },
  { name: 'label', type: 'TEXT COLLATE BINARY', printed: 'TEXT', attribute: STRING, expected: 'ok' },
];

const DUCKDB_ROWS: readonly Row[] = [
  {
    name: 'created_at',
    type: 'TIMESTAMPTZ',
    printed: 'TIMESTAMP WITH TIME ZONE',
    attribute: TIMESTAMP,
    expected: SECONDS_ON_AN_INSTANT,
  },
  { name: 'starts_at', type: 'TIMESTAMPTZ', printed: 'TIMESTAMP WITH TIME ZONE', attribute: TIMESTAMP, storage: 'timestamptz', expected: 'ok' },
  {
    name: 'local_at',
    type: 'TIMESTAMP',
    attribute: TIMESTAMP,
    storage: 'timestamptz',
    expected: "and the mapping reads it as an instant (timestamptz); declare storage: { local_at: 'timestamp' } in the mapping of app_event",
  },
  { name: 'wall_at', type: 'TIMESTAMP_MS', attribute: TIMESTAMP, storage: 'timestamp', expected: 'ok' },
  { name: 'iso_at', type: 'VARCHAR', attribute: { type: 'Timestamp', storage: 'iso_text' }, expected: 'ok' },
  {
    name: 'birthday',
    type: 'DATE',
    attribute: STRING,
    expected: 'and a String needs text (LIKE and EQ on a date fail in the database); make the column text, or a timestamp read by a Timestamp attribute',
  },
  { name: 'owner_id', type: 'UUID', attribute: UUID_ID, expected: "the engine's uuid type, which the mapping does not declare; declare storage: { owner_id: 'uuid' } in the mapping of app_event" },
  { name: 'buyer_id', type: 'UUID', attribute: UUID_ID, storage: 'uuid', expected: 'ok' },
  { name: 'amount', type: 'DECIMAL(12,2)', attribute: NUMBER, expected: DECIMAL_DIVERGENCE },
  { name: 'price', type: 'DOUBLE', attribute: NUMBER, expected: 'ok' },
  { name: 'active', type: 'INTEGER', attribute: BOOLEAN, expected: "and a Boolean needs a boolean column; make the column boolean, or declare storage: 'zero_one' on app_event.active if it holds 0 and 1" },
  { name: 'enhanced', type: 'TINYINT', attribute: ZERO_ONE, expected: 'ok' },
  { name: 'legacy_id', type: 'VARCHAR', attribute: INTEGER_ID, expected: INTEGER_ID_AS_TEXT },
  { name: 'account_id', type: 'BIGINT', attribute: INTEGER_ID, expected: 'ok' },
  { name: 'mood', type: 'app_mood', printed: "ENUM('happy', 'sad')", attribute: STRING, expected: LIKE_ON_ENUM },
  { name: 'status', type: 'app_mood', printed: "ENUM('happy', 'sad')", attribute: EQUALITY_ONLY, expected: 'ok' },
  { name: 'title', type: 'VARCHAR', attribute: STRING, expected: 'ok' },
  // duckdb_columns() shows no collation: it is asked of DuckDB itself ('a' = 'A', 'a' = 'á').
  { name: 'nick', type: 'VARCHAR COLLATE NOCASE', printed: 'VARCHAR', attribute: STRING, expected: CASE_FOLDING('NOCASE', 'nick') },
  { name: 'email', type: 'VARCHAR COLLATE NOCASE', printed: 'VARCHAR', attribute: IGNORING_CASE('email'), expected: 'ok' },
  { name: 'surname', type: 'VARCHAR COLLATE NOACCENT', printed: 'VARCHAR', attribute: STRING, expected: OTHER_FOLDING('NOACCENT') },
  { name: 'handle', type: 'VARCHAR COLLATE NOCASE.NOACCENT', printed: 'VARCHAR', attribute: TEXT_ID, expected: ID_FOLDING('NOCASE.NOACCENT', 'takes some different texts for equal (in case, accents or trailing spaces)') },
  { name: 'label', type: 'VARCHAR COLLATE C', printed: 'VARCHAR', attribute: STRING, expected: 'ok' },
];

const ROWS: { readonly [D in SqlDialectName]: readonly Row[] } = { postgres: POSTGRES_ROWS, mysql: MARIADB_ROWS, sqlite: SQLITE_ROWS, duckdb: DUCKDB_ROWS };

/** Types the rows use that the engine does not have built in. */
const SETUP: { readonly [D in SqlDialectName]: string } = {
  postgres: `DROP TABLE IF EXISTS app_event; DROP TYPE IF EXISTS app_mood; DROP DOMAIN IF EXISTS app_email;
DROP COLLATION IF EXISTS app_ci; DROP COLLATION IF EXISTS app_en;
CREATE TYPE app_mood AS ENUM ('happy', 'sad'); CREATE DOMAIN app_email AS text;
CREATE COLLATION app_ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false); CREATE COLLATION app_en (provider = icu, locale = 'en');`,
  mysql: 'DROP TABLE IF EXISTS app_event;',
  sqlite: 'DROP TABLE IF EXISTS app_event;',
  duckdb: `DROP TABLE IF EXISTS app_event;
DROP TYPE IF EXISTS app_mood;
CREATE TYPE app_mood AS ENUM ('happy', 'sad');`,
};

/**
 * A table and a view over it whose columns have collations, and the collations the catalog
 * reads of them (columns without one absent): SQLite and DuckDB are asked, since their catalogs
 * do not tell; a view's column keeps its table column's collation, and PostgreSQL's and
 * DuckDB's lower() keep it too, where SQLite's drops it.
 */
const COLLATED: { readonly [D in SqlDialectName]: { readonly ddl: string; readonly expected: Record<string, Record<string, ColumnCollation>> } } = {
  sqlite: {
    ddl: `CREATE TABLE app_collated (plain TEXT, nocase TEXT COLLATE NOCASE, rtrim VARCHAR(9) COLLATE RTRIM, "binary" TEXT COLLATE BINARY, n INTEGER);
CREATE VIEW app_collated_view AS SELECT nocase AS nick, lower(nocase) AS low FROM app_collated;`,
    expected: {
      app_collated: { nocase: { name: 'NOCASE', equality: 'case' }, rtrim: { name: 'RTRIM', equality: 'other' } },
      app_collated_view: { nick: { name: 'NOCASE', equality: 'case' } },
    },
  },
  postgres: {
    ddl: `CREATE COLLATION IF NOT EXISTS app_fold (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
CREATE COLLATION IF NOT EXISTS "App En" (provider = icu, locale = 'en');
CREATE TABLE app_collated (plain text, folded text COLLATE app_fold, c text COLLATE "C", en varchar(9) COLLATE "App En", n integer);
CREATE VIEW app_collated_view AS SELECT folded AS nick, lower(folded) AS low FROM app_collated;`,
    expected: {
      app_collated: { folded: { name: 'app_fold', equality: 'other' }, c: { name: '"C"', equality: 'exact' }, en: { name: '"App En"', equality: 'exact' } },
      app_collated_view: { nick: { name: 'app_fold', equality: 'other' }, low: { name: 'app_fold', equality: 'other' } },
    },
  },
  mysql: {
    ddl: `CREATE TABLE app_collated (ci VARCHAR(9) COLLATE utf8mb4_general_ci, bin VARCHAR(9) COLLATE utf8mb4_bin, latin TEXT CHARACTER SET latin1, n INT);
CREATE VIEW app_collated_view AS SELECT ci AS nick FROM app_collated;`,
    expected: {
      app_collated: {
        ci: { name: 'utf8mb4_general_ci', equality: 'other', characterSet: 'utf8mb4' },
        bin: { name: 'utf8mb4_bin', equality: 'exact', characterSet: 'utf8mb4' },
        latin: { name: 'latin1_swedish_ci', equality: 'other', characterSet: 'latin1' },
      },
      app_collated_view: { nick: { name: 'utf8mb4_general_ci', equality: 'other', characterSet: 'utf8mb4' } },
    },
  },
  duckdb: {
    ddl: `CREATE TABLE app_collated (plain VARCHAR, nocase VARCHAR COLLATE NOCASE, noaccent VARCHAR COLLATE NOACCENT, folded VARCHAR COLLATE NOCASE.NOACCENT, n INTEGER);
CREATE VIEW app_collated_view AS SELECT nocase AS nick, lower(nocase) AS low FROM app_collated;`,
    expected: {
      app_collated: { nocase: { name: 'NOCASE', equality: 'case' }, noaccent: { name: 'NOACCENT', equality: 'other' }, folded: { name: 'NOCASE.NOACCENT', equality: 'other' } },
      app_collated_view: { nick: { name: 'NOCASE', equality: 'case' }, low: { name: 'NOCASE', equality: 'case' } },
    },
  },
};

/** The table of the rows, the schema with an attribute per row, and the mapping with their storage entries. */
function appEvent(db: SqlDatabase, rows: readonly Row[]) {
  const q = (name: string) => (db.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const ddl = `CREATE TABLE app_event (${[`${q('id')} ${db.dialect === 'mysql' ? 'VARCHAR(40)' : 'TEXT'} PRIMARY KEY`, ...rows.map((r) => `${q(r.name)} ${r.type}`.trim())].join(', ')});`;
  const schema = defineSchema({
    entities: { app_event: { attributes: Object.fromEntries(rows.map((r) => [r.name, r.attribute])) } },
  });
  const storage = Object.fromEntries(rows.flatMap((r) => (r.storage === undefined ? [] : [[r.name, r.storage]])));
  return { ddl, schema, mapping: { app_event: { table: 'app_event', key: 'id', storage } } };
}

/** How each catalog prints an `INT` and a `DOUBLE PRECISION` column. */
const INT_PRINTED: Record<string, string> = { sqlite: 'INTEGER', postgres: 'integer', mysql: 'int(11)', duckdb: 'INTEGER' };
const DOUBLE_PRINTED: Record<string, string> = { sqlite: 'DOUBLE PRECISION', postgres: 'double precision', mysql: 'double', duckdb: 'DOUBLE' };

describe('checkSqlMapping', () => {
  const engine = useSqlEngines();

  describe.for(ENGINES)('%s', (name) => {
    test('the scheduling models’ own DDL passes, list order included', async () => {
      const { db } = engine(name);
      await createSchedulingTables(db, { replace: true });
      expect(await problems(db, schedulingSchema, schedulingSqlMapping, { listOrder: 'created_at' })).toEqual([]);
    });

    test('each column of app_event is accepted or refused as its row says', async () => {
      const { db } = engine(name);
      const rows = ROWS[db.dialect];
      const { ddl, schema, mapping } = appEvent(db, rows);
      await db.exec(`${SETUP[db.dialect]}\n${ddl}`);
      const found = await problems(db, schema, mapping);
      const expected = rows.flatMap((r) => (r.expected === 'ok' ? [] : [`app_event.${r.name}: column app_event.${r.name} is ${r.printed ?? r.type}, ${r.expected}`]));
      expect(found.sort()).toEqual(expected.sort());
    });

    test('the catalog reads each column\'s collation: its name, and what = takes for equal under it', async () => {
      const { db } = engine(name);
      const { ddl, expected } = COLLATED[db.dialect];
      await db.exec(`DROP VIEW IF EXISTS app_collated_view;\nDROP TABLE IF EXISTS app_collated;\n${ddl}`);
      const catalog = await readCatalog(db, ['app_collated', 'app_collated_view']);
      const collations = Object.fromEntries(
        [...catalog].map(([table, columns]) => [table, Object.fromEntries([...columns].flatMap(([c, column]) => (column.collation === undefined ? [] : [[c, column.collation]])))]),
      );
      expect(collations).toEqual(expected);
    });

    test('acceptDecimal accepts a NUMERIC column for a Number', async () => {
      const { db } = engine(name);
      const type = db.dialect === 'sqlite' ? 'NUMERIC' : 'DECIMAL(12,2)';
      await db.exec(`DROP TABLE IF EXISTS app_total;\nCREATE TABLE app_total (id ${db.dialect === 'mysql' ? 'VARCHAR(40)' : 'TEXT'} PRIMARY KEY, total ${type});`);
      const schema = defineSchema({ entities: { app_total: { attributes: { total: NUMBER } } } });
      const mapping = { app_total: { table: 'app_total', key: 'id' } };
      expect(await problems(db, schema, mapping, { acceptDecimal: true })).toEqual([]);
      expect((await problems(db, schema, mapping)).length).toBe(db.dialect === 'sqlite' ? 0 : 1);
    });
    test('a Number over an integer column declares storage integer where the engine takes only integers against it', async () => {
      const { db } = engine(name);
      const text = db.dialect === 'mysql' ? 'VARCHAR(40)' : 'TEXT';
      const integer = db.dialect === 'sqlite' ? 'INTEGER' : 'INT';
      await db.exec(`DROP TABLE IF EXISTS app_hero;\nCREATE TABLE app_hero (id ${text} PRIMARY KEY, age ${integer}, weight DOUBLE PRECISION);`);
      const schema = defineSchema({ entities: { app_hero: { attributes: { age: NUMBER, weight: NUMBER } } } });
      const plain = await problems(db, schema, { app_hero: { table: 'app_hero', key: 'id' } });
      const declared = await problems(db, schema, { app_hero: { table: 'app_hero', key: 'id', storage: { age: 'integer', weight: 'integer' } } });
      const refusal = 'app_hero.age: column app_hero.age is %s, which holds only integers, and PostgreSQL refuses a bound such as 14.5 or 3000000000 against it; declare storage: { age: \'integer\' } in the mapping of app_hero, and tql compares the integers a bound allows';
      // MySQL/MariaDB, SQLite and DuckDB compare any number with an integer column; the entry is optional there.
      expect(plain).toEqual(db.dialect === 'postgres' ? [refusal.replace('%s', INT_PRINTED[db.dialect]!)] : []);
      expect(declared).toEqual([`app_hero.weight: column app_hero.weight is ${DOUBLE_PRINTED[db.dialect]}, and the mapping says it holds integers; remove storage: { weight: 'integer' } from the mapping of app_hero`]);
    });
  });

  describe('tables and columns the mapping names', () => {
    const schema = defineSchema({
      entities: {
        ticket: {
          attributes: {
            subject: STRING,
            opened_at: TIMESTAMP,
            tag: { type: 'String', source: { kind: 'element', arrays: ['tags'], where: { field: 'kind', oneOf: ['label'] }, value: 'name' } },
          },
        },
      },
    });

    test.for(ENGINES)('%s: a missing table, a misspelt column, a foreign key of another type and a tag column of numbers', async (name) => {
      const { db } = engine(name);
      const text = db.dialect === 'mysql' ? 'VARCHAR(40)' : 'TEXT';
      await db.exec(
        [
          'DROP TABLE IF EXISTS ticket_tag;',
          'DROP TABLE IF EXISTS ticket;',
          `CREATE TABLE ticket (id ${text} PRIMARY KEY, subjekt ${text}, opened_at BIGINT);`,
          `CREATE TABLE ticket_tag (ticket_id BIGINT, kind INTEGER, name ${text});`,
        ].join('\n'),
      );
      const ok = { ticket: { table: 'ticket', key: 'id', columns: { subject: 'subjekt' }, collections: { tags: { table: 'ticket_tag', foreignKey: 'ticket_id' } } } };
      const integerType = { sqlite: 'INTEGER', postgres: 'integer', mysql: 'int(11)', duckdb: 'INTEGER' }[db.dialect];
      const bigint = { sqlite: 'BIGINT', postgres: 'bigint', mysql: 'bigint(20)', duckdb: 'BIGINT' }[db.dialect];
      const textType = { sqlite: 'TEXT', postgres: 'text', mysql: 'varchar(40)', duckdb: 'VARCHAR' }[db.dialect];
      expect(await problems(db, schema, ok)).toEqual([
        `ticket.collections.tags: column ticket_tag.ticket_id is ${bigint} and holds the key ticket.id, which is ${textType}; make the two columns one type`,
        `ticket.tag: column ticket_tag.kind is ${integerType}, and it is compared with text; make the column text`,
      ]);
      expect(await problems(db, schema, { ticket: { ...ok.ticket, columns: {} } })).toEqual([
        "ticket.subject: column ticket.subject is not in the database (did you mean subjekt?); add it, or correct columns: { subject: '…' } in the mapping of ticket",
        `ticket.collections.tags: column ticket_tag.ticket_id is ${bigint} and holds the key ticket.id, which is ${textType}; make the two columns one type`,
        `ticket.tag: column ticket_tag.kind is ${integerType}, and it is compared with text; make the column text`,
      ]);
      expect(await problems(db, schema, { ticket: { ...ok.ticket, table: 'tickets' } }, { listOrder: 'created_at' })).toEqual([
        'ticket: table tickets is not in the database; create it, or correct table in the mapping of ticket',
      ]);
      expect(await problems(db, schema, ok, { entities: [], listOrder: 'created_at' })).toEqual([]);
      const wrongEntity = await rejectionOf(checkSqlMapping(db, schema, ok, { entities: ['tickets'] }));
      expect([wrongEntity.code, wrongEntity.issues[0].message]).toEqual(['invalid_option', 'entities names "tickets", which the schema does not have; use some of ticket.']);
    });

    test.for(ENGINES.filter((n) => n === 'sqlite' || n === 'duckdb'))('%s: a key and an element tag whose collation folds case: "T-1" and "t-1" would be one ticket, "LABEL" a label', async (name) => {
      const { db } = engine(name);
      const text = db.dialect === 'sqlite' ? 'TEXT' : 'VARCHAR';
      await db.exec(
        [
          'DROP TABLE IF EXISTS ticket_tag;',
          'DROP TABLE IF EXISTS ticket;',
          `CREATE TABLE ticket (id ${text} COLLATE NOCASE PRIMARY KEY, subject ${text}, opened_at BIGINT);`,
          `CREATE TABLE ticket_tag (ticket_id ${text}, kind ${text} COLLATE NOCASE, name ${text});`,
        ].join('\n'),
      );
      const mapping = { ticket: { table: 'ticket', key: 'id', collections: { tags: { table: 'ticket_tag', foreignKey: 'ticket_id' } } } };
      expect(await problems(db, schema, mapping)).toEqual([
        `ticket.tag: column ticket_tag.kind is ${text}, whose collation NOCASE compares case-insensitively, and it is compared with the schema's texts exactly; declare the column without the collation`,
        `ticket key: column ticket.id is ${text}, whose collation NOCASE compares case-insensitively, so two keys would be one; declare the column without the collation`,
      ]);
    });
  });

  test.runIf(ENGINES.includes('mariadb'))('mariadb: why a latin1 column is refused: EQ café selects nothing where café is stored, and LIKE fails', async () => {
    const { db } = engine('mariadb');
    await db.exec("DROP TABLE IF EXISTS app_latin;\nCREATE TABLE app_latin (id VARCHAR(40) PRIMARY KEY, name VARCHAR(40) CHARACTER SET latin1);\nINSERT INTO app_latin VALUES ('l1', 'café');");
    const schema = defineSchema({ entities: { app_latin: { attributes: { name: STRING } } } });
    const mapping = { app_latin: { table: 'app_latin', key: 'id' } };
    const run = (text: string) => db.all<{ id: string }>(selectSql(check(text, schema, 'app_latin'), { dialect: 'mysql', mapping }));
    expect(filterRecords(check('app_latin.name EQ café', schema, 'app_latin'), [{ id: 'l1', name: 'café' }])).toHaveLength(1);
    expect(await run('app_latin.name EQ café')).toEqual([]);
    await expect(run('app_latin.name LIKE caf')).rejects.toThrow("COLLATION 'utf8mb4_bin' is not valid for CHARACTER SET 'latin1'");
    expect(await problems(db, schema, mapping)).toHaveLength(1);
  });

  test.runIf(ENGINES.includes('pglite'))('the error: one TqlError, an issue per problem, each naming the attribute and the column', async () => {
    const { db } = engine('pglite');
    await db.exec('DROP TABLE IF EXISTS booking; CREATE TABLE booking (id uuid PRIMARY KEY, created_at timestamptz, amount numeric, note date);');
    const schema = defineSchema({
      entities: {
        booking: { attributes: { id: { type: 'ID', id: { kind: 'uuid' } }, created_at: TIMESTAMP, amount: NUMBER, note: STRING, guests: NUMBER } },
      },
    });
    const error = await rejectionOf(checkSqlMapping(db, schema, { booking: { table: 'booking', key: 'id' } }));
    expect(error.code).toBe('mapping_mismatch');
    expect(error.message).toMatchInlineSnapshot(`
      "mapping_mismatch: The mapping does not fit the database: booking.id: column booking.id is uuid, the engine's uuid type, which the mapping does not declare; declare storage: { id: 'uuid' } in the mapping of booking.
      mapping_mismatch: The mapping does not fit the database: booking.created_at: column booking.created_at is timestamp with time zone, and the mapping reads it as Unix seconds; declare storage: { created_at: 'timestamptz' } in the mapping of booking.
      mapping_mismatch: The mapping does not fit the database: booking.amount: column booking.amount is numeric, whose exact decimals compare otherwise than the doubles tql compares (docs/language.md, rule 6); make it double precision, or pass { acceptDecimal: true } to accept that divergence.
      mapping_mismatch: The mapping does not fit the database: booking.note: column booking.note is date, and a String needs text (LIKE and EQ on a date fail in the database); make the column text, or a timestamp read by a Timestamp attribute.
      mapping_mismatch: The mapping does not fit the database: booking.guests: column booking.guests is not in the database; add it, or correct columns: { guests: '…' } in the mapping of booking."
    `);
  });
});
