/**
 * SQL dialects as plain objects: each difference between engines is one named hook, so a new
 * dialect is one more object in {@link SQL_DIALECTS}.
 */
import { describeValue } from '../../errors/describe-value.js';
import { optionError } from '../../errors/tql-error.js';
import { orList } from '../../errors/wording.js';
import type { CatalogReader } from './catalog.js';
import { duckdbCatalog } from './catalog-duckdb.js';
import { mysqlCatalog } from './catalog-mysql.js';
import { postgresCatalog } from './catalog-postgres.js';
import { sqliteCatalog } from './catalog-sqlite.js';
import { postgresJsonInserts, valuesInserts, type InsertRows } from './insert-rows.js';
import { INSTANT_WRITERS, type InstantWriters } from './instant-sql.js';
import { duckdbLowerProbe, mysqlLowerProbe, postgresLowerProbe, sqliteLowerProbe, type LowerProbe } from './lower-probes.js';
import { SORT_KEYS, type SortKeySyntax } from './sort-keys.js';
import { quoteBacktickIdentifier, quoteIdentifier } from './sql-text.js';
import { ARRAY_COLUMN_READERS, type ArrayColumnReaders } from './array-column.js';

/**
 * How `LIKE` folds case on the stored side (the query's value is always folded with JavaScript's
 * `toLowerCase` before it is bound):
 *
 * - `database`: the engine's own `lower()`. PostgreSQL folds by the column's collation (ICU: as
 *   JavaScript; libc or builtin UTF-8 locales: per character, so `İ`→`i` and no final sigma; `C`:
 *   ASCII only); SQLite folds ASCII only. `docs/backends-sql.md` has the exact conditions.
 * - `unicode`: JavaScript's `toLowerCase` exactly. PostgreSQL: `lower(x COLLATE "und-x-icu")`
 *   (needs a server built with ICU, as PGlite and the common distributions are); SQLite: the
 *   `tql_lower` function that {@link registerTqlFunctions} adds to a better-sqlite3 database.
 */
export type CaseFolding = 'database' | 'unicode';

/** Keyed by {@link CaseFolding}, so a new folding is listed here or nothing compiles. */
const FOLDING_NAMES: { readonly [F in CaseFolding]: true } = { database: true, unicode: true };

/** Every {@link CaseFolding}: what the option is checked against, and the choices offered. */
export const CASE_FOLDINGS = Object.keys(FOLDING_NAMES) as readonly CaseFolding[];

/**
 * What differs between SQL engines, one hook each. Pass one of the built-in dialects
 * ({@link postgres}, {@link sqlite}, {@link mysql}, {@link duckdb}) or its name; write your own object for another engine.
 */
