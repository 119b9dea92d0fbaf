/**
 * `--column-types database` copies each column's declared type from the catalog into the
 * temporary tables' CREATE: the catalog's text is read back as a type name first, quoted where
 * SQLite takes a quoted type, refused elsewhere, and each CREATE runs as one statement, so a
 * declared type holding SQL never runs it.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { catalogTypeSql } from '../../../src/backends/sql/catalog-type.js';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { quoteIdentifier } from '../../../src/backends/sql/sql-text.js';
import { databaseTypes } from '../../../src/cli/prove/database-types.js';
import { schedulingDdl } from '../../../src/models/scheduling/sql/ddl.js';
import { schedulingSchema, schedulingSqlMapping } from '../../../src/models/scheduling/index.js';
import { sqlTarget } from '../../../src/testing/sql-target.js';

const HOSTILE_TYPES = [
  'TEXT); SELECT injected(); --',
  'TEXT, "x" TEXT); SELECT injected(); --',
  'TEXT CHECK (injected())',
  'TEXT DEFAULT (injected())',
  "TEXT /* */ ; SELECT injected('a''b')",
  'TEXT\n; SELECT injected()',
];

describe('an SQLite agent table whose name column is declared with SQL in its type', () => {
  test.each(HOSTILE_TYPES)('%j: the temporary table declares the same text, injected() never runs', async (type) => {
    const sqlite = new Database(':memory:');
    let calls = 0;
    sqlite.function('injected', { varargs: true }, () => ++calls);
    sqlite.exec(schedulingDdl.sqlite.replace(/("agent" \([^;]*?"name" )TEXT/, `$1${quoteIdentifier(type)}`));
    const db = sqlDatabase(sqlite);
    const declared = () => (sqlite.prepare("SELECT type FROM pragma_table_xinfo('agent') WHERE name = 'name'").get() as { type: string }).type;
    expect(declared()).toBe(type);
    const types = await databaseTypes(db, ['agent']);
    const target = sqlTarget({ db, schema: schedulingSchema, entity: 'agent', mapping: schedulingSqlMapping, columnType: types.columnType });
    await target.load([{ id: 'agnt_1', name: 'Ada', created_at: 0 }]);
    // The temporary table shadows the file's own: its column has the same declared type.
    expect(declared()).toBe(type);
    expect(types.copied()).toContain(`agent.name ${quoteIdentifier(type)}`);
    await target.drop();
    expect(calls).toBe(0);
    sqlite.close();
  });
});

const postgres = { quoteIdentifier, quotesTypes: false };
const sqlite = { quoteIdentifier, quotesTypes: true };

describe('catalogTypeSql: a catalog type read back as a type name', () => {
  test.each([
    ['text', undefined],
    ['character varying(20)', undefined],
    ['numeric(10,2)', undefined],
    ['timestamp(3) with time zone', undefined],
    ['character varying(20)[]', undefined],
    ['integer[3]', undefined],
    ['"My Type"', undefined],
    ['public."my ""odd"" type"', undefined],
    ["ENUM('a', 'it''s')", undefined],
    ['text', '"en_US"'],
    ['text', 'pg_catalog."C"'],
    ['VARCHAR', 'NOCASE.NOACCENT'],
    ['int(10) unsigned zerofill', undefined],
  ])('%s COLLATE %s: copied as written', (type, collation) => {
    expect(catalogTypeSql(type, collation, postgres, 'agent.name')).toBe(collation === undefined ? type : `${type} COLLATE ${collation}`);
  });

  test.each([
    ['TEXT); SELECT injected(); --', undefined],
    ['text NOT NULL', undefined],
    ['text CHECK (1)', undefined],
    ['text DEFAULT 5', undefined],
    ['numeric(10,(2))', undefined],
    ['numeric(1)(2)', undefined],
    ['text, b text', undefined],
    ["ENUM('a\\', 'b')", undefined],
    ['text', 'C; DROP TABLE agent'],
    ['text', 'C --'],
  ])('%j COLLATE %j: refused where the engine takes no quoted type, quoted on SQLite', (type, collation) => {
    expect(() => catalogTypeSql(type, collation, postgres, 'agent.name')).toThrow(/^invalid_input: The catalog declares agent\.name with the (type|collation) .*; run with --column-types tql\.$/);
    expect(catalogTypeSql(type, collation, sqlite, 'agent.name')).toMatch(collation === undefined ? /^"[^]*"$/ : /^text COLLATE "[^]*"$/);
  });

  test('the message names the column, the text and what to do', () => {
    expect(() => catalogTypeSql('TEXT); SELECT injected(); --', undefined, postgres, 'agent.name')).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_input: The catalog declares agent.name with the type "TEXT); SELECT injected(); --", which is not a type tql copies into SQL (names, numbers and quoted labels in parentheses); run with --column-types tql.]`);
  });

  test('a quoted name holding NUL: refused on every engine', () => {
    expect(() => catalogTypeSql('"a\0"', undefined, postgres, 'agent.name')).toThrow(/^invalid_input: /);
    expect(() => catalogTypeSql('"a\0"', undefined, sqlite, 'agent.name')).toThrow(/^invalid_option: /);
  });
});
