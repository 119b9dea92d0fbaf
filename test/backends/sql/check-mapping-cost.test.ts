/**
 * `checkSqlMapping` costs work linear in the table's width, suggestions included: a "did you
 * mean" reads every column of the table, so only the first missing columns get one. Counted on
 * SQLite at 10, 100 and 1,000 columns (1x / 10x / 100x), never timed: every missing column here
 * has a close name in the table, so each guess made is one suggestion in the error, and the
 * column names read while guessing are the suggestions times the table's width.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { checkSqlMapping, SUGGESTED_COLUMNS } from '../../../src/backends/sql/check-mapping.js';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { defineSchema } from '../../../src/schema/define-schema.js';

/**
 * A table `wide` of `width` text columns `col_<i>` (and its key `id`), and a schema whose entity
 * reads `colx_<i>` for each: every attribute misses its column by one letter.
 */
async function misspeltColumns(width: number) {
  const sqlite = new Database(':memory:');
  const columns = Array.from({ length: width }, (_, i) => `col_${i}`);
  sqlite.exec(`CREATE TABLE wide (id TEXT PRIMARY KEY, ${columns.map((c) => `${c} TEXT`).join(', ')})`);
  const schema = defineSchema({
    entities: { wide: { attributes: Object.fromEntries(columns.map((c) => [c.replace('col', 'colx'), { type: 'String' }])) } },
  });
  try {
    await checkSqlMapping(sqlDatabase(sqlite), schema, { wide: { table: 'wide', key: 'id' } });
    throw new Error('the check passed');
  } catch (error) {
    if (!isTqlError(error)) throw error;
    return { error, tableWidth: width + 1 };
  } finally {
    sqlite.close();
  }
}

describe('checkSqlMapping with every column misspelt', () => {
  test('guesses, and column names read while guessing, at 10 / 100 / 1,000 columns', async () => {
    const rows = [];
    for (const width of [10, 100, 1_000]) {
      const { error, tableWidth } = await misspeltColumns(width);
      const messages = error.issues.map((i) => i.message).join('\n');
      const suggested = (messages.match(/did you mean/gu) ?? []).length;
      rows.push({
        width,
        code: error.code,
        missing: (messages.match(/is not in the database/gu) ?? []).length,
        suggested,
        // Each guess reads every column name of the table once.
        namesRead: suggested * tableWidth,
      });
    }
    expect(rows).toMatchInlineSnapshot(`
      [
        {
          "code": "mapping_mismatch",
          "missing": 10,
          "namesRead": 110,
          "suggested": 10,
          "width": 10,
        },
        {
          "code": "mapping_mismatch",
          "missing": 100,
          "namesRead": 1010,
          "suggested": 10,
          "width": 100,
        },
        {
          "code": "mapping_mismatch",
          "missing": 1000,
          "namesRead": 10010,
          "suggested": 10,
          "width": 1000,
        },
      ]
    `);
    for (const row of rows) expect(row.namesRead).toBeLessThanOrEqual(SUGGESTED_COLUMNS * (row.width + 1));
  });

  test('the first missing columns get a suggestion: colx_0 → col_0', async () => {
    const { error } = await misspeltColumns(100);
    expect(error.issues.slice(0, 2).map((i) => i.message)).toMatchInlineSnapshot(`
      [
        "The mapping does not fit the database: wide.colx_0: column wide.colx_0 is not in the database (did you mean col_0?); add it, or correct columns: { colx_0: '…' } in the mapping of wide.",
        "The mapping does not fit the database: wide.colx_1: column wide.colx_1 is not in the database (did you mean col_1?); add it, or correct columns: { colx_1: '…' } in the mapping of wide.",
      ]
    `);
  });
});
