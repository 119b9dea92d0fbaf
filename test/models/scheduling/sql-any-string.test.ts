/**
 * The shipped scheduling DDL takes every valid record on every engine: 1,000 CJK characters in an
 * indexed name (3,000 bytes, past PostgreSQL's 2,704-byte B-tree entry), ids that differ only by a
 * trailing space or tab (one key under MariaDB's PAD SPACE collations), supplementary-plane
 * characters. What is loaded reads back the same, filters find it as in memory, and the list
 * order puts ids in byte order on every engine.
 */
import type { ListKey } from '../../../src/http/list-order.js';
import { keyAttribute, readSort } from '../../../src/http/list-sort.js';
import type { Entity } from '../../../src/schema/types.js';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileSql } from '../../../src/backends/sql/compile-sql.js';
import type { SqlDatabase } from '../../../src/backends/sql/database.js';
import { sqlListStore } from '../../../src/http/sql-store.js';
import { generateSchedulingData } from '../../../src/models/scheduling/generate.js';
import type { Agent } from '../../../src/models/scheduling/records.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { readSchedulingData } from '../../../src/models/scheduling/sql/read.js';
import { schedulingSqlMapping } from '../../../src/models/scheduling/sql/mapping.js';
import { agentRecord } from '../../support/agent-record.js';
import { sortedById, sortedIds } from '../../support/ids.js';
import { ENGINE_NAMES, useSqlEngines, type EngineName } from '../../backends/sql/engines.js';

const CJK_NAME = '漢字'.repeat(500);
/** Test titles show the long values shortened. */
const short = (text: string) => text.replaceAll(CJK_NAME, '漢字×500');
const SUPPLEMENTARY = '𝒜𝒹𝒶 😀 '.repeat(100);
const SAME_TIME = 1_750_000_000;

/** Agents whose ids order differently by bytes, by UTF-16 code units and under PAD SPACE. */
const AGENTS: Agent[] = [
  agentRecord('agnt_x', CJK_NAME, { email: `${'字'.repeat(1000)}@example.com`, url_slug: CJK_NAME }),
  agentRecord('agnt_x ', 'trailing space ', { url_slug: 'trailing-space' }),
  agentRecord('agnt_x\t', 'tab\t', { url_slug: 'tab' }),
  agentRecord('agnt_x😀', SUPPLEMENTARY, { url_slug: 'emoji' }),
  agentRecord('agnt_xＡ', 'Ａ fullwidth', { url_slug: 'fullwidth' }),
  agentRecord('agnt_X', 'upper', { url_slug: 'upper' }),
  agentRecord('agnt_x!', 'bang', { url_slug: 'bang' }),
].map((a) => ({ ...a, created_at: SAME_TIME, updated_at: SAME_TIME }));

const base = generateSchedulingData({ seed: 24, agents: 4, teams: 2, requests: 6 });
const [firstTeam, ...otherTeams] = base.teams;
const [firstRequest, ...otherRequests] = base.schedulingRequests;
const DATA = {
  ...base,
  agents: [...base.agents, ...AGENTS],
  teams: [{ ...firstTeam!, internal_name: CJK_NAME, external_name: SUPPLEMENTARY }, ...otherTeams],
  schedulingRequests: [{ ...firstRequest!, end_user_name: CJK_NAME, guests_list: [`${'字'.repeat(300)}@example.com`] }, ...otherRequests],
};

/** The filters the long and odd texts must answer as in memory. */
const QUERIES = [
  `agent.name EQ "${CJK_NAME}"`,
  'agent.name EQ "trailing space "',
  'agent.name EQ "trailing space"',
  'agent.name IN "tab\t","upper"',
  `agent.name LIKE "${'漢字'.repeat(20)}"`,
  'agent.name LIKE "😀"',
  `agent.url_slug EQ "${CJK_NAME}"`,
  'agent.name EQ "tab\t"',
  `scheduling_request.end_user_name EQ "${CJK_NAME}"`,
  `team.internal_name EQ "${CJK_NAME}"`,
  `resource.internal_name EQ "${CJK_NAME}"`,
] as const;

