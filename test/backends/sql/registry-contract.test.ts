/**
 * The contract on SQL dialects through the backend registry, as a backend author runs it: a
 * dialect object that is no built-in one (bracket-sqlite.ts) joins with
 * `BACKENDS.with(sqlBackend(dialect))` and passes every case on better-sqlite3, skipping only what
 * it declares; the same dialect with a broken LIKE fails on the LIKE cases alone; the built-in
 * `sql:sqlite` and `sql:postgres` entries pass on better-sqlite3 and PGlite. Each run loads the
 * records into temporary tables and drops them: no table is left behind. The same dialect pages
 * on those tables and serves `sqlTarget` of `tql/testing`.
 */
import { PGlite } from '@electric-sql/pglite';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { BACKENDS, contractOptions, contractQuery, contractRun, runContract, rulesOf, sqlBackend, type BackendContext, type ContractOutcome, type RegisteredBackend } from '../../../src/backends/index.js';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { postgres, sqlite as sqliteDialect, type CaseFolding, type SqlDialect } from '../../../src/backends/sql/dialects.js';
import { filterRecords } from '../../../src/backends/memory/compile-predicate.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import { registerTqlFunctions } from '../../../src/backends/sql/sqlite-functions.js';
import { temporaryTables } from '../../../src/backends/sql/temporary-tables.js';
import { schedulingContract } from '../../../src/models/scheduling/index.js';
import { sqlTarget } from '../../../src/testing/sql-target.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { describeBackendContract } from '../contract/cases.js';
import { bracketSqlite, forgetsEscape } from './bracket-sqlite.js';

/** What the bracket dialect's `LOWER()` cannot do, as it declares it. */
const ASCII_LOWER = bracketSqlite.databaseFolding;

const registry = BACKENDS.with(sqlBackend(bracketSqlite)).with(sqlBackend(forgetsEscape));

const sqlite = new Database(':memory:');
registerTqlFunctions(sqlite);
const pglite = new PGlite();
afterAll(async () => {
  sqlite.close();
  await pglite.close();
});

/** The context a SQL entry of the registry runs in: the scheduling mapping on `db`, written in `dialect`. */
const on = (db: Database.Database | PGlite, dialect: SqlDialect, caseFolding: CaseFolding): BackendContext => ({
  sqlMapping: schedulingSqlMapping,
  sqlDatabase: sqlDatabase(db, { dialect }),
  caseFolding,
});

/** The whole contract on a backend of the registry in `context`, with the divergences it declares there. */
const contract = (backend: RegisteredBackend, context: BackendContext) => runContract(schedulingContract, contractRun(backend, schedulingContract, context)!, contractOptions(backend, context));

/** The outcomes other than passed, as `status: query` lines. */
const notPassed = (outcomes: readonly ContractOutcome[]) => outcomes.filter((o) => o.status !== 'passed').map((o) => `${o.status}: ${o.case.query}`);

/** The cases that need Unicode case folding, as skipped lines: a SQL dialect writes LIKE with an escape character, so needs no other capability. */
const needing = schedulingContract.cases.filter((c) => c.needs === 'unicode-case-folding').map((c) => `skipped: ${c.query}`);

const bracket = registry.get('sql:bracket-sqlite');

// One test per case, with JavaScript's folding (tql_lower): nothing to skip.
describeBackendContract('bracket-sqlite dialect, added through the registry', contractRun(bracket, schedulingContract, on(sqlite, bracketSqlite, 'unicode'))!, contractOptions(bracket, on(sqlite, bracketSqlite, 'unicode')));

