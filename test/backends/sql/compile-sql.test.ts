/**
 * The exact SQL of each form, PostgreSQL and SQLite side by side: null-safe complements, escaped
 * LIKE, EXISTS for collections, CASE for variants, one leading prefix dropped in SQL.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compileSql, type CompileSqlOptions } from '../../../src/backends/sql/compile-sql.js';
import type { SqlMapping } from '../../../src/backends/sql/mapping.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { entityOf } from '../../support/entity-of.js';


/** The query compiled for both dialects. */
function both(tql: string, options: Partial<CompileSqlOptions> = {}) {
  const q = check(tql, schedulingSchema, entityOf(tql));
  const compile = (dialect: 'postgres' | 'sqlite') => {
    const { text, values } = compileSql(q, { mapping: schedulingSqlMapping, ...options, dialect });
    return [text, values] as const;
  };
  return { postgres: compile('postgres'), sqlite: compile('sqlite') };
}

type Compiled = readonly [string, readonly unknown[]];

describe('one value of the row', () => {
  test.for<[string, { postgres: Compiled; sqlite: Compiled }]>([
    ['agent.name EQ Ada', { postgres: ['"name" = $1', ['Ada']], sqlite: ['"name" = ?', ['Ada']] }],
    [
      'agent.name NOT_EQ Ada',
      { postgres: ['("name" IS NULL OR "name" <> $1)', ['Ada']], sqlite: ['("name" IS NULL OR "name" <> ?)', ['Ada']] },
    ],
    ['agent.url_slug EQ null', { postgres: ['"url_slug" IS NULL', []], sqlite: ['"url_slug" IS NULL', []] }],
    ['agent.url_slug NOT_EQ null', { postgres: ['"url_slug" IS NOT NULL', []], sqlite: ['"url_slug" IS NOT NULL', []] }],
    ['agent.url_slug EQ "null"', { postgres: ['"url_slug" = $1', ['null']], sqlite: ['"url_slug" = ?', ['null']] }],
    ['agent.schedulable EQ true', { postgres: ['"schedulable" = $1', [true]], sqlite: ['"schedulable" = ?', [1]] }],
    [
      'agent.two_factor_enabled NOT_EQ false',
      {
        postgres: ['("two_factor_enabled" IS NULL OR "two_factor_enabled" <> $1)', [false]],
        sqlite: ['("two_factor_enabled" IS NULL OR "two_factor_enabled" <> ?)', [0]],
      },
    ],
    // Language rule 6: a range of whole seconds. PostgreSQL's guard keeps NaN and ±Infinity of a
    // float column out; SQLite's finite bounds keep out ±Infinity and text, which sorts after numbers.
    [
      'agent.created_at LT 1700000000',
      {
        postgres: ['("created_at" < $1::bigint AND "created_at" - "created_at" = 0)', [1700000000]],
        sqlite: ['("created_at" >= ? AND "created_at" < ?)', [-Number.MAX_VALUE, 1700000000]],
      },
    ],
    [
      'agent.created_at LTE 2023-07-01',
      {
        postgres: ['("created_at" < $1::bigint AND "created_at" - "created_at" = 0)', [1688169601]],
        sqlite: ['("created_at" >= ? AND "created_at" < ?)', [-Number.MAX_VALUE, 1688169601]],
      },
    ],
    [
      'agent.created_at GT 2023-07-01T12:00Z',
      {
        postgres: ['("created_at" >= $1::bigint AND "created_at" - "created_at" = 0)', [1688212801]],
        sqlite: ['("created_at" >= ? AND "created_at" < ?)', [1688212801, Infinity]],
      },
    ],
    [
      'agent.created_at GTE 0',
      {
        postgres: ['("created_at" >= $1::bigint AND "created_at" - "created_at" = 0)', [0]],
        sqlite: ['("created_at" >= ? AND "created_at" < ?)', [0, Infinity]],
      },
    ],
    [
      'agent.name LIKE Ada',
      { postgres: [`lower("name") LIKE $1 ESCAPE E'\\\\'`, ['%ada%']], sqlite: [`"name" LIKE ? ESCAPE '\\'`, ['%ada%']] },
    ],
    [
      'agent.name LIKE "50%_\\\\ ZOË"',
      {
        postgres: [`lower("name") LIKE $1 ESCAPE E'\\\\'`, ['%50\\%\\_\\\\ zoë%']],
        sqlite: [`"name" LIKE ? ESCAPE '\\'`, ['%50\\%\\_\\\\ zoë%']],
      },
    ],
    [
      'agent.name NOT_LIKE ada',
      {
        postgres: [`("name" IS NULL OR lower("name") NOT LIKE $1 ESCAPE E'\\\\')`, ['%ada%']],
        sqlite: [`("name" IS NULL OR "name" NOT LIKE ? ESCAPE '\\')`, ['%ada%']],
      },
    ],
    [
      'agent.role IN User,Administrator',
      { postgres: ['"role" IN ($1, $2)', ['User', 'Administrator']], sqlite: ['"role" IN (?, ?)', ['User', 'Administrator']] },
    ],
    [
      'agent.role NOT_IN User',
      { postgres: ['("role" IS NULL OR "role" NOT IN ($1))', ['User']], sqlite: ['("role" IS NULL OR "role" NOT IN (?))', ['User']] },
    ],
  ])('%s', ([tql, expected]) => {
    expect(both(tql)).toEqual(expected);
  });
});

