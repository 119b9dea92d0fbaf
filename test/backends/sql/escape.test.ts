/**
 * LIKE on a PostgreSQL server with `standard_conforming_strings = off`, where `'\'` opens a
 * literal that never ends: the statements write their escape as `E'\\'`, which is one backslash
 * under both settings, and answer as the in-memory backend does for needles full of the
 * characters a pattern escapes.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../../support/postgres-server.js';
import { sqlTestEngine, type SqlTestEngine } from '../../support/sql-engine.js';

const NAMES = ['50% off', '50_ off', 'back\\slash', "it's", 'plain', '100%_\\x', 'E\'\\\\\'', '%', '_', '\\'];
const AGENTS = NAMES.map((name, i) => ({ id: `agnt_${i}`, name }));

describe.runIf(postgresAvailable())('PostgreSQL with standard_conforming_strings = off', () => {
  let server: PostgresServer;
  let client: pg.Client;
  let engine: SqlTestEngine;

  beforeAll(async () => {
    server = await startPostgres();
    client = new pg.Client({ connectionString: server.connectionString });
    await client.connect();
    await client.query('SET standard_conforming_strings = off');
    await client.query('SET escape_string_warning = off');
    engine = await sqlTestEngine('postgres-server (standard_conforming_strings off)', sqlDatabase(client), 'database', () => client.end());
    await engine.loadScheduling({ agents: AGENTS, teams: [], resources: [], schedulingRequests: [] });
  });

  afterAll(async () => {
    await engine?.close();
    await server?.stop();
  });

  test('the setting is off on the connection the statements run on', async () => {
    expect((await client.query('SHOW standard_conforming_strings')).rows[0]).toEqual({ standard_conforming_strings: 'off' });
  });

  test.for(['"%"', '"_"', '"\\\\"', '"50%"', '"0_ "', '"\'"', '"%_\\\\"', 'plain', '"E\'"'])('agent.name LIKE %s and NOT_LIKE answer as in memory', async (needle) => {
    for (const operator of ['LIKE', 'NOT_LIKE']) {
      const q = check(`agent.name ${operator} ${needle}`, schedulingSchema, 'agent');
      const expected = filterRecords(q, AGENTS).map((a) => a.id).sort();
      expect(await engine.ids(q), `${operator} ${needle}`).toEqual(expected);
    }
  });
});
