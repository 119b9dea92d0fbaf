/**
 * A dialect written for the tests, not shipped, that runs on SQLite (better-sqlite3) while writing
 * statements otherwise than the built-in `sqlite` dialect wherever SQLite allows: `[x]`
 * identifiers, `(?)` placeholders, `LOWER(x) LIKE (?) ESCAPE '!'`, `EXISTS` subqueries for
 * collections, bounds written out instead of row values, conditions as `CASE WHEN … THEN 1 ELSE
 * 0 END`, `LIMIT … OFFSET 0`, an explicit `COLLATE BINARY`. The contract runs on it through the
 * registry (registry-contract.test.ts): a dialect that is no built-in one works.
 */
import { optionError } from '../../../src/errors/tql-error.js';
import type { SqlDialect } from '../../../src/backends/sql/dialects.js';

/** `[name]`: SQLite has no escape for `]` inside brackets, so a name holding one is refused. */
function bracket(name: string): string {
  if (name.includes(']')) throw optionError(`The bracket-sqlite dialect cannot quote ${JSON.stringify(name)}: rename the table or column without "]".`);
  return `[${name}]`;
}

/** The folding the stored side gets: `tql_lower` is JavaScript's (registerTqlFunctions). */
const lower = (expr: string, folding: 'database' | 'unicode') => (folding === 'unicode' ? `tql_lower(${expr})` : `LOWER(${expr})`);

/**
 * Every required member written out, none spread from a built-in dialect. Left out: `instants`
 * (the scheduling mapping stores Timestamps as `unix_seconds`, which a dialect without it compares
 * as plain numbers), `json`, `lowerProbe` and `insertRows` (list pages, measuring the folding and
 * bulk loads then take their general way or are refused).
 */
export const bracketSqlite: SqlDialect = {
  name: 'bracket-sqlite',
  title: 'SQLite with brackets',
  // Numbered `?NNN` placeholders are named parameters to better-sqlite3, which the database
  // adapter binds by position: a parenthesised `?` is another spelling both accept.
  placeholder: () => '(?)',
  maxParameters: 32_766,
  maxLikePatternBytes: 50_000,
  quoteIdentifier: bracket,
  bindBoolean: (value) => (value ? 1 : 0),
  lower,
  unicodeFolding: true,
  databaseFolding: "LOWER() folds ASCII letters only, as SQLite's does (docs/backends-sql.md, 'Case folding')",
  like: (expr, pattern, negated, folding) => `${lower(expr, folding)} ${negated ? 'NOT LIKE' : 'LIKE'} ${pattern} ESCAPE '!'`,
  likeEscape: '!',
  exactText: (operand) => `${operand} COLLATE BINARY`,
  collections: 'exists',
  bytewise: ' COLLATE BINARY',
  // Orders without SQLite's NULLS FIRST/LAST (a flag before the value) and without instant
  // storages other than unix_seconds; SQLite's columns take texts where numbers are declared.
  sortKeys: {
    finiteNumber: (x) => `CASE WHEN typeof(${x}) IN ('integer', 'real') AND ${x} - ${x} = 0 THEN ${x} END`,
    uuid: (x) => ({ text: true, expr: `LOWER(${x})` }),
    milliseconds: undefined,
    instantTypes: undefined,
    text: undefined,
    nulls: { ascending: undefined, clause: false },
    indexItems: 'direction',
  },
  indexes: { ifNotExists: true, expressions: true, equality: 'btree', substring: 'none', prefix: 'none' },
  limitRows: (count) => `LIMIT ${count} OFFSET 0`,
  rowValues: false,
  conditionValue: (condition) => `CASE WHEN ${condition} THEN 1 ELSE 0 END`,
  columns: { booleans: 'integer', timestampTypes: false, looseDatetimes: true },
  ddl: {
    types: { text: 'TEXT', key: 'TEXT', integer: 'INTEGER', double: 'REAL', boolean: 'INTEGER', timestamptz: undefined, uuid: undefined },
    tableOptions: '',
    cascadingDeletes: true,
    checkBooleans: true,
    temporarySchema: 'temp',
    dropTemporary: 'DROP TABLE',
  },
  catalog: undefined,
  uuidType: false,
};

/** The same dialect with a classic bug: its LIKE declares no escape character, so `!%` is not a literal `%`. */
export const forgetsEscape: SqlDialect = {
  ...bracketSqlite,
  name: 'forgets-escape',
  like: (expr, pattern, negated, folding) => `${lower(expr, folding)} ${negated ? 'NOT LIKE' : 'LIKE'} ${pattern}`,
};