describe('AND and OR', () => {
  test.for<[string, { postgres: Compiled; sqlite: Compiled }]>([
    [
      'agent.name EQ a AND agent.role EQ b',
      { postgres: ['("name" = $1 AND "role" = $2)', ['a', 'b']], sqlite: ['("name" = ? AND "role" = ?)', ['a', 'b']] },
    ],
    [
      'agent.name EQ a OR agent.role EQ b AND agent.email EQ c',
      {
        postgres: ['("name" = $1 OR ("role" = $2 AND "email" = $3))', ['a', 'b', 'c']],
        sqlite: ['("name" = ? OR ("role" = ? AND "email" = ?))', ['a', 'b', 'c']],
      },
    ],
    [
      '(agent.name EQ a OR agent.role EQ b) AND agent.url_slug NOT_EQ null',
      {
        postgres: ['(("name" = $1 OR "role" = $2) AND "url_slug" IS NOT NULL)', ['a', 'b']],
        sqlite: ['(("name" = ? OR "role" = ?) AND "url_slug" IS NOT NULL)', ['a', 'b']],
      },
    ],
    ['((agent.name EQ a))', { postgres: ['"name" = $1', ['a']], sqlite: ['"name" = ?', ['a']] }],
  ])('%s', ([tql, expected]) => {
    expect(both(tql)).toEqual(expected);
  });
});

describe('caseFolding: unicode', () => {
  test('agent.name LIKE zoë', () => {
    expect(both('agent.name LIKE zoë', { caseFolding: 'unicode' })).toEqual({
      postgres: [`lower("name" COLLATE "und-x-icu") LIKE $1 ESCAPE E'\\\\'`, ['%zoë%']],
      sqlite: [`tql_lower("name") LIKE ? ESCAPE '\\'`, ['%zoë%']],
    });
  });
});

describe('a variant: CASE over the tag, NULL for other tags', () => {
  test('resource.external_name EQ null', () => {
    expect(both('resource.external_name EQ null').sqlite).toMatchInlineSnapshot(`
      [
        "CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "external_name" END IS NULL",
        [],
      ]
    `);
  });
  test('resource.internal_name NOT_LIKE ops', () => {
    expect(both('resource.internal_name NOT_LIKE ops')).toMatchInlineSnapshot(`
      {
        "postgres": [
          "(CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END IS NULL OR lower(CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END) NOT LIKE $1 ESCAPE E'\\\\')",
          [
            "%ops%",
          ],
        ],
        "sqlite": [
          "(CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END IS NULL OR CASE "object" WHEN 'agent' THEN "name" WHEN 'team' THEN "internal_name" END NOT LIKE ? ESCAPE '\\')",
          [
            "%ops%",
          ],
        ],
      }
    `);
  });
});

