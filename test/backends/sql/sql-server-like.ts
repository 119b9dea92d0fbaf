/**
 * A dialect written for the tests, not shipped: SQL Server's way of writing statements (`@p1`
 * placeholders, `[x]` identifiers, `OFFSET … FETCH` paging, no row values, no boolean values,
 * `[` a LIKE wildcard, `=` blind to trailing spaces), to show that a new engine is one object
 * whose hooks write every fragment of its SQL. There is no SQL Server here to run it: tests assert
 * the text, and the compile-only contract (`checkDialectContract`) checks every contract case.
 */
import type { SqlDialect } from '../../../src/backends/sql/dialects.js';

/** `[name]`, with `]` doubled as T-SQL escapes it. */
const bracket = (name: string) => `[${name.replaceAll(']', ']]')}]`;

/** Every required member written out, none spread from a built-in dialect. */
export const sqlServerLike: SqlDialect = {
  name: 'sqlserver',
  title: 'SQL Server',
  placeholder: (n) => `@p${n}`,
  maxParameters: 2_100,
  quoteIdentifier: bracket,
  bindBoolean: (value) => (value ? 1 : 0),
  lower: (expr) => `LOWER(${expr})`,
  unicodeFolding: false,
  like: (expr, pattern, negated) => `LOWER(${expr}) ${negated ? 'NOT LIKE' : 'LIKE'} ${pattern} ESCAPE '\\'`,
  // `[a]` is a set of one letter in T-SQL's LIKE: escaped like `%` and `_`.
  likeWildcards: '%_[',
  // No boolean values: a condition is tested by CASE, which is 0 wherever it is not TRUE (NULL too).
  complement: (condition) => `CASE WHEN ${condition} THEN 1 ELSE 0 END = 0`,
  // SUBSTRING takes a length: to the end is as long as a text can be.
  substring: (expr, from, length) => `SUBSTRING(${expr}, ${from}, ${length ?? 2_147_483_647})`,
  // The default collations fold case and accents: the bound side compares by code units.
  exactText: (operand) => `${operand} COLLATE Latin1_General_BIN2`,
  // = ignores trailing spaces under every collation: the lengths with a character appended tell 'a' from 'a '.
  equality: (left, rights, { negated, text, list }) => {
    if (!text) return rights.length === 1 && !list ? `${left} ${negated ? '<>' : '='} ${rights[0]}` : `${left} ${negated ? 'NOT IN' : 'IN'} (${rights.join(', ')})`;
    const equal = rights.map((r) => `(${left} = ${r} AND LEN(${left} + N'.') = LEN(${r} + N'.'))`);
    const any = equal.length === 1 ? equal[0]! : `(${equal.join(' OR ')})`;
    return negated ? `NOT ${any}` : any;
  },
  collections: 'exists',
  bytewise: ' COLLATE Latin1_General_BIN2',
  // FLOAT holds no NaN or infinity; UNIQUEIDENTIFIER orders by byte groups, so by its (upper-case)
  // text lower-cased; no NULLS FIRST/LAST, so NULL is placed by a flag.
  sortKeys: {
    finiteNumber: (x) => x,
    uuid: (x) => ({ text: true, expr: `LOWER(CAST(${x} AS CHAR(36)))` }),
    milliseconds: undefined,
    instantTypes: undefined,
    text: undefined,
    nulls: { ascending: undefined, clause: false },
    indexItems: 'direction',
  },
  indexes: { ifNotExists: false, expressions: false, equality: 'btree', substring: 'none' },
  limitRows: (count) => `OFFSET 0 ROWS FETCH NEXT ${count} ROWS ONLY`,
  rowValues: false,
  conditionValue: (condition) => `CASE WHEN ${condition} THEN 1 ELSE 0 END`,
  columns: { booleans: 'integer', timestampTypes: true, looseDatetimes: false },
  // A #name is a temporary table: no schema names it.
  ddl: {
    types: { text: 'NVARCHAR(MAX)', key: 'VARCHAR(450) COLLATE Latin1_General_BIN2', integer: 'BIGINT', double: 'FLOAT', boolean: 'BIT', timestamptz: 'DATETIMEOFFSET', uuid: 'UNIQUEIDENTIFIER' },
    tableOptions: '',
    cascadingDeletes: true,
    checkBooleans: false,
    temporarySchema: undefined,
    dropTemporary: 'DROP TABLE',
  },
  catalog: undefined,
};
