/**
 * checkSqlMapping on an array held in a column of the row: the catalog says whether the column
 * holds what the mapping says (an array type, or text for JSON) and whether its elements' type
 * fits the attribute as a column of that type would. Each row: the column's type, what the
 * mapping says it holds, and the problems reported (none, or what to fix).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkSqlMapping } from '../../../src/backends/sql/check-mapping.js';
import type { SqlColumnStorageKind } from '../../../src/backends/sql/mapping.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { AttributeDefinition } from '../../../src/schema/types.js';
import { openDuckdb } from '../../support/duckdb.js';
import { openPglite } from '../../support/pglite.js';
import type { SqlTestEngine } from '../../support/sql-engine.js';
import { openSqlite } from '../../support/sqlite.js';

/** One row: the attribute, the column's SQL type, what the mapping says it holds, its element storage, and the problems. */
type Row = readonly [AttributeDefinition['type'], string, 'array' | 'json', SqlColumnStorageKind | undefined, readonly string[]];

/** The problems of checking `post.items`, an attribute of `type` over the array held in the column `items`. */
async function problemsOf(engine: SqlTestEngine, [type, sqlType, holds, storage]: Row): Promise<string[]> {
  const schema = defineSchema({ entities: { post: { attributes: { items: { type, ...(type === 'ID' ? { id: { kind: 'uuid' } } : {}), source: { kind: 'element', arrays: ['items'] } } } } } });
  await engine.db.exec(`DROP TABLE IF EXISTS post; CREATE TABLE post (id TEXT PRIMARY KEY, items ${sqlType})`);
  try {
    await checkSqlMapping(engine.db, schema, { post: { table: 'post', key: 'id', collections: { items: { column: 'items', holds, ...(storage === undefined ? {} : { storage }) } } } });
    return [];
  } catch (error) {
    if (!isTqlError(error)) throw error;
    return error.issues.map((i) => i.message.replace(/^The mapping does not fit the database: /, ''));
  }
}

const ENGINES: readonly (readonly [string, () => Promise<SqlTestEngine>, readonly Row[]])[] = [
  [
    'PGlite',
    () => openPglite(),
    [
      ['String', 'text[]', 'array', undefined, []],
      ['String', 'varchar(20)[]', 'array', undefined, []],
      ['Number', 'double precision[]', 'array', undefined, []],
      ['Number', 'integer[]', 'array', 'integer', []],
      [
        'Number',
        'integer[]',
        'array',
        undefined,
        [
          "post.items: the elements of column post.items (integer[]) are integer, which holds only integers, and PostgreSQL refuses a bound such as 14.5 or 3000000000 against it; declare collections.items.storage: 'integer' in the mapping of post, and tql compares the integers a bound allows.",
        ],
      ],
      ['Boolean', 'boolean[]', 'array', undefined, []],
      ['ID', 'uuid[]', 'array', 'uuid', []],
      ['String', 'integer[]', 'array', undefined, ["post.items: the elements of column post.items (integer[]) are integer, and a String needs text (a number column turns '007' into 7); declare the attribute type: 'Number', or make the column text."]],
      ['String', 'text', 'array', undefined, ["post.items: column post.items is text, not an array type; declare it as an array (text[]), or say holds: 'json' for a JSON array in text."]],
      ['String', 'text', 'json', undefined, ['post.items: column post.items is text, and tql cannot read an array held as json on PostgreSQL; hold it as array (collections.items.holds).']],
    ],
  ],
  [
    'SQLite',
    () => openSqlite(),
    [
      ['String', 'TEXT', 'json', undefined, []],
      ['Number', '', 'json', undefined, []],
      ['String', 'INTEGER', 'json', undefined, ['post.items: column post.items is INTEGER, which holds no JSON text; make it a text column, or correct collections.items.holds.']],
      ['String', 'TEXT', 'array', undefined, ['post.items: column post.items is TEXT, and tql cannot read an array held as array on SQLite; hold it as json (collections.items.holds).']],
    ],
  ],
  [
    'DuckDB',
    () => openDuckdb(),
    [
      ['String', 'VARCHAR[]', 'array', undefined, []],
      ['Number', 'DOUBLE[]', 'array', undefined, []],
      ['String', 'VARCHAR', 'json', undefined, []],
      ['String', 'JSON', 'json', undefined, []],
      ['String', 'INTEGER', 'json', undefined, ['post.items: column post.items is INTEGER, which holds no JSON text; make it a text column, or correct collections.items.holds.']],
      ['String', 'VARCHAR[][]', 'array', undefined, ['post.items: the elements of column post.items (VARCHAR[][]) are VARCHAR[], and a String needs text; make the column text, or leave the attribute out of the schema.']],
      ['String', 'VARCHAR', 'array', undefined, ["post.items: column post.items is VARCHAR, not an array type; declare it as an array (text[]), or say holds: 'json' for a JSON array in text."]],
    ],
  ],
];

describe.each(ENGINES)('%s', (_, open, rows) => {
  let engine: SqlTestEngine;
  beforeAll(async () => {
    engine = await open();
  }, 60_000);
  afterAll(() => engine?.close());

  test.for(rows)('%s over a column %s said to hold %s (storage %s)', async (row) => {
    expect(await problemsOf(engine, row)).toEqual(row[4]);
  });
});