describe('the bracket-sqlite dialect', () => {
  test('writes its own SQL, not the built-in sqlite dialect’s', () => {
    const query = contractQuery(schedulingContract, { rule: 7, entity: 'scheduling_request', query: 'scheduling_request.team_id EQ team_blue AND scheduling_request.end_user_name LIKE 100%', expected: [] });
    const context = { sqlMapping: schedulingSqlMapping };
    expect(bracket.show(bracket.compile(query, context))).toMatchInlineSnapshot(`
      "(EXISTS (SELECT 1 FROM [request_resource] WHERE [request_resource].[request_id] = [scheduling_request].[id] AND [request_resource].[role] = 'resource' COLLATE BINARY AND [request_resource].[type] = 'team' COLLATE BINARY AND [request_resource].[id] = (?) COLLATE BINARY) AND LOWER([end_user_name]) LIKE (?) ESCAPE '!')
      -- values: ["team_blue","%100!%%"]"
    `);
    expect(BACKENDS.get('sql:sqlite').show(BACKENDS.get('sql:sqlite').compile(query, context))).toMatchInlineSnapshot(`
      "("scheduling_request"."id" IN (SELECT "request_resource"."request_id" FROM "request_resource" WHERE "request_resource"."role" = 'resource' AND "request_resource"."type" = 'team' AND "request_resource"."id" = ?) AND "end_user_name" LIKE ? ESCAPE '\\')
      -- values: ["team_blue","%100\\\\%%"]"
    `);
  });

  test('pages with its own LIMIT … OFFSET 0 after a key, on the same temporary tables', async () => {
    const db = sqlDatabase(sqlite, { dialect: bracketSqlite });
    const tables = temporaryTables(db, { schema: schedulingContract.schema, entity: 'agent', mapping: schedulingSqlMapping.agent, key: 'id', who: 'the paging test' });
    const query = contractQuery(schedulingContract, { rule: 1, entity: 'agent', query: 'agent.schedulable EQ true', expected: [] });
    const statement = selectSql(query, { dialect: bracketSqlite, mapping: schedulingSqlMapping, startingAfter: 'agnt_b', limit: 2 });
    expect(statement.text).toBe('SELECT [id] FROM [agent] WHERE [schedulable] = (?) AND [id] > (?) ORDER BY [id] LIMIT (?) OFFSET 0');
    const expected = filterRecords(query, schedulingContract.data.agent).map((r) => r.id).filter((id) => id > 'agnt_b').sort().slice(0, 2);
    try {
      await tables.load(schedulingContract.data.agent);
      expect((await db.all<{ id: string }>(statement)).map((r) => r.id)).toEqual(expected);
    } finally {
      await tables.drop();
    }
  });

  test('is a database sqlTarget takes: its run selects what the in-memory backend selects', async () => {
    const target = sqlTarget({ db: sqlDatabase(sqlite, { dialect: bracketSqlite }), schema: schedulingContract.schema, entity: 'agent', mapping: schedulingSqlMapping, caseFolding: 'unicode' });
    const query = contractQuery(schedulingContract, { rule: 4, entity: 'agent', query: 'agent.name LIKE zo OR agent.role IN User', expected: [] });
    try {
      // Copies: sqlTarget takes records of any fields, which the contract's typed records are not declared as.
      await target.load(schedulingContract.data.agent.map((r) => ({ ...r })));
      expect(await target.run(query)).toEqual(filterRecords(query, schedulingContract.data.agent).map((r) => r.id).sort());
    } finally {
      await target.drop();
    }
  });

  test('with its own LOWER(), skips exactly the cases needing Unicode folding, with the reason it declares, and passes the rest', async () => {
    const outcomes = await contract(bracket, on(sqlite, bracketSqlite, 'database'));
    expect(notPassed(outcomes)).toEqual(needing);
    expect(new Set(outcomes.flatMap((o) => (o.status === 'skipped' ? [o.reason] : [])))).toEqual(new Set([ASCII_LOWER]));
  });
});