export interface SqlDialect {
  readonly name: string;
  /** The engine as messages name it: `PostgreSQL`. */
  readonly title: string;
  /** The placeholder of the `n`-th bound value, counting from 1. */
  placeholder(n: number): string;
  /** The most bound values one statement may have. */
  readonly maxParameters: number;
  /** The longest LIKE pattern the engine accepts, in UTF-8 bytes (none when absent). */
  readonly maxLikePatternBytes?: number;
  /** An identifier from the mapping, quoted and escaped. */
  quoteIdentifier(name: string): string;
  /** A boolean as this dialect's drivers bind it. */
  bindBoolean(value: boolean): unknown;
  /** SQL that lower-cases the text expression `expr`. */
  lower(expr: string, folding: CaseFolding): string;
  /**
   * Whether {@link lower} and {@link like} can fold as JavaScript does (`caseFolding: 'unicode'`);
   * default true. Where false, compiling with that folding is an `invalid_option` error raised
   * before any hook is called, so the hooks only ever see `database`.
   */
  readonly unicodeFolding?: boolean;
  /**
   * How `lower()` under `caseFolding: 'database'` may fold otherwise than JavaScript's
   * `toLowerCase`, as the dialect's docs say it; absent where it folds exactly so. The dialect's
   * backend in the registry declares it as its `unicode-case-folding` divergence.
   */
  readonly databaseFolding?: string;
  /**
   * `expr LIKE pattern` (or `NOT LIKE`), case-insensitive as `folding` says, where `pattern` is a
   * placeholder bound to a lower-cased {@link likePattern} (escape character
   * {@link likeEscape}, wildcards {@link likeWildcards}).
   */
  like(expr: string, pattern: string, negated: boolean, folding: CaseFolding): string;
  /** The escape character `like()` declares; default `\`. */
  readonly likeEscape?: string;
  /**
   * The characters the engine's LIKE reads as wildcards, each escaped in a bound pattern
   * ({@link likePattern}); default `%_`. T-SQL's LIKE also reads `[…]` as a set: `%_[`.
   */
  readonly likeWildcards?: string;
  /**
   * The exact complement of a condition: TRUE wherever `condition` is not TRUE, also where it is
   * NULL (a positive comparison on a NULL column). Written for `NOT ( … )` and every negative
   * comparison whose positive form may be NULL. Default `NOT COALESCE(condition, FALSE)`; an
   * engine without boolean values writes `CASE WHEN condition THEN 1 ELSE 0 END = 0`.
   */
  complement?(condition: string): string;
  /**
   * The characters of the text `expr` from the `from`-th (counting from 1), `length` of them or
   * to its end where `length` is absent, counting code points: how an ignored prefix
   * (`ignorePrefix`) is tested and dropped. Default `substr(expr, from[, length])`.
   */
  substring?(expr: string, from: number, length?: number): string;
  /**
   * `left` equal to one of `rights` (`negated`: to none of them), where `left` is not NULL:
   * an equality or IN list that sees both sides, for an engine whose `=` cannot be made exact
   * by writing one side ({@link exactText}), as SQL Server's ignores trailing spaces. `text`
   * says whether the operands are texts (each right one already written by `exactText`).
   * Default `left = r`, `left IN (r, …)`, `<>`, `NOT IN`.
   */
  equality?(left: string, rights: readonly string[], how: EqualityHow): string;
  /**
   * `left` is NULL or differs from `right` (the operand of a non-NULL value, as {@link equality}
   * takes it): the exact complement of `left = right` that `NOT_EQ` compiles to, written as one
   * test where the engine has one that costs no more than `<>` (SQLite: `left IS NOT right`).
   * Default `(left IS NULL OR …)` around {@link equality}'s `<>`.
   */
  nullOrUnequal?(left: string, right: string, how: EqualityHow): string;
  /**
   * A long list of texts bound as one value, where the engine seeks one bound collection faster
   * than a list of placeholders (SQLite: a JSON array read by `json_each`); absent where it does
   * not. Only texts go this way, which compare as a list of placeholders would on any column.
   */
  readonly boundList?: BoundList;
  /**
   * A text operand compared with `=`, `IN` or a range (a placeholder, or the literal of a schema
   * constant such as an element type), written so the comparison is exact (by code point) where
   * the engine's default collation is not; absent where it already is. Written on the value side
   * so an index on the column still serves the comparison.
   */
  exactText?(operand: string): string;
  /** What the engine's `CREATE INDEX` takes, and the kinds of index it offers. */
  readonly indexes: IndexSyntax;
  /**
   * The clause that keeps the first `count` rows (a placeholder) of an ordered SELECT, written
   * after its ORDER BY: `LIMIT $2`; `OFFSET 0 ROWS FETCH NEXT @p2 ROWS ONLY` on SQL Server.
   */
  limitRows(count: string): string;
  /**
   * Whether row values compare (`(a, b) < (x, y)`), as keyset pages bound the list order; where
   * not, the bound is written out (`a < x OR (a = x AND b < y)`).
   */
  readonly rowValues: boolean;
  /**
   * A condition as a value of a select list (`EXISTS (…) AS x`): the condition itself where the
   * engine has boolean values; `CASE WHEN … THEN 1 ELSE 0 END` on SQL Server, which has none.
   */
  conditionValue(condition: string): string;
  /** What the engine's columns can hold: how `checkSqlMapping` judges a column's type. */
  readonly columns: ColumnFacts;
  /** What a `CREATE TABLE` may say, and how temporary tables are named and dropped. */
  readonly ddl: DdlFacts;
  /**
   * How the database's catalog says what its columns are (`checkSqlMapping`, `openSqlListStore`);
   * undefined where tql cannot read it, and checking a mapping is then an `invalid_option` error.
   */
  readonly catalog: CatalogReader | undefined;
  /**
   * How "some element row" is written: `exists`, a correlated `EXISTS (SELECT 1 …)`, or `in`,
   * `key IN (SELECT foreignKey …)`, which an engine that runs a correlated subquery once per
   * row (SQLite) can answer from an index on the element table instead.
   */
  readonly collections: 'exists' | 'in';
  /**
   * What makes text compare by bytes where the database's default may follow a locale, written
   * after a column (` COLLATE "C"`); empty where the default already does.
   */
  readonly bytewise: string;
  /**
   * How a list order's keys are written (sort-sql.ts): a Number's finite value, a uuid column's
   * order, the whole second of each instant storage, text by bytes, where NULL sorts and what an
   * index on an order says of each item.
   */
  readonly sortKeys: SortKeySyntax;
  /**
   * How Timestamp comparisons are written for each column storage (instant-sql.ts). A dialect
   * without it compares only `unix_seconds` columns, as plain numbers; a dialect object made by
   * spreading a built-in one (`{ ...postgres, name: 'citus' }`) keeps the built-in's, and a
   * dialect of another engine may take a built-in table and replace a writer
   * (`{ ...INSTANT_WRITERS.postgres, timestamptz: … }`, {@link writeInstantRange}).
   */
  readonly instants?: InstantWriters;
  /**
   * A bound compared with an integer column (`storage: 'integer'`), written so that the engine
   * reads it as a 64-bit integer (`$1::bigint`): tql binds the integers a Number bound allows
   * (`GT 14.5` is `>= 15`), which every integer type then compares with, and NULL where none
   * can match. Absent where an integer column may hold other numbers too (SQLite's INTEGER
   * affinity keeps `14.5` as a real): the column is then compared with the query's number as it is.
   */
  readonly integerBound?: (placeholder: string) => string;
  /**
   * Whether the engine has a uuid column type that compares canonically (`storage: 'uuid'`):
   * PostgreSQL, DuckDB, MariaDB 10.7+. Default false.
   */
  readonly uuidType?: boolean;
  /**
   * How a statement builds JSON, so that a row can bring its collections with it (a list page
   * in one statement). Absent where the engine has none; then records are read another way.
   */
  readonly json?: JsonBuilders;
  /**
   * A statement whose rows `(cp, l)` are the code points 1–U+10FFFF (no surrogates) that `lower`,
   * applied to the SQL of one character, changes, with what it makes of them: how
   * `measureFolding` learns the engine's folding. Absent where the engine cannot list them;
   * measuring is then an `invalid_option` error.
   */
  readonly lowerProbe?: LowerProbe;
  /**
   * The statements that insert many rows into one table, where the engine has a faster way than
   * a multi-row `VALUES` list with as many bound values as it takes (PostgreSQL: one JSON
   * parameter; DuckDB: fewer values per statement).
   */
  readonly insertRows?: InsertRows;
  /**
   * How arrays held in one column of the row are read (a mapping's `{ column, holds }`
   * collection), by the form they are held in; absent, or without that form, where the engine
   * cannot read it, and compiling a comparison on such an array is then an `unsupported` error.
   */
  readonly arrayColumns?: ArrayColumnReaders;
}

