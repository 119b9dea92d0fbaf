/**
 * The SQL of a mapping of one's own: columns renamed, quotes in table names doubled, one
 * attribute read from arrays in two tables. The exact SQL of every operator on every kind of
 * attribute, in all four dialects, is the table in `exact-sql-cases.ts`.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import type { SqlMapping } from '../../../src/backends/sql/mapping.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { postMapping, postSchema } from '../element-shapes.js';

describe('a mapping of your own', () => {
  const schema = defineSchema({
    entities: {
      order: {
        attributes: {
          customer: { type: 'String', source: { kind: 'field', field: 'customerName' } },
          tag: {
            type: 'String',
            source: { kind: 'element', arrays: ['tags', 'labels'], where: { field: 'kind', oneOf: ['user'] }, value: 'text' },
          },
        },
      },
    },
  });
  const mapping: SqlMapping = {
    order: {
      table: 'Order "Items"',
      key: 'order_id',
      columns: { customerName: 'customer_name' },
      collections: {
        tags: { table: 'order_tag', foreignKey: 'order_id', columns: { text: 'tag_text' } },
        labels: { table: 'order_label', foreignKey: 'order', columns: { kind: 'label_kind' } },
      },
    },
  };
  const sqlite = (tql: string) => compileSql(check(tql, schema, 'order'), { dialect: 'sqlite', mapping });

  test('order.customer EQ x: the column of the field, quotes in names doubled', () => {
    expect(sqlite('order.customer EQ x')).toEqual({ text: '"customer_name" = ?', values: ['x'] });
  });
  test('order.tag EQ x: arrays in two tables, some element in either', () => {
    expect(sqlite('order.tag EQ x').text).toMatchInlineSnapshot(`"("Order ""Items"""."order_id" IN (SELECT "order_tag"."order_id" FROM "order_tag" WHERE "order_tag"."kind" = 'user' AND "order_tag"."tag_text" = ?) OR "Order ""Items"""."order_id" IN (SELECT "order_label"."order" FROM "order_label" WHERE "order_label"."label_kind" = 'user' AND "order_label"."text" = ?))"`);
  });
  test('order.tag NOT_EQ x: no element in either', () => {
    expect(sqlite('order.tag NOT_EQ x')).toMatchInlineSnapshot(`
      {
        "text": "("Order ""Items"""."order_id" NOT IN (SELECT "order_tag"."order_id" FROM "order_tag" WHERE "order_tag"."order_id" IS NOT NULL AND "order_tag"."kind" = 'user' AND "order_tag"."tag_text" = ?) AND "Order ""Items"""."order_id" NOT IN (SELECT "order_label"."order" FROM "order_label" WHERE "order_label"."order" IS NOT NULL AND "order_label"."label_kind" = 'user' AND "order_label"."text" = ?))",
        "values": [
          "x",
          "x",
        ],
      }
    `);
  });
  test('the SQL runs on SQLite tables laid out that way', () => {
    const db = new Database(':memory:');
    db.exec(`
      CREATE TABLE "Order ""Items""" (order_id TEXT PRIMARY KEY, customer_name TEXT);
      CREATE TABLE order_tag (order_id TEXT, kind TEXT, tag_text TEXT);
      CREATE TABLE order_label ("order" TEXT, label_kind TEXT, text TEXT);
      INSERT INTO "Order ""Items""" VALUES ('o1', 'x'), ('o2', 'y'), ('o3', 'z');
      INSERT INTO order_tag VALUES ('o1', 'user', 'red'), ('o2', 'system', 'red');
      INSERT INTO order_label VALUES ('o3', 'user', 'red');
    `);
    const ids = (tql: string) => {
      const { text, values } = sqlite(tql);
      return db.prepare(`SELECT order_id FROM "Order ""Items""" WHERE ${text} ORDER BY order_id`).pluck().all(...values);
    };
    expect(ids('order.tag EQ red')).toEqual(['o1', 'o3']);
    expect(ids('order.tag NOT_EQ red')).toEqual(['o2']);
    expect(ids('order.customer IN x,z')).toEqual(['o1', 'o3']);
  });
});

describe('collections without a tag, and arrays of scalars', () => {
  const postgres = (tql: string) => compileSql(check(tql, postSchema, 'post'), { dialect: 'postgres', mapping: postMapping });

  test('post.tag EQ urgent: the value column of the scalar array, no tag to test', () => {
    expect(postgres('post.tag EQ urgent')).toMatchInlineSnapshot(`
      {
        "text": "EXISTS (SELECT 1 FROM "post_tag" WHERE "post_tag"."post_id" = "post"."id" AND "post_tag"."tag" = $1)",
        "values": [
          "urgent",
        ],
      }
    `);
  });
  test('post.label NOT_EQ bug: two scalar arrays in one table, told apart by its discriminator', () => {
    expect(postgres('post.label NOT_EQ bug').text).toMatchInlineSnapshot(`"NOT EXISTS (SELECT 1 FROM "post_label" WHERE "post_label"."post_id" = "post"."id" AND "post_label"."kind" IN ('label', 'topic') AND lower("post_label"."value") IN ($1, $2))"`);
  });
  test('post.commenter_id EQ 7: every comment counts', () => {
    expect(postgres('post.commenter_id EQ 7').text).toMatchInlineSnapshot(`"EXISTS (SELECT 1 FROM "comment" WHERE "comment"."post_id" = "post"."id" AND "comment"."author_id" = $1)"`);
  });
  test('post.tag EQ urgent on SQLite: the key IN the element rows', () => {
    expect(compileSql(check('post.tag EQ urgent', postSchema, 'post'), { dialect: 'sqlite', mapping: postMapping }).text).toMatchInlineSnapshot(`""post"."id" IN (SELECT "post_tag"."post_id" FROM "post_tag" WHERE "post_tag"."tag" = ?)"`);
  });
});

describe('a source that ignores case: LIKE lowers the column once', () => {
  const schema = defineSchema({
    entities: {
      user: {
        attributes: {
          email: { type: 'String', source: { kind: 'field', field: 'email', ignoreCase: true } },
          alias: { type: 'String', source: { kind: 'element', arrays: ['aliases'], ignoreCase: true } },
        },
      },
    },
  });
  const mapping: SqlMapping = { user: { table: 'user', key: 'id', collections: { aliases: { table: 'user_alias', foreignKey: 'user_id' } } } };
  /** The statement up to LIKE's ESCAPE clause, which is the dialect's. */
  const postgres = (tql: string) => compileSql(check(tql, schema, 'user'), { dialect: 'postgres', mapping }).text.replace(/ ESCAPE .*/, '');

  test.each([
    ['user.email LIKE ada', 'lower("email") LIKE $1'],
    ['user.email NOT_LIKE ada', '("email" IS NULL OR lower("email") NOT LIKE $1'],
    ['user.email STARTS_WITH ada', 'lower("email") LIKE $1'],
    ['user.email EQ Ada', 'lower("email") = $1'],
    ['user.alias LIKE ada', 'EXISTS (SELECT 1 FROM "user_alias" WHERE "user_alias"."user_id" = "user"."id" AND lower("user_alias"."value") LIKE $1'],
    ['user.alias NOT_LIKE ada', 'NOT EXISTS (SELECT 1 FROM "user_alias" WHERE "user_alias"."user_id" = "user"."id" AND lower("user_alias"."value") LIKE $1'],
  ])('%s', (tql, sql) => {
    expect(postgres(tql)).toBe(sql);
  });
});
