/**
 * What the mysql dialect does about MySQL's and MariaDB's defaults, on a real MariaDB server:
 * EQ and IN stay exact under the case-, accent- and pad-insensitive default collation
 * (utf8mb4_general_ci), LIKE is a literal substring whatever the sql_mode, and an exact
 * comparison is still answered from the column's index.
 */
import { createConnection, createPool } from 'mysql2';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import { sqlDatabase } from '../../../src/backends/sql/database.js';
import { selectSql } from '../../../src/backends/sql/select-sql.js';
import type { Agent } from '../../../src/models/scheduling/records.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { loadSchedulingData } from '../../../src/models/scheduling/sql/load.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { generateSchedulingData } from '../../../src/models/scheduling/generate.js';
import { sortedIds } from '../../support/ids.js';
import { agentRecord } from '../../support/agent-record.js';
import { mariadbAvailable, openMariadb, startMariadb, type MariadbServer } from '../../support/mariadb-server.js';
import { sqlTestEngine, type SqlTestEngine } from '../../support/sql-engine.js';

const agent = (n: number, name: string): Agent =>
  agentRecord(`agnt_${String(n).padStart(2, '0')}`, name, { url_slug: `slug-${n}`, created_at: 1_700_000_000 + n, updated_at: 1_700_000_000 + n });

/** Names the default collation equates with one another, and the characters LIKE must keep literal. */
const AGENTS: Agent[] = ['Ada', 'ADA', 'ada', 'ada ', 'Ådá', 'ÄDA', 'a!b', 'a\\b', 'a%b', 'a_b', "it's", 'ß', 'ss', 'ﬀ', 'ff'].map((name, i) => agent(i, name));
/** Enough other agents that the planner prefers an index. */
const FILLER: Agent[] = Array.from({ length: 3000 }, (_, i) => agent(100 + i, `filler ${i}`));

const QUERIES = [
  'agent.name EQ Ada',
  'agent.name EQ ada',
  'agent.name EQ "ada "',
  'agent.name NOT_EQ Ada',
  'agent.name IN Ada,ss',
  'agent.name NOT_IN ada,ß',
  'agent.name LIKE ada',
  'agent.name LIKE "ada "',
  'agent.name LIKE å',
  'agent.name LIKE "a!b"',
  'agent.name LIKE "!"',
  'agent.name LIKE "a\\\\b"',
  'agent.name LIKE "%"',
  'agent.name LIKE _',
  'agent.name LIKE "\'"',
  'agent.name LIKE s',
  'agent.name NOT_LIKE "!"',
] as const;

/** Session modes that change how MySQL reads string literals and quotes. */
const SQL_MODES = ['', 'NO_BACKSLASH_ESCAPES', 'ANSI_QUOTES,NO_BACKSLASH_ESCAPES,PIPES_AS_CONCAT'] as const;