/**
 * What an engine's `CREATE INDEX` takes, and which index kinds it offers beyond a B-tree.
 *
 * @example
 * ```ts
 * postgres.indexes; // { ifNotExists: true, expressions: true, equality: 'hash', substring: 'trigram', prefix: 'trigram' }
 * ```
 */
export interface IndexSyntax {
  /** `CREATE INDEX IF NOT EXISTS` (MySQL 8 has no such clause). */
  readonly ifNotExists: boolean;
  /** An index on an expression (a variant's `CASE`) rather than on columns only (MariaDB: columns only). */
  readonly expressions: boolean;
  /**
   * The index for a String compared by EQ and IN only: `btree`, or `hash` (PostgreSQL's
   * `USING hash`, which takes text of any length where a B-tree entry is limited).
   */
  readonly equality: 'btree' | 'hash';
  /** The index that serves `LIKE '%…%'`: `trigram` (PostgreSQL's `pg_trgm` GIN), or `none`. */
  readonly substring: 'trigram' | 'none';
  /**
   * The index that serves `STARTS_WITH` (`LIKE 'x%'` on the folded text): `trigram` (the
   * trigram index of {@link substring}, which serves a prefix pattern too; PostgreSQL), `nocase`
   * (SQLite: the column `COLLATE NOCASE`, which its LIKE optimization uses when LIKE folds case
   * by itself: `caseFolding: 'database'` and `PRAGMA case_sensitive_like` off, the default), or
   * `none` (the default). Not a B-tree with `text_pattern_ops` on PostgreSQL: its entries hold
   * at most 2,704 bytes, so a longer text could not be stored at all.
   */
  readonly prefix?: 'trigram' | 'nocase' | 'none';
}

/**
 * What an engine's columns can hold, where it decides whether a column fits an attribute.
 *
 * @example
 * ```ts
 * sqlite.columns; // { booleans: 'integer', timestampTypes: false, looseDatetimes: true }
 * ```
 */
export interface ColumnFacts {
  /** How a Boolean is stored: a `boolean` type, or 0 and 1 in an `integer` column ({@link SqlDialect.bindBoolean} binds them so). */
  readonly booleans: 'boolean' | 'integer';
  /** Whether the engine has timestamp column types (`timestamptz`, `timestamp`); SQLite has none. */
  readonly timestampTypes: boolean;
  /**
   * Whether a column declared `DATE`/`DATETIME` of numeric kind may hold texts as well as numbers
   * (SQLite's NUMERIC affinity keeps the texts `CURRENT_TIMESTAMP` writes as texts).
   */
  readonly looseDatetimes: boolean;
  /**
   * Whether a bound compared with an integer column must be an integer of the column's type: a
   * parameter is typed as the column (PostgreSQL: `GT 14.5` is `invalid input syntax for type
   * integer`), so `checkSqlMapping` asks for `storage: 'integer'` there. Elsewhere the engine
   * compares any number with the column. Default false.
   */
  readonly integersTakeOnlyIntegers?: boolean;
}

/** A portable kind of column, before a dialect names its type. */
export type DdlColumnKind = 'text' | 'key' | 'integer' | 'double' | 'boolean' | 'timestamptz' | 'uuid';

/**
 * What a `CREATE TABLE` may say on this engine.
 *
 * @example
 * ```ts
 * duckdb.ddl.types.timestamptz; // 'TIMESTAMPTZ'
 * duckdb.ddl.cascadingDeletes;  // false
 * ```
 */
