/**
 * A mapping's `storage` entry keyed by the record field, by the field's column, or by the
 * attribute's name: defineSqlMapping, checkSqlMapping and compileSql read it the same way
 * (src/backends/sql/storage-key.ts). A milliseconds column declared under its column's name is
 * compared as milliseconds, and SQLite answers what memory answers over the same records.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { checkSqlMapping } from '../../../src/backends/sql/check-mapping.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { defineSqlMapping } from '../../../src/backends/sql/define-mapping.js';
import type { SqlMapping } from '../../../src/backends/sql/mapping.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { storageEntry, storageKeys } from '../../../src/backends/sql/storage-key.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { defineSchema } from '../../../src/schema/define-schema.js';

/** As a Prisma app has it: the attribute `created_at` reads the field `createdAt`, held in the column `created_at` as milliseconds. */
const schema = defineSchema({
  entities: {
    post: {
      attributes: {
        created_at: { type: 'Timestamp', storage: 'unix_milliseconds', source: { kind: 'field', field: 'createdAt' } },
        title: { type: 'String' },
      },
    },
  },
});

const RECORDS = [
  { id: 1, createdAt: 1_714_555_800_000, title: 'a' },
  { id: 2, createdAt: 1_714_555_799_999, title: 'b' },
];

/** The mapping with the column's storage under `key`. */
const mappingWith = (key: string, table = 'post'): SqlMapping => ({ post: { table, key: 'id', columns: { createdAt: 'created_at' }, storage: { [key]: 'unix_milliseconds' } } });

/** The problems of a TqlError's issues, or 'ok'. */
function outcome(run: () => unknown): string[] | 'ok' {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (!isTqlError(error)) throw error;
    return error.issues.map((i) => `${i.code}: ${i.message}`);
  }
}

describe('the keys an entry may have', () => {
  test.each([
    ['a renamed field', { columns: { createdAt: 'created_at' } }, 'createdAt', 'created', ['createdAt', 'created_at', 'created']],
    ['a field read as it is named', {}, 'price', 'price', ['price']],
    ['a variant branch (no attribute name)', { columns: { name: 'agent_name' } }, 'name', undefined, ['name', 'agent_name']],
  ])('%s', (_, mapping, field, attribute, keys) => {
    expect(storageKeys(mapping, field, attribute)).toEqual(keys);
  });

  test('the field comes first when several keys are present', () => {
    expect(storageEntry({ columns: { at: 'at_col' }, storage: { at_col: 'timestamptz', at: 'unix_seconds' } }, 'at')).toEqual({ key: 'at', declared: 'unix_seconds' });
  });
});

describe.each(['createdAt', 'created_at'])('storage keyed by %s', (key) => {
  const query = check('post.created_at GTE 2024-05-01T09:30:00Z', schema, 'post');

  test('defineSqlMapping accepts it and compileSql compares milliseconds', () => {
    const mapping = defineSqlMapping(schema, mappingWith(key));
    expect(compileSql(query, { dialect: 'sqlite', mapping })).toEqual({ text: '("created_at" >= ? AND "created_at" < ?)', values: [1_714_555_800_000, 8_640_000_000_000_001] });
  });

  test('compileSql reads it from a mapping of plain data too', () => {
    expect(compileSql(query, { dialect: 'sqlite', mapping: mappingWith(key) }).values).toEqual([1_714_555_800_000, 8_640_000_000_000_001]);
  });

  test('checkSqlMapping accepts it, and SQLite selects what memory selects', async () => {
    const sqlite = new Database(':memory:');
    sqlite.exec('CREATE TABLE post (id INTEGER PRIMARY KEY, created_at INTEGER, title TEXT)');
    for (const r of RECORDS) sqlite.prepare('INSERT INTO post VALUES (?, ?, ?)').run(r.id, r.createdAt, r.title);
    const db = sqlDatabase(sqlite);
    await expect(checkSqlMapping(db, schema, mappingWith(key))).resolves.toBeUndefined();
    const expected = filterRecords(query, RECORDS).map((r) => r.id);
    const got = (await db.all<{ id: number }>(selectSql(query, { dialect: 'sqlite', mapping: defineSqlMapping(schema, mappingWith(key)) }))).map((r) => r.id);
    expect([expected, got]).toEqual([[1], [1]]);
  });
});

describe('entries no attribute reads, or one column declared twice, are refused alike', () => {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE post (id INTEGER PRIMARY KEY, created_at INTEGER, title TEXT)');
  const db = sqlDatabase(sqlite);

  /** defineSqlMapping's problems, after checking that checkSqlMapping reports the same. */
  async function refusals(mapping: SqlMapping): Promise<string[] | 'ok'> {
    const defined = outcome(() => defineSqlMapping(schema, mapping));
    const checked = await checkSqlMapping(db, schema, mapping).then(
      () => 'ok' as const,
      (error: unknown) => {
        if (!isTqlError(error)) throw error;
        return error.issues.map((i) => `${i.code}: ${i.message}`);
      },
    );
    expect(checked).toEqual(defined);
    return defined;
  }

  test('storage: { made_at: … }, which nothing reads', async () => {
    expect(await refusals(mappingWith('made_at'))).toMatchInlineSnapshot(`
      [
        "invalid_mapping: Invalid SQL mapping: post.storage.made_at: no attribute of post reads a field, column or attribute named "made_at"; key the entry by the record field.",
      ]
    `);
  });

  test('storage: { createdAt: …, created_at: … }, the field and its column declared differently', async () => {
    const mapping = { post: { table: 'post', key: 'id', columns: { createdAt: 'created_at' }, storage: { createdAt: 'unix_milliseconds', created_at: 'unix_seconds' } } } as const;
    expect(await refusals(mapping)).toMatchInlineSnapshot(`
      [
        "invalid_mapping: Invalid SQL mapping: post.storage.created_at: declares the column of createdAt otherwise than createdAt does; keep one entry.",
      ]
    `);
  });

  test('storage: { created: … }, the field of one attribute and the name of another', async () => {
    const crossed = defineSchema({
      entities: {
        post: {
          attributes: {
            created: { type: 'Timestamp', source: { kind: 'field', field: 'created_at' } },
            updated: { type: 'Timestamp', source: { kind: 'field', field: 'created' } },
          },
        },
      },
    });
    expect(outcome(() => defineSqlMapping(crossed, { post: { table: 'post', key: 'id', storage: { created: 'unix_milliseconds' } } }))).toMatchInlineSnapshot(`
      [
        "invalid_mapping: Invalid SQL mapping: post.storage.created: names the columns of "created_at" and "created"; key each entry by its record field.",
      ]
    `);
  });
});