describe.runIf(mariadbAvailable())('mysql dialect on MariaDB', () => {
  let server: MariadbServer;
  let engine: SqlTestEngine;

  beforeAll(async () => {
    server = await startMariadb();
    engine = await openMariadb(server);
    await engine.loadScheduling({ agents: [...AGENTS, ...FILLER] });
    await engine.db.exec('ANALYZE TABLE `agent`');
  });
  afterAll(async () => {
    await engine?.close();
    await server?.stop();
  });

  test.for(['a promise Pool', 'a callback Connection', 'a callback Pool'] as const)('sqlDatabase takes mysql2’s %s', async (kind) => {
    const driver =
      kind === 'a promise Pool' ? mysql.createPool({ uri: server.url, connectionLimit: 2 }) : kind === 'a callback Connection' ? createConnection(server.url) : createPool({ uri: server.url, connectionLimit: 2 });
    try {
      const other = sqlDatabase(driver as never);
      expect(other.dialect).toBe('mysql');
      const query = check('agent.name EQ Ada', schedulingSchema, 'agent');
      const ids = await other.transaction(async (tx) => sortedIds(await tx.all<{ id: string }>(selectSql(query, { dialect: 'mysql', mapping: schedulingSqlMapping }))));
      expect(ids).toEqual(['agnt_00']);
    } finally {
      await new Promise<void>((resolve) => {
        const end = (driver as { end(cb?: () => void): unknown }).end(() => resolve());
        if (end instanceof Promise) void end.then(() => resolve());
      });
    }
  });

  test('the default collation equates Ada, ADA, "ada " and Ådá: the reason for CAST(? AS BINARY)', async () => {
    const rows = await engine.db.all<{ id: string }>({ text: 'SELECT `id` FROM `agent` WHERE `name` = ?', values: ['ada'] });
    expect(sortedIds(rows)).toEqual(['agnt_00', 'agnt_01', 'agnt_02', 'agnt_03', 'agnt_04', 'agnt_05']);
  });

  describe.each(SQL_MODES)('sql_mode %j', (mode) => {
    // A connection of its own per mode: mysql2 keeps a connection's prepared statements by their
    // text, so on a shared one these statements would run as parsed under the first mode.
    let moded: SqlTestEngine;
    beforeAll(async () => {
      const connection = await mysql.createConnection(server.url);
      await connection.query('SET SESSION sql_mode = ?', [mode]);
      moded = await sqlTestEngine(`mariadb (sql_mode ${JSON.stringify(mode)})`, sqlDatabase(connection), 'database', () => connection.end());
    });
    afterAll(() => moded?.close());

    test('the connection runs under that mode', async () => {
      const [row] = await moded.db.all<{ mode: string }>({ text: 'SELECT @@SESSION.sql_mode AS mode', values: [] });
      const flags = (modes: string) => modes.split(',').filter((m) => m !== '').sort();
      expect(flags(row!.mode)).toEqual(flags(mode));
    });
    test.for(QUERIES)('%s selects what the in-memory backend selects', async (text) => {
      const query = check(text, schedulingSchema, 'agent');
      const expected = sortedIds(filterRecords(query, [...AGENTS, ...FILLER]) as Agent[]);
      expect(await moded.ids(query)).toEqual(expected);
    });
  });

  test('scheduling_request.team_id EQ team_blue: an element typed TEAM is no team (the tag is compared exactly too)', async () => {
    const requests = [
      { id: 'sreq_a', resources: [{ type: 'team', id: 'team_blue' }] },
      { id: 'sreq_b', resources: [{ type: 'TEAM', id: 'team_blue' }] },
      { id: 'sreq_c', resources: [{ type: 'team', id: 'TEAM_BLUE' }] },
    ];
    // Added to the agents already loaded (loadScheduling would replace them).
    await loadSchedulingData(engine.db, { schedulingRequests: requests as never });
    const query = check('scheduling_request.team_id EQ team_blue', schedulingSchema, 'scheduling_request');
    const ids = await engine.ids(query);
    expect(ids).toEqual(sortedIds(filterRecords(query, requests) as { id: string }[]));
    expect(ids).toEqual(['sreq_a']);
  });

  test('scheduling_request.agent_id EQ …: the element test is answered from the element table’s index', async () => {
    const data = generateSchedulingData({ seed: 3, agents: 200, teams: 10, requests: 3000 });
    await loadSchedulingData(engine.db, { schedulingRequests: data.schedulingRequests });
    await engine.db.exec('ANALYZE TABLE `scheduling_request`, `request_resource`');
    const agentId = data.schedulingRequests.flatMap((r) => r.resources).find((e) => e.type === 'agent')!.id;
    const where = compileSql(check(`scheduling_request.agent_id EQ ${agentId}`, schedulingSchema, 'scheduling_request'), { dialect: 'mysql', mapping: schedulingSqlMapping });
    const plan = await engine.db.all<{ table: string; key: string | null }>({ text: `EXPLAIN SELECT \`id\` FROM \`scheduling_request\` WHERE ${where.text}`, values: where.values });
    expect(plan.find((row) => row.table === 'request_resource')?.key).toBe('request_resource_role_type_id_request_id_idx');
  });

  test.for([
    ['agent.email EQ Ada@example.com', 'agent_email_idx'],
    ['agent.email IN Ada@example.com,ss@example.com', 'agent_email_idx'],
    ['agent.url_slug EQ slug-3', 'agent_url_slug_idx'],
  ] as const)('%s is answered from %s', async ([text, index]) => {
    const where = compileSql(check(text, schedulingSchema, 'agent'), { dialect: 'mysql', mapping: schedulingSqlMapping });
    const [plan] = await engine.db.all<{ key: string | null; rows: number | string }>({ text: `EXPLAIN SELECT \`id\` FROM \`agent\` WHERE ${where.text}`, values: where.values });
    expect(plan?.key).toBe(index);
    expect(Number(plan?.rows)).toBeLessThan(10);
  });
});