export interface DdlFacts {
  /**
   * The type of each kind of column tql creates (the reference tables, `sqlTarget`'s temporary
   * tables); an instant or uuid type undefined where the engine has none. Text of any length is
   * stored whole; `key` (ids and tags) compares by bytes and without padding, as on every engine.
   */
  readonly types: { readonly [K in DdlColumnKind]: K extends 'timestamptz' | 'uuid' ? string | undefined : string };
  /** What follows a `CREATE TABLE`'s columns: MySQL's character set (its collation the default). */
  readonly tableOptions: string;
  /** Whether `REFERENCES … ON DELETE CASCADE` is accepted (DuckDB refuses it). */
  readonly cascadingDeletes: boolean;
  /** Whether a boolean column needs `CHECK (c IN (0, 1))` to refuse other values (SQLite's columns take any). */
  readonly checkBooleans: boolean;
  /**
   * The schema that names a temporary table for this connection only (`pg_temp`, `temp`), so a
   * statement cannot reach a permanent table of the same name; undefined where there is none.
   */
  readonly temporarySchema: string | undefined;
  /** How a temporary table is dropped: `DROP TABLE`, or `DROP TEMPORARY TABLE` (MySQL), which never drops a permanent one. */
  readonly dropTemporary: string;
}

/** What an {@link SqlDialect.equality} writes: equal to one of the operands or to none, texts or not. */
export interface EqualityHow {
  readonly negated: boolean;
  /** Whether the operands are texts. */
  readonly text: boolean;
  /** Whether the query lists the operands (`IN`), so that one operand is a list of one: `IN ($1)`. */
  readonly list: boolean;
}

/**
 * How a dialect binds a long list of texts (`IN` and `NOT_IN`, and an ignored prefix's stored
 * forms) as one value: {@link SqlDialect.boundList}.
 *
 * @example
 * ```ts
 * const list = sqlite.boundList!;
 * list.value(['a', 'b']);            // '["a","b"]'
 * list.write('"email"', '?', false); // '"email" IN (SELECT value FROM json_each(?))'
 * ```
 */
export interface BoundList {
  /** The fewest texts bound as one value; a shorter list gets a placeholder per text. */
  readonly from: number;
  /** The one value that stands for `texts`. */
  value(texts: readonly string[]): string;
  /** `left` equal to one of the texts `placeholder` stands for (`negated`: to none), where `left` is not NULL. */
  write(left: string, placeholder: string, negated: boolean): string;
}

/** `LIMIT n`: every built-in engine's way of keeping the first rows. */
const limitClause = (count: string) => `LIMIT ${count}`;

/** The condition as it is: every built-in engine selects a condition as a boolean (or 0 and 1). */
const asItIs = (condition: string) => condition;

/**
 * JSON built in SQL. Keys are written as string literals: give names from code, not input.
 *
 * @example
 * ```ts
 * const { object, arrayAgg } = postgres.json!;
 * // A JSON array of {"type": …} objects in position order, [] where no row matches:
 * const types = `(SELECT ${arrayAgg(object([['type', 'e."type"']]), 'e."position"')} FROM "associated_entity" e WHERE e."request_id" = r."id")`;
 * ```
 */
export interface JsonBuilders {
  /** A JSON object of `pairs` (key, SQL expression), in order. */
  object(pairs: readonly (readonly [string, string])[]): string;
  /** The aggregate of the JSON values `value` over a subquery's rows, as a JSON array in `orderBy` order; `[]` for no rows. */
  arrayAgg(value: string, orderBy: string): string;
}

/** A key of a JSON object, as a string literal. */
const jsonKey = (key: string) => `'${key.replaceAll("'", "''")}'`;
const jsonPairs = (pairs: readonly (readonly [string, string])[]) => pairs.map(([k, v]) => `${jsonKey(k)}, ${v}`).join(', ');

const likeOperator = (negated: boolean) => (negated ? 'NOT LIKE' : 'LIKE');

/** `NOT COALESCE(c, FALSE)`: FALSE wherever `c` is not TRUE, so its NOT is TRUE exactly there; every built-in engine has boolean values. */
const notCoalesce = (condition: string) => `NOT COALESCE(${condition}, FALSE)`;

/** `substr(x, from[, length])`: every built-in engine counts code points (characters) from 1. */
const substr = (expr: string, from: number, length?: number) => (length === undefined ? `substr(${expr}, ${from})` : `substr(${expr}, ${from}, ${length})`);

/** `=`, `IN`, `<>`, `NOT IN`: exact on every built-in engine once `exactText` wrote the text side. */
const plainEquality = (left: string, rights: readonly string[], { negated, list }: EqualityHow) =>
  !list ? `${left} ${negated ? '<>' : '='} ${rights[0]!}` : `${left} ${negated ? 'NOT IN' : 'IN'} (${rights.join(', ')})`;

/** The fragments every built-in dialect writes alike, named so each dialect object lists them. */
const STANDARD_FRAGMENTS = { complement: notCoalesce, substring: substr, equality: plainEquality } as const;

