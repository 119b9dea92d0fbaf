/**
 * Two engine differences the dialect object carries: how many rows are inserted at once
 * (`insertRows`) and the statement that measures its `lower()` (`lowerProbe`). A dialect without
 * them inserts with multi-row VALUES lists and says it cannot be measured.
 */
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { duckdb, postgres, sqlite, type SqlDialect } from '../../../src/backends/sql/dialects.js';
import { insertStatements } from '../../../src/backends/sql/insert-rows.js';
import { measureFolding } from '../../../src/backends/sql/measure-folding.js';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { generateSchedulingData } from '../../../src/models/scheduling/generate.js';
import { createSchedulingTables, loadSchedulingData } from '../../../src/models/scheduling/sql/load.js';
import { readSchedulingData } from '../../../src/models/scheduling/sql/read.js';

const { insertRows: _insertRows, lowerProbe: _lowerProbe, ...withoutHooks } = sqlite;

/** SQLite with neither hook. */
const plain: SqlDialect = { ...withoutHooks, name: 'plain-sqlite' };

/** A dialect written for its text only: numbered placeholders. */
const numbered: SqlDialect = { ...plain, name: 'numbered', placeholder: (n) => `@p${n}` };

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, done: i % 2 === 0, note: null }));

describe('insertStatements', () => {
  test.for([
    ['postgres: one JSON parameter', postgres, 2, [{ text: 'INSERT INTO "t" ("id", "done", "note") SELECT "id", "done", "note" FROM json_populate_recordset(NULL::"t", $1::json)', values: ['[{"id":"r0","done":true,"note":null},{"id":"r1","done":false,"note":null}]'] }]],
    ['sqlite: a VALUES list, booleans as 1 and 0', sqlite, 2, [{ text: 'INSERT INTO "t" ("id", "done", "note") VALUES (?, ?, ?), (?, ?, ?)', values: ['r0', 1, null, 'r1', 0, null] }]],
    ['a dialect of your own: its placeholders', numbered, 2, [{ text: 'INSERT INTO "t" ("id", "done", "note") VALUES (@p1, @p2, @p3), (@p4, @p5, @p6)', values: ['r0', 1, null, 'r1', 0, null] }]],
  ] as const)('%s', ([, dialect, n, expected]) => {
    expect([...insertStatements(dialect, 't', ['id', 'done', 'note'], rows(n))]).toEqual(expected);
  });

  test('duckdb: at most 2,000 bound values a statement, every row once', () => {
    const statements = [...insertStatements(duckdb, 't', ['id', 'done', 'note'], rows(1500))];
    expect(statements.map((s) => s.values.length)).toEqual([1998, 1998, 504]);
    expect(statements.flatMap((s) => s.values.filter((_, i) => i % 3 === 0))).toEqual(rows(1500).map((r) => r.id));
  });
});

test('the scheduling tables load and read back through a dialect without insertRows', async () => {
  const data = generateSchedulingData({ seed: 5, agents: 12, teams: 3, requests: 20 });
  const db = sqlDatabase(new Database(':memory:'), { dialect: plain });
  await createSchedulingTables(db);
  await loadSchedulingData(db, data);
  const back = await readSchedulingData(db);
  expect(back.agents.map((a) => a.id).sort()).toEqual(data.agents.map((a) => a.id).sort());
  expect(back.schedulingRequests.map((r) => r.id).sort()).toEqual(data.schedulingRequests.map((r) => r.id).sort());
});

test('measureFolding on a dialect without lowerProbe says what to add', async () => {
  const db = sqlDatabase(new Database(':memory:'), { dialect: plain });
  const error = await measureFolding(db).catch((e: unknown) => e);
  expect(isTqlError(error) && error.message).toMatchInlineSnapshot(`"invalid_option: measureFolding: the SQLite dialect has no lowerProbe (the statement that lists what its lower() changes): add one to the dialect to measure its folding."`);
});
