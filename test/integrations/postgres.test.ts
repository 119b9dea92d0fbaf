/**
 * node-postgres (Client and Pool, on a PostgreSQL server) and PGlite run `compileSql` output as it
 * is, `client.query(text, values)`, and `pgStatement` composes a TQL condition with parameters of
 * the caller's own.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { sqlDatabase, type PgQueryable } from '../../src/backends/sql/database.js';
import { pgIdentifier, pgStatement, tqlCondition } from '../../src/integrations/postgres.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { createSchedulingTables, loadSchedulingData } from '../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/mapping.js';
import { CONTRACT_DATA, describeBackendContract, type ContractRecord } from '../backends/contract/cases.js';
import type { Agent } from '../../src/models/scheduling/records.js';
import { CONTRACT_INPUT } from '../backends/sql/engines.js';
import { sortedIds } from '../support/ids.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../support/postgres-server.js';

const mapping = schedulingSqlMapping;

describe('pgStatement', () => {
  const q = check('agent.name LIKE jo AND agent.role IN User,Administrator', schedulingSchema, 'agent');

  test('numbers the TQL placeholders after the values before them', () => {
    expect(pgStatement`SELECT ${pgIdentifier('id')} FROM agent WHERE created_at > ${100} AND ${tqlCondition(q, { mapping })} LIMIT ${5}`).toEqual({
      text: `SELECT "id" FROM agent WHERE created_at > $1 AND (lower("name") LIKE $2 ESCAPE E'\\\\' AND "role" IN ($3, $4)) LIMIT $5`,
      values: [100, '%jo%', 'User', 'Administrator', 5],
    });
  });

  test('two conditions in one statement', () => {
    const other = check('agent.schedulable EQ true', schedulingSchema, 'agent');
    expect(pgStatement`${tqlCondition(other, { mapping })} OR ${tqlCondition(q, { mapping })}`.text).toBe(
      `"schedulable" = $1 OR (lower("name") LIKE $2 ESCAPE E'\\\\' AND "role" IN ($3, $4))`,
    );
  });

  test('values, even ones that look like SQL, are only ever parameters', () => {
    const nasty = "x'); DROP TABLE agent;--";
    expect(pgStatement`SELECT 1 WHERE ${nasty} = ${pgIdentifier('we"ird')}`).toEqual({ text: 'SELECT 1 WHERE $1 = "we""ird"', values: [nasty] });
  });

  test('a mapping without the entity fails where the condition is made', () => {
    expect(() => tqlCondition(q, { mapping: {} })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_mapping: Invalid SQL mapping: agent: the mapping has no entry for this entity; add { table, key } for it.]`);
  });
});

/** Runs the same checks on one client; `open` gives a client on a database with the scheduling tables. */
function describeClient(name: string, open: () => Promise<{ client: PgQueryable; close(): Promise<void> }>) {
  describe(name, () => {
    let client: PgQueryable;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ client, close } = await open());
    }, 120_000);
    afterAll(() => close?.());

    describeBackendContract(`${name}, compileSql output as it is`, async (query, entity) => {
      const table = mapping[entity].table;
      const where = compileSql(query, { dialect: 'postgres', mapping, caseFolding: 'unicode' });
      const { rows } = await client.query(`SELECT "id" FROM "${table}" WHERE ${where.text}`, where.values);
      return rows.map((r) => (r as { id: string }).id);
    });

    test('pgStatement with parameters of its own around a TQL condition', async () => {
      const q = check('agent.name LIKE a OR agent.url_slug EQ null', schedulingSchema, 'agent');
      const { text, values } = pgStatement`
        SELECT "id" FROM ${pgIdentifier('agent')}
        WHERE "role" = ${'User'} AND ${tqlCondition(q, { mapping, caseFolding: 'unicode' })}
        ORDER BY "id" LIMIT ${100}`;
      const { rows } = await client.query(text, values);
      const expected = sortedIds(filterRecords<ContractRecord<Agent>>(q, CONTRACT_DATA.agent).filter((a) => a.role === 'User'));
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((r) => (r as { id: string }).id)).toEqual(expected);
    });
  });
}

describeClient('PGlite', async () => {
  const db = await PGlite.create({ extensions: { pg_trgm } });
  await createSchedulingTables(db);
  await loadSchedulingData(db, CONTRACT_INPUT);
  return { client: db, close: () => db.close() };
});

describe.runIf(postgresAvailable())('node-postgres on a PostgreSQL server', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
    const setup = new pg.Client({ connectionString: server.connectionString });
    await setup.connect();
    await createSchedulingTables(sqlDatabase(setup));
    await loadSchedulingData(setup, CONTRACT_INPUT);
    await setup.end();
  }, 120_000);
  afterAll(() => server?.stop());

  describeClient('pg.Client', async () => {
    const client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    return { client, close: () => client.end() };
  });

  describeClient('pg.Pool', async () => {
    const pool = new pg.Pool({ connectionString: server.connectionString, max: 2 });
    // pool.end() resolves before its connections close, so stopping the server right after
    // can fail them; that is not what this test is about.
    pool.on('error', () => undefined);
    return { client: pool, close: () => pool.end() };
  });
});