/** PostgreSQL (server, PGlite): `$1` placeholders, real booleans. */
export const postgres: SqlDialect = {
  name: 'postgres',
  title: 'PostgreSQL',
  placeholder: (n) => `$${n}`,
  // The wire protocol counts parameters in 16 bits.
  maxParameters: 65_535,
  quoteIdentifier,
  bindBoolean: (value) => value,
  ...STANDARD_FRAGMENTS,
  // "und-x-icu" is the ICU root locale: its full lower-case mapping is the one JavaScript uses.
  lower: postgresLower,
  unicodeFolding: true,
  databaseFolding: "lower() folds by the database's collation, as JavaScript under ICU only (docs/backends-sql.md, 'Case folding')",
  // E'\\' is one backslash whether standard_conforming_strings is on or off ('\' is an
  // unterminated literal when it is off).
  like: (expr, pattern, negated, folding) => `${postgresLower(expr, folding)} ${likeOperator(negated)} ${pattern} ESCAPE E'\\\\'`,
  collections: 'exists',
  bytewise: ' COLLATE "C"',
  // Strings have no ranges: a hash index serves their EQ and IN, whatever the text's length (a
  // B-tree entry is limited to 2,704 bytes).
  indexes: { ifNotExists: true, expressions: true, equality: 'hash', substring: 'trigram', prefix: 'trigram' },
  limitRows: limitClause,
  rowValues: true,
  conditionValue: asItIs,
  columns: { booleans: 'boolean', timestampTypes: true, looseDatetimes: false, integersTakeOnlyIntegers: true },
  ddl: {
    // A B-tree entry holds 2,704 bytes: the longest key (primary keys, the list-order index).
    types: { text: 'text', key: 'text', integer: 'bigint', double: 'double precision', boolean: 'boolean', timestamptz: 'timestamptz', uuid: 'uuid' },
    tableOptions: '',
    cascadingDeletes: true,
    checkBooleans: false,
    temporarySchema: 'pg_temp',
    dropTemporary: 'DROP TABLE',
  },
  catalog: postgresCatalog,
  instants: INSTANT_WRITERS.postgres,
  integerBound: (p) => `${p}::bigint`,
  sortKeys: SORT_KEYS.postgres,
  uuidType: true,
  json: {
    object: (pairs) => `json_build_object(${jsonPairs(pairs)})`,
    arrayAgg: (value, orderBy) => `coalesce(json_agg(${value} ORDER BY ${orderBy}), '[]'::json)`,
  },
  lowerProbe: postgresLowerProbe,
  insertRows: postgresJsonInserts(quoteIdentifier),
  arrayColumns: ARRAY_COLUMN_READERS.postgres,
};

function postgresLower(expr: string, folding: CaseFolding): string {
  return folding === 'unicode' ? `lower(${expr} COLLATE "und-x-icu")` : `lower(${expr})`;
}

/**
 * The fewest texts SQLite binds as one JSON array. Measured on 200k rows (docs/performance.md,
 * SQL section): on an index `x IN (SELECT value FROM json_each(?))` takes 0.4–0.6 of the time of
 * a placeholder list at any length; on a scan a list of two or three is cheaper (up to 2x), and
 * from four on the two are level.
 */
const SQLITE_BOUND_LIST_FROM = 4;

/** SQLite (better-sqlite3): `?` placeholders, booleans as 0 and 1. */
export const sqlite: SqlDialect = {
  name: 'sqlite',
  title: 'SQLite',
  placeholder: () => '?',
  // SQLITE_MAX_VARIABLE_NUMBER since SQLite 3.32.
  maxParameters: 32_766,
  // SQLITE_MAX_LIKE_PATTERN_LENGTH.
  maxLikePatternBytes: 50_000,
  quoteIdentifier,
  bindBoolean: (value) => (value ? 1 : 0),
  ...STANDARD_FRAGMENTS,
  lower: (expr, folding) => (folding === 'unicode' ? `tql_lower(${expr})` : `lower(${expr})`),
  unicodeFolding: true,
  databaseFolding: "SQLite's LIKE folds ASCII letters only (docs/backends-sql.md, 'Case folding')",
  // SQLite's own LIKE folds ASCII letters and nothing else, exactly as its lower() does, so the
  // database folding needs no lower() (1.3–1.6x faster), as long as PRAGMA case_sensitive_like
  // is off, its default.
  like: (expr, pattern, negated, folding) =>
    `${folding === 'unicode' ? `tql_lower(${expr})` : expr} ${likeOperator(negated)} ${pattern} ESCAPE '\\'`,
  // One test per row where `x IS NULL OR x <> ?` makes two; exactly the same rows.
  nullOrUnequal: (left, right) => `${left} IS NOT ${right}`,
  boundList: {
    from: SQLITE_BOUND_LIST_FROM,
    // JSON.stringify escapes a lone surrogate as json_each decodes it: to the bytes a bound text has.
    value: (texts) => JSON.stringify(texts),
    write: (left, placeholder, negated) => `${left} ${negated ? 'NOT IN' : 'IN'} (SELECT value FROM json_each(${placeholder}))`,
  },
  collections: 'in',
  // SQLite's default BINARY collation compares bytes.
  bytewise: '',
  indexes: { ifNotExists: true, expressions: true, equality: 'btree', substring: 'none', prefix: 'nocase' },
  limitRows: limitClause,
  rowValues: true,
  conditionValue: asItIs,
  // No boolean or timestamp types: a column's declared type only sets its affinity.
  columns: { booleans: 'integer', timestampTypes: false, looseDatetimes: true },
  ddl: {
    // No boolean type: 0 and 1, checked (checkBooleans); no instant or uuid type.
    types: { text: 'TEXT', key: 'TEXT', integer: 'INTEGER', double: 'REAL', boolean: 'INTEGER', timestamptz: undefined, uuid: undefined },
    tableOptions: '',
    cascadingDeletes: true,
    checkBooleans: true,
    temporarySchema: 'temp',
    dropTemporary: 'DROP TABLE',
  },
  catalog: sqliteCatalog,
  instants: INSTANT_WRITERS.sqlite,
  sortKeys: SORT_KEYS.sqlite,
  // An aggregate's ORDER BY needs SQLite 3.44 (better-sqlite3 11.6+); json_group_array of no rows is [].
  json: {
    object: (pairs) => `json_object(${jsonPairs(pairs)})`,
    arrayAgg: (value, orderBy) => `json_group_array(${value} ORDER BY ${orderBy})`,
  },
  lowerProbe: sqliteLowerProbe,
  arrayColumns: ARRAY_COLUMN_READERS.sqlite,
};

