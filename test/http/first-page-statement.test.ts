/**
 * A first page (no cursor) is the page alone: its rows and their sort values, in one statement
 * without the cursor's machinery (no look-up of the cursor, no link-back probe, no tail key, no
 * row marker for an empty row joined to facts), on every dialect. A page after a cursor keeps it.
 */
import { expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import type { SqlStatement } from '../../src/backends/sql/compile-sql.js';
import type { AnySqlDatabase } from '../../src/backends/sql/database.js';
import { SQL_DIALECTS, type SqlDialectName } from '../../src/backends/sql/dialects.js';
import { keyAttribute, readSort } from '../../src/http/list-sort.js';
import { sqlListStore } from '../../src/http/sql-store.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import type { Entity } from '../../src/schema/types.js';

const agent = schedulingSchema.entities.agent as Entity;
const order = readSort('-created_at', agent, keyAttribute(agent, undefined));
const query = check('agent.role EQ User', schedulingSchema, 'agent');

/** The statements a store sends for `cursor` on `dialect`, from a database that keeps them and has no rows. */
async function statementsOf(dialect: SqlDialectName, cursor: 'first' | 'after'): Promise<SqlStatement[]> {
  const statements: SqlStatement[] = [];
  const db: AnySqlDatabase = {
    dialect,
    sqlDialect: SQL_DIALECTS[dialect],
    all: async (statement) => (statements.push(statement), []),
    exec: async () => undefined,
    transaction: (fn) => fn(db),
  };
  const store = sqlListStore({ db, mapping: schedulingSqlMapping, entity: 'agent' });
  const start = cursor === 'first' ? undefined : { direction: 'forward' as const, start: { kind: 'record' as const, id: 'agnt_x' } };
  await store.readPage!({ query, order, cursor: start, limit: 20, count: false });
  return statements;
}

const dialects = Object.keys(SQL_DIALECTS) as SqlDialectName[];

test('GET /v1/agents?filter=agent.role EQ User: the first page is one statement, the page alone', async () => {
  const first = Object.fromEntries(await Promise.all(dialects.map(async (d) => [d, (await statementsOf(d, 'first')).map((s) => s.text)] as const)));
  expect(first).toMatchInlineSnapshot(`
    {
      "duckdb": [
        "SELECT "agent".*, "created_at" AS "tql_s0", "id" AS "tql_s1" FROM "agent" WHERE "role" = $1 ORDER BY "created_at" DESC, "id" DESC LIMIT 21",
      ],
      "mysql": [
        "SELECT \`agent\`.*, \`created_at\` AS \`tql_s0\`, \`id\` AS \`tql_s1\` FROM \`agent\` WHERE \`role\` = CAST(? AS BINARY) ORDER BY \`created_at\` DESC, \`id\` DESC LIMIT 21",
      ],
      "postgres": [
        "SELECT "agent".*, "created_at" AS "tql_s0", "id" AS "tql_s1" FROM "agent" WHERE "role" = $1 ORDER BY "created_at" DESC, "id" COLLATE "C" DESC LIMIT 21",
      ],
      "sqlite": [
        "SELECT "agent".*, "created_at" AS "tql_s0", "id" AS "tql_s1" FROM "agent" WHERE "role" = ? ORDER BY "created_at" DESC, "id" DESC LIMIT 21",
      ],
    }
  `);
});

test.each(dialects)('%s: the page after a cursor still reads the cursor, the probe and the marked rows', async (dialect) => {
  const [statement, ...more] = await statementsOf(dialect, 'after');
  expect(more).toEqual([]);
  expect(statement!.text).toMatch(/tql_found.*tql_behind.*tql_row/);
});