/** Every engine once: the `+icu` and `tql_lower` ones share a database or a DDL with another. */
const ENGINES = ENGINE_NAMES.filter((n): n is EngineName => ['sqlite', 'pglite', 'postgres-server', 'mariadb', 'duckdb'].includes(n));

/** The ids of the agent list, newest first, read through keyset pages of two. */
async function listedIds(db: SqlDatabase): Promise<string[]> {
  const store = sqlListStore({ db, mapping: schedulingSqlMapping, entity: 'agent' });
  const agent = schedulingSchema.entities.agent as Entity;
  const order = readSort('-created_at', agent, keyAttribute(agent, undefined));
  const ids: string[] = [];
  let from: ListKey | undefined;
  for (;;) {
    const page = await store.page(undefined, { order, direction: 'forward', from, limit: 2 });
    if (page.length === 0) return ids;
    ids.push(...page.map((p) => p.key.id));
    from = page.at(-1)!.key;
  }
}

/** Ids by their UTF-8 bytes, descending, created_at first: the list order every engine must give. */
function byteOrder(agents: readonly Agent[]): string[] {
  return [...agents]
    .sort((a, b) => b.created_at - a.created_at || Buffer.compare(Buffer.from(b.id), Buffer.from(a.id)))
    .map((a) => a.id);
}

describe('the shipped DDL takes any stored string', () => {
  const engine = useSqlEngines(DATA);

  describe.for(ENGINES)('%s', (name) => {
    test('every record reads back as it was loaded', async () => {
      const back = await readSchedulingData(engine(name).db);
      expect(back.agents).toEqual(sortedById(DATA.agents));
      expect(back.teams).toEqual(sortedById(DATA.teams));
      expect(back.schedulingRequests).toEqual(sortedById(DATA.schedulingRequests));
    });

    test.for(QUERIES.map((text) => [short(text), text] as const))('%s selects what memory selects', async ([, text]) => {
      const entity = text.slice(0, text.indexOf('.')) as 'agent';
      const query = check(text, schedulingSchema, entity);
      const records = { agent: DATA.agents, team: DATA.teams, resource: DATA.resources, scheduling_request: DATA.schedulingRequests }[entity];
      const expected = sortedIds(filterRecords(query, records as Agent[]));
      expect(await engine(name).ids(query)).toEqual(expected);
    });

    test('the list orders ids by their bytes, through every keyset page', async () => {
      expect(await listedIds(engine(name).db)).toEqual(byteOrder(DATA.agents));
    });
  });

  test('the byte order is not JavaScript’s code-unit order here, so the list test can tell them apart', () => {
    const codeUnits = [...DATA.agents].sort((a, b) => b.created_at - a.created_at || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)).map((a) => a.id);
    expect(codeUnits).not.toEqual(byteOrder(DATA.agents));
  });

  describe.for(ENGINES.filter((n) => n === 'pglite' || n === 'postgres-server'))('%s: the indexes that served EQ and IN still do', (name) => {
    test.for([`agent.name EQ "${CJK_NAME}"`, 'agent.name IN upper,bang', 'agent.email EQ bang@example.com', `resource.internal_name EQ "${CJK_NAME}"`].map((text) => [short(text), text] as const))(
      '%s is an index scan',
      async ([, text]) => {
        const entity = text.slice(0, text.indexOf('.')) as 'agent';
        const where = compileSql(check(text, schedulingSchema, entity), { dialect: 'postgres', mapping: schedulingSqlMapping });
        // With sequential scans priced out, the plan shows whether an index can answer at all
        // (the tables here are too small for the planner to prefer one otherwise).
        const plan = await engine(name).db.transaction(async (tx) => {
          await tx.exec('SET LOCAL enable_seqscan = off');
          const rows = await tx.all<{ 'QUERY PLAN': string }>({ text: `EXPLAIN SELECT "id" FROM "${entity}" WHERE ${where.text}`, values: where.values });
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan).toMatch(new RegExp(`Index Scan (using|on) ${entity}_\\w+_idx`));
      },
    );
  });
});
