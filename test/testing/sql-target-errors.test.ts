/**
 * sqlTarget turns what the engine throws into a TqlError naming what failed and why: a table
 * name the engine keeps for itself, a column type it does not know (and a failed create leaves
 * nothing behind, so the next load meets the same cause), text PostgreSQL cannot hold.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { sqlTarget } from '../../src/testing/index.js';
import { tqlErrorOf } from '../support/tql-error.js';

const shop = defineSchema({ entities: { product: { attributes: { name: { type: 'String', operators: ['EQ'] }, price: { type: 'Number' } } } } });
const records = [{ id: 'a', name: 'x', price: 1 }];

/** The message of the TqlError `run` rejects with. */
async function rejection(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return tqlErrorOf(() => {
      throw error;
    }).message;
  }
  throw new Error('did not reject');
}

test('a mapping naming sqlite_master: the cause, on every load', async () => {
  const target = sqlTarget({ db: new Database(':memory:'), schema: shop, entity: 'product', mapping: { product: { table: 'sqlite_master', key: 'id' } } });
  const first = await rejection(() => target.load(records));
  expect(first).toMatchInlineSnapshot(`"invalid_input: sqlTarget: the database failed creating the table sqlite_master (SqliteError: object name reserved for internal use: sqlite_master); map the entity to tables this connection may create (not a name the engine keeps for itself, such as sqlite_master), with column types the engine knows."`);
  expect(await rejection(() => target.load(records))).toBe(first);
});

test('a column type the engine refuses: the next load meets the cause again, not "no such table"', async () => {
  let bad = true;
  const target = sqlTarget({ db: new Database(':memory:'), schema: shop, entity: 'product', columnType: ({ attribute }) => (bad && attribute?.name === 'price' ? 'NOT A TYPE(' : undefined) });
  const first = await rejection(() => target.load(records));
  expect(first).toMatchInlineSnapshot(`"invalid_input: sqlTarget: the database failed creating the table tql_check_product (SqliteError: near "A": syntax error); map the entity to tables this connection may create (not a name the engine keeps for itself, such as sqlite_master), with column types the engine knows."`);
  expect(await rejection(() => target.load(records))).toBe(first);
  bad = false;
  await target.load(records);
  expect(await target.run(check('product.name EQ x', shop, 'product'))).toEqual(['a']);
});

test('PGlite: text holding U+0000', async () => {
  const db = new PGlite();
  const target = sqlTarget({ db, schema: shop, entity: 'product' });
  expect(await rejection(() => target.load([{ id: 'a', name: 'x\u0000y', price: 1 }]))).toMatchInlineSnapshot(`"invalid_input: sqlTarget: the database failed storing the records (error: invalid byte sequence for encoding "UTF8": 0x00); leave out of the records what this engine cannot hold (PostgreSQL refuses the character U+0000 in text)."`);
  await db.close();
});
