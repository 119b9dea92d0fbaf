/** selectSql: the whole statement per dialect, and keyset paging that walks every row once. */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { generateSchedulingData } from '../../../src/models/scheduling/generate.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { openSqlite } from '../../support/sqlite.js';

const query = check('agent.role IN User,Administrator AND agent.schedulable EQ true', schedulingSchema, 'agent');
const mapping = schedulingSqlMapping;

describe('the statement', () => {
  test('the key column by default', () => {
    expect({
      postgres: selectSql(query, { dialect: 'postgres', mapping }),
      sqlite: selectSql(query, { dialect: 'sqlite', mapping }),
    }).toMatchInlineSnapshot(`
      {
        "postgres": {
          "text": "SELECT "id" FROM "agent" WHERE ("role" IN ($1, $2) AND "schedulable" = $3) ORDER BY "id"",
          "values": [
            "User",
            "Administrator",
            true,
          ],
        },
        "sqlite": {
          "text": "SELECT "id" FROM "agent" WHERE ("role" IN (?, ?) AND "schedulable" = ?) ORDER BY "id"",
          "values": [
            "User",
            "Administrator",
            1,
          ],
        },
      }
    `);
  });
  test('columns, startingAfter and limit', () => {
    expect({
      postgres: selectSql(query, { dialect: 'postgres', mapping, columns: ['id', 'name'], startingAfter: 'agnt_x', limit: 50 }),
      sqlite: selectSql(query, { dialect: 'sqlite', mapping, columns: '*', startingAfter: 'agnt_x', limit: 50 }),
    }).toMatchInlineSnapshot(`
      {
        "postgres": {
          "text": "SELECT "id", "name" FROM "agent" WHERE ("role" IN ($1, $2) AND "schedulable" = $3) AND "id" > $4 ORDER BY "id" LIMIT $5",
          "values": [
            "User",
            "Administrator",
            true,
            "agnt_x",
            50,
          ],
        },
        "sqlite": {
          "text": "SELECT * FROM "agent" WHERE ("role" IN (?, ?) AND "schedulable" = ?) AND "id" > ? ORDER BY "id" LIMIT ?",
          "values": [
            "User",
            "Administrator",
            1,
            "agnt_x",
            50,
          ],
        },
      }
    `);
  });
});

test('paging with startingAfter and limit visits each matching row once, in key order', async () => {
  const data = generateSchedulingData({ seed: 3, agents: 300, teams: 0, requests: 0 });
  const sqlite = await openSqlite();
  await sqlite.loadScheduling(data);
  const all = await sqlite.ids(query);
  expect(all.length, 'enough rows for several pages').toBeGreaterThan(40);
  const seen: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await sqlite.db.all<{ id: string }>(selectSql(query, { dialect: 'sqlite', mapping, limit: 17, startingAfter: after }));
    if (page.length === 0) break;
    seen.push(...page.map((r) => r.id));
    after = page.at(-1)!.id;
  }
  expect(seen).toEqual(all);
  await sqlite.close();
});