/**
 * MySQL's LIKE escape character, declared in `ESCAPE '…'` and used in the bound pattern: not a
 * backslash, which in a string literal means one thing or two with sql_mode NO_BACKSLASH_ESCAPES;
 * '!' means itself in both.
 */
const MYSQL_LIKE_ESCAPE = '!';

/**
 * MySQL 8 and MariaDB 10.11 (mysql2): `?` placeholders, backtick identifiers, booleans as 0 and 1.
 * Text columns are assumed utf8mb4 (the default collations compare case- and accent-insensitively
 * and ignore trailing spaces), so exact comparisons and LIKE are written to not depend on them.
 */
export const mysql: SqlDialect = {
  name: 'mysql',
  title: 'MySQL/MariaDB',
  placeholder: () => '?',
  // The client/server protocol counts a prepared statement's parameters in 16 bits.
  maxParameters: 65_535,
  quoteIdentifier: quoteBacktickIdentifier,
  bindBoolean: (value) => (value ? 1 : 0),
  ...STANDARD_FRAGMENTS,
  lower: (expr) => `LOWER(${expr})`,
  // No lower() folds as JavaScript does: LOWER() follows the collation's own case table.
  unicodeFolding: false,
  databaseFolding: "LOWER() folds by the collation's own case table (docs/backends-sql.md, 'Case folding')",
  // utf8mb4_bin compares the lower-cased code points, where the column's collation would also
  // equate accents (ä LIKE a).
  like: (expr, pattern, negated) => `LOWER(${expr}) COLLATE utf8mb4_bin ${likeOperator(negated)} ${pattern} ESCAPE '${MYSQL_LIKE_ESCAPE}'`,
  likeEscape: MYSQL_LIKE_ESCAPE,
  // A binary string on one side makes the comparison byte-wise (no case, accent or pad folding)
  // while the index on the column is still used (EXPLAIN: ref), as it would not be for BINARY col.
  exactText: (operand) => `CAST(${operand} AS BINARY)`,
  collections: 'exists',
  // MySQL indexes cannot carry a COLLATE: the key column should be declared utf8mb4_bin (the
  // scheduling DDL does), and keyset pages then order by bytes.
  bytewise: '',
  // MySQL 8 has no CREATE INDEX IF NOT EXISTS and MariaDB no index on an expression.
  indexes: { ifNotExists: false, expressions: false, equality: 'btree', substring: 'none' },
  limitRows: limitClause,
  rowValues: true,
  conditionValue: asItIs,
  // BOOLEAN is TINYINT(1): 0 and 1.
  columns: { booleans: 'integer', timestampTypes: true, looseDatetimes: false },
  ddl: {
    // MEDIUMTEXT holds 16 MB; MariaDB indexes its first 768 characters (a prefix index, with a
    // warning), which still answers EQ and IN, rechecking the whole text. Keys are VARCHAR(191),
    // so four fit one index within InnoDB's 3,072 bytes, and NO PAD binary, so `id_1` and
    // `id_1 ` are two ids (utf8mb4_bin would pad them equal). MySQL 8 has no UUID type.
    types: { text: 'MEDIUMTEXT', key: 'VARCHAR(191) COLLATE utf8mb4_nopad_bin', integer: 'BIGINT', double: 'DOUBLE', boolean: 'BOOLEAN', timestamptz: undefined, uuid: 'UUID' },
    tableOptions: ' DEFAULT CHARSET=utf8mb4',
    cascadingDeletes: true,
    checkBooleans: false,
    temporarySchema: undefined,
    dropTemporary: 'DROP TEMPORARY TABLE',
  },
  catalog: mysqlCatalog,
  instants: INSTANT_WRITERS.mysql,
  integerBound: (p) => `CAST(${p} AS SIGNED)`,
  sortKeys: SORT_KEYS.mysql,
  // MariaDB's UUID type (10.7+); MySQL 8 has none.
  uuidType: true,
  // JSON_ARRAYAGG … ORDER BY is MariaDB's (10.5+); MySQL 8 has no ORDER BY there.
  json: {
    object: (pairs) => `JSON_OBJECT(${jsonPairs(pairs)})`,
    arrayAgg: (value, orderBy) => `coalesce(JSON_ARRAYAGG(${value} ORDER BY ${orderBy}), '[]')`,
  },
  lowerProbe: mysqlLowerProbe,
  arrayColumns: ARRAY_COLUMN_READERS.mysql,
};