describe('a collection: some element (EXISTS on PostgreSQL, key IN (SELECT …) on SQLite), no element (NOT EXISTS, NOT IN)', () => {
  test('scheduling_request.psa_a_company_id EQ 5', () => {
    expect(both('scheduling_request.psa_a_company_id EQ 5')).toMatchInlineSnapshot(`
      {
        "postgres": [
          "EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = $1)",
          [
            5,
          ],
        ],
        "sqlite": [
          ""scheduling_request"."id" IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = ?)",
          [
            5,
          ],
        ],
      }
    `);
  });
  test('scheduling_request.psa_a_company_id NOT_EQ 5', () => {
    expect(both('scheduling_request.psa_a_company_id NOT_EQ 5').postgres).toMatchInlineSnapshot(`
      [
        "NOT EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" = 'psa_a/company' AND "associated_entity"."id" = $1)",
        [
          5,
        ],
      ]
    `);
  });
  test('scheduling_request.psa_a_ticket_number NOT_IN T-1,T-2', () => {
    expect(both('scheduling_request.psa_a_ticket_number NOT_IN T-1,T-2').sqlite).toMatchInlineSnapshot(`
      [
        ""scheduling_request"."id" NOT IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."request_id" IS NOT NULL AND "associated_entity"."type" = 'psa_a/ticket' AND "associated_entity"."number" IN (?, ?))",
        [
          "T-1",
          "T-2",
        ],
      ]
    `);
  });
  test('scheduling_request.agent_id EQ agnt_ada (resources and scheduled agents share a table)', () => {
    expect(both('scheduling_request.agent_id EQ agnt_ada').postgres).toMatchInlineSnapshot(`
      [
        "EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "scheduling_request"."id" AND "request_resource"."role" IN ('resource', 'scheduled_agent') AND "request_resource"."type" = 'agent' AND "request_resource"."id" = $1)",
        [
          "agnt_ada",
        ],
      ]
    `);
  });
  test('scheduling_request.team_id NOT_EQ team_blue', () => {
    expect(both('scheduling_request.team_id NOT_EQ team_blue').sqlite).toMatchInlineSnapshot(`
      [
        ""scheduling_request"."id" NOT IN (SELECT "request_resource"."request_id" FROM "request_resource" WHERE "request_resource"."request_id" IS NOT NULL AND "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = ?)",
        [
          "team_blue",
        ],
      ]
    `);
  });
  test('scheduling_request.psa_b_ticket_number IN #1234,55 (one leading # dropped on both sides)', () => {
    expect(both('scheduling_request.psa_b_ticket_number IN #1234,55')).toMatchInlineSnapshot(`
      {
        "postgres": [
          "EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND "associated_entity"."number" IN ($1, $2, $3, $4))",
          [
            "1234",
            "#1234",
            "55",
            "#55",
          ],
        ],
        "sqlite": [
          ""scheduling_request"."id" IN (SELECT "associated_entity"."request_id" FROM "associated_entity" WHERE "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND "associated_entity"."number" IN (?, ?, ?, ?))",
          [
            "1234",
            "#1234",
            "55",
            "#55",
          ],
        ],
      }
    `);
  });
  test('scheduling_request.psa_b_ticket_number NOT_LIKE #12', () => {
    expect(both('scheduling_request.psa_b_ticket_number NOT_LIKE #12').postgres).toMatchInlineSnapshot(`
      [
        "NOT EXISTS (SELECT 1 FROM "associated_entity" WHERE "associated_entity"."request_id" = "scheduling_request"."id" AND "associated_entity"."type" IN ('psa_b/project_ticket', 'psa_b/service_ticket') AND lower(CASE WHEN substr("associated_entity"."number", 1, 1) = '#' THEN substr("associated_entity"."number", 2) ELSE "associated_entity"."number" END) LIKE $1 ESCAPE E'\\\\')",
        [
          "%12%",
        ],
      ]
    `);
  });
});

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