test('the same dialect with a LIKE that declares no escape character fails on LIKE cases (rule 4) and on no other rule', async () => {
  const broken = registry.get('sql:forgets-escape');
  const outcomes = await contract(broken, on(sqlite, forgetsEscape, 'database'));
  const failed = outcomes.filter((o) => o.status === 'failed');
  expect(failed.filter((o) => !rulesOf(o.case).includes(4)).map((o) => o.case.query)).toEqual([]);
  expect(failed.map((o) => o.case.query)).toMatchInlineSnapshot(`
    [
      "agent.name LIKE %",
      "agent.name LIKE _",
      "agent.name LIKE "% s"",
      "agent.name NOT_LIKE %",
      "agent.email LIKE "%@"",
      "agent.email LIKE _1",
      "agent.name STARTS_WITH 100%",
      "agent.name ENDS_WITH _team",
      "agent.url_slug LIKE _",
      "team.internal_name LIKE _team",
      "team.internal_name LIKE 50%",
      "team.team_type LIKE psa_b",
      "scheduling_request.end_user_name LIKE %_",
    ]
  `);
});

describe('the built-in SQL entries through the registry', () => {
  test('sql:sqlite on better-sqlite3: its own LIKE skips the Unicode folding cases, with the reason the registry declares', async () => {
    const backend = BACKENDS.get('sql:sqlite');
    const outcomes = await contract(backend, on(sqlite, sqliteDialect, 'database'));
    expect(notPassed(outcomes)).toEqual(needing);
    expect(outcomes.find((o) => o.status === 'skipped')).toMatchObject({ reason: backend.divergences?.['unicode-case-folding'] });
  });

  test('sql:sqlite on better-sqlite3 with tql_lower: every case passes', async () => {
    const backend = BACKENDS.get('sql:sqlite');
    expect(notPassed(await contract(backend, on(sqlite, sqliteDialect, 'unicode')))).toEqual([]);
  });

  test('sql:postgres on PGlite with ICU folding: every case passes', async () => {
    const backend = BACKENDS.get('sql:postgres');
    expect(notPassed(await contract(backend, on(pglite, postgres, 'unicode')))).toEqual([]);
  }, 60_000);
});

describe('what a SQL entry refuses to run on, as TqlErrors', () => {
  const query = contractQuery(schedulingContract, { rule: 5, entity: 'agent', query: 'agent.url_slug EQ ada', expected: ['agnt_ada'] });
  test.for([
    [
      'no database',
      { sqlMapping: schedulingSqlMapping },
      'invalid_option: The SQLite with brackets backend runs on a database: pass { sqlDatabase: sqlDatabase(driver, { dialect }) } in the context, with the bracket-sqlite dialect object.',
    ],
    [
      'a database of another dialect',
      { sqlMapping: schedulingSqlMapping, sqlDatabase: sqlDatabase(sqlite) },
      'invalid_option: The SQLite with brackets backend runs on a database of its dialect, not of sqlite: pass { sqlDatabase: sqlDatabase(driver, { dialect }) } in the context, with the bracket-sqlite dialect object.',
    ],
  ] as const)('%s', async ([, context, message]) => {
    const run = contractRun(bracket, schedulingContract, context)!;
    await expect(Promise.resolve().then(() => run(query, 'agent'))).rejects.toMatchObject({ name: 'TqlError', message });
  });
});

test('a statement the engine refuses is a TqlError naming the backend, and its tables are dropped', async () => {
  const ilike: SqlDialect = { ...bracketSqlite, name: 'ilike', title: 'SQLite with ILIKE', like: (expr, pattern, negated) => `${expr} ${negated ? 'NOT ILIKE' : 'ILIKE'} ${pattern}` };
  const run = contractRun(sqlBackend(ilike), schedulingContract, on(sqlite, ilike, 'database'))!;
  const query = contractQuery(schedulingContract, { rule: 4, entity: 'agent', query: 'agent.name LIKE ada', expected: [] });
  await expect(Promise.resolve().then(() => run(query, 'agent'))).rejects.toMatchObject({
    name: 'TqlError',
    message: 'invalid_input: The SQLite with ILIKE backend\'s statements failed on the database: near "ILIKE": syntax error. Check the dialect\'s hooks against the engine.',
  });
});

test('leaves no table behind on either database', async () => {
  expect(sqlite.prepare("SELECT name FROM sqlite_temp_master UNION ALL SELECT name FROM sqlite_master").all()).toEqual([]);
  expect((await pglite.query("SELECT tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")).rows).toEqual([]);
});