/** DuckDB (@duckdb/node-api, in process): `$1` placeholders, real booleans, byte-wise text. */
export const duckdb: SqlDialect = {
  name: 'duckdb',
  title: 'DuckDB',
  placeholder: (n) => `$${n}`,
  // No documented limit; one statement's values are held in memory like the rest of it.
  maxParameters: 65_535,
  quoteIdentifier,
  bindBoolean: (value) => value,
  ...STANDARD_FRAGMENTS,
  lower: (expr) => `lower(${expr})`,
  // lower() is the simple mapping of DuckDB's own Unicode tables, not JavaScript's full one.
  unicodeFolding: false,
  databaseFolding: "lower() folds per character: İ→i, no final sigma (docs/backends-sql.md, 'Case folding')",
  // DuckDB string literals take no backslash escapes: '\' is one backslash.
  like: (expr, pattern, negated) => `lower(${expr}) ${likeOperator(negated)} ${pattern} ESCAPE '\\'`,
  collections: 'exists',
  // The default collation is binary: = and ORDER BY compare code points.
  bytewise: '',
  indexes: { ifNotExists: true, expressions: true, equality: 'btree', substring: 'none' },
  limitRows: limitClause,
  rowValues: true,
  conditionValue: asItIs,
  columns: { booleans: 'boolean', timestampTypes: true, looseDatetimes: false },
  // DuckDB refuses ON DELETE CASCADE; its tables are loaded, not edited.
  ddl: {
    types: { text: 'VARCHAR', key: 'VARCHAR', integer: 'BIGINT', double: 'DOUBLE', boolean: 'BOOLEAN', timestamptz: 'TIMESTAMPTZ', uuid: 'UUID' },
    tableOptions: '',
    cascadingDeletes: false,
    checkBooleans: false,
    temporarySchema: 'temp',
    dropTemporary: 'DROP TABLE',
  },
  catalog: duckdbCatalog,
  instants: INSTANT_WRITERS.duckdb,
  integerBound: (p) => `CAST(${p} AS BIGINT)`,
  sortKeys: SORT_KEYS.duckdb,
  uuidType: true,
  json: {
    object: (pairs) => `json_object(${jsonPairs(pairs)})`,
    // json_group_array is a macro, which takes no ORDER BY: list() is the aggregate.
    arrayAgg: (value, orderBy) => `coalesce(to_json(list(${value} ORDER BY ${orderBy})), '[]'::JSON)`,
  },
  lowerProbe: duckdbLowerProbe,
  // DuckDB plans a statement per bound value: fewer per statement are faster there (measured).
  insertRows: (table, columns, rows) => valuesInserts(duckdb, DUCKDB_INSERT_VALUES)(table, columns, rows),
  arrayColumns: ARRAY_COLUMN_READERS.duckdb,
};

/** Bound values in one DuckDB INSERT, far below its limit. */
const DUCKDB_INSERT_VALUES = 2_000;

/**
 * The `caseFolding` option for `dialect`: `database` when absent, else the folding given, checked
 * once here for every function that takes the option (compileSql, indexAdvice, measureFolding),
 * so that they refuse the same values with the same invalid_option error.
 *
 * @example
 * ```ts
 * caseFoldingFor(sqlite, undefined); // 'database'
 * caseFoldingFor(sqlite, 'unicode'); // 'unicode'
 * caseFoldingFor(mysql, 'unicode');  // throws invalid_option: … not available for mysql …
 * ```
 */
export function caseFoldingFor(dialect: SqlDialect, caseFolding: unknown): CaseFolding {
  const folding = caseFolding ?? 'database';
  if (!(CASE_FOLDINGS as readonly unknown[]).includes(folding)) {
    throw optionError(`caseFolding is ${orList(CASE_FOLDINGS.map((f) => JSON.stringify(f)))}, not ${describeValue(folding)}.`);
  }
  if (folding === 'unicode' && dialect.unicodeFolding === false) {
    throw optionError(`caseFolding "unicode" is not available for ${dialect.name}, which has no lower() that folds as JavaScript does: use "database" (docs/backends-sql.md, Case folding).`);
  }
  return folding as CaseFolding;
}

/**
 * The exact complement of `condition` in `dialect`: its {@link SqlDialect.complement}, or
 * `NOT COALESCE(condition, FALSE)`.
 *
 * @example
 * ```ts
 * complementOf(postgres, '"a" = $1'); // 'NOT COALESCE("a" = $1, FALSE)'
 * ```
 */
export function complementOf(dialect: SqlDialect, condition: string): string {
  return (dialect.complement ?? notCoalesce)(condition);
}

/**
 * `length` characters of `expr` from the `from`-th (to its end without `length`), as `dialect`
 * writes it: its {@link SqlDialect.substring}, or `substr(…)`.
 *
 * @example
 * ```ts
 * substringOf(sqlite, '"ticket"', 2);    // 'substr("ticket", 2)'
 * substringOf(sqlite, '"ticket"', 1, 1); // 'substr("ticket", 1, 1)'
 * ```
 */
export function substringOf(dialect: SqlDialect, expr: string, from: number, length?: number): string {
  return (dialect.substring ?? substr)(expr, from, length);
}

/**
 * `left` equal to one of `rights` (or to none), as `dialect` writes it: its
 * {@link SqlDialect.equality}, or `=`, `IN`, `<>`, `NOT IN`.
 *
 * @example
 * ```ts
 * equalityOf(postgres, '"role"', ['$1', '$2'], { negated: false, text: true, list: true }); // '"role" IN ($1, $2)'
 * equalityOf(postgres, '"role"', ['$1'], { negated: true, text: true, list: false });       // '"role" <> $1'
 * ```
 */
export function equalityOf(dialect: SqlDialect, left: string, rights: readonly string[], how: EqualityHow): string {
  return (dialect.equality ?? plainEquality)(left, rights, how);
}

/**
 * `operand` (a placeholder or the literal of a text) as the dialect compares text exactly:
 * through {@link SqlDialect.exactText} where it has one, else as it is.
 *
 * @example
 * ```ts
 * exactOperand(mysql, '?');    // 'CAST(? AS BINARY)'
 * exactOperand(postgres, '$1'); // '$1'
 * ```
 */
export function exactOperand(dialect: SqlDialect, operand: string): string {
  return dialect.exactText === undefined ? operand : dialect.exactText(operand);
}

/** Every built-in dialect by name. */
export const SQL_DIALECTS = { postgres, sqlite, mysql, duckdb } as const satisfies Readonly<Record<string, SqlDialect>>;

/** `'postgres' | 'sqlite' | 'mysql' | 'duckdb'`. */
export type SqlDialectName = keyof typeof SQL_DIALECTS;

/** The members a dialect object must have (optional ones have defaults where they are read). */
type RequiredMember = { [K in keyof SqlDialect]-?: object extends Pick<SqlDialect, K> ? never : K }[keyof SqlDialect];

/** What `typeof` says of a member (`object`: not null), or `absent` where it may be undefined. */
type MemberType = 'function' | 'string' | 'number' | 'boolean' | 'object' | 'absent';

/**
 * Every required member of a dialect object and what it is: keyed by the interface, so a new
 * required member is listed here or nothing compiles, and a dialect object written in
 * JavaScript without it is refused when it is passed, not when the member is first read.
 */
const REQUIRED: { readonly [K in RequiredMember]: readonly MemberType[] } = {
  name: ['string'],
  title: ['string'],
  placeholder: ['function'],
  maxParameters: ['number'],
  quoteIdentifier: ['function'],
  bindBoolean: ['function'],
  lower: ['function'],
  like: ['function'],
  collections: ['string'],
  bytewise: ['string'],
  sortKeys: ['object'],
  indexes: ['object'],
  limitRows: ['function'],
  rowValues: ['boolean'],
  conditionValue: ['function'],
  columns: ['object'],
  ddl: ['object'],
  catalog: ['object', 'absent'],
};

/**
 * The optional hooks that write SQL, and what each is when present: checked as the required
 * members are, so that a JavaScript object with a wrong one is refused when it is passed rather
 * than failing inside a compile.
 */
const OPTIONAL: { readonly [K in 'complement' | 'substring' | 'equality' | 'nullOrUnequal' | 'boundList' | 'exactText' | 'integerBound' | 'arrayColumns' | 'likeEscape' | 'likeWildcards']: readonly MemberType[] } = {
  complement: ['function', 'absent'],
  substring: ['function', 'absent'],
  equality: ['function', 'absent'],
  nullOrUnequal: ['function', 'absent'],
  boundList: ['object', 'absent'],
  exactText: ['function', 'absent'],
  integerBound: ['function', 'absent'],
  arrayColumns: ['object', 'absent'],
  likeEscape: ['string', 'absent'],
  likeWildcards: ['string', 'absent'],
};

/** Whether `value` is of one of the member types `allowed`. */
function isMemberOf(value: unknown, allowed: readonly MemberType[]): boolean {
  if (value === undefined) return allowed.includes('absent');
  if (value === null) return false;
  return (allowed as readonly string[]).includes(typeof value);
}

/**
 * The dialect object for a name, or the object itself.
 *
 * @example
 * ```ts
 * resolveDialect('sqlite').placeholder(1); // '?'
 * ```
 */
export function resolveDialect(dialect: SqlDialectName | SqlDialect): SqlDialect {
  if (typeof dialect === 'object' && dialect !== null) {
    const members = dialect as unknown as Partial<Record<string, unknown>>;
    const wrong = Object.entries({ ...REQUIRED, ...OPTIONAL }).filter(([member, allowed]) => !isMemberOf(members[member], allowed));
    if (wrong.length > 0) {
      const needs = wrong.map(([member, allowed]) => `${member} (${orList(allowed.filter((a) => a !== 'absent'))})`);
      throw optionError(`A SQL dialect object needs ${needs.join(', ')}; spread a built-in one ({ ...postgres, … }) to keep its members.`);
    }
    return dialect;
  }
  if (typeof dialect === 'string' && Object.hasOwn(SQL_DIALECTS, dialect)) return SQL_DIALECTS[dialect];
  throw optionError(`Unknown SQL dialect ${describeValue(dialect)}: use one of ${Object.keys(SQL_DIALECTS).join(', ')}.`);
}
