/** Reading the scheduling tables back as API-shaped records. */
import { sqlDatabase, type SqlDatabase, type SqlDriver } from '../../../backends/sql/database.js';
import { quoteIdentifier } from '../../../backends/sql/sql-text.js';
import type { SchedulingData } from '../generate.js';
import type { Agent, AgentRef, AssociatedEntity, Resource, ResourceRef, SchedulingRequest, Team } from '../records.js';
import { RESOURCE_ROLES } from './mapping.js';
import {
  AGENT_TABLE,
  ASSOCIATED_ENTITY_TABLE,
  REQUEST_GUEST_TABLE,
  REQUEST_RESOURCE_TABLE,
  RESOURCE_TABLE,
  SCHEDULING_REQUEST_TABLE,
  TEAM_TABLE,
  type ColumnType,
  type TableSpec,
} from './tables.js';

type Row = Record<string, unknown>;

/** Drivers return 64-bit integers as strings (node-postgres) or numbers, booleans as 0/1 in SQLite. */
const READ: { readonly [T in ColumnType]: (value: unknown) => unknown } = {
  text: (v) => v,
  integer: (v) => Number(v),
  boolean: (v) => v === true || v === 1,
};

async function readTable(db: SqlDatabase, table: TableSpec): Promise<Row[]> {
  const columns = table.columns.map((c) => quoteIdentifier(c.name)).join(', ');
  const order = table.primaryKey.map(quoteIdentifier).join(', ');
  const rows = await db.all<Row>({ text: `SELECT ${columns} FROM ${quoteIdentifier(table.name)} ORDER BY ${order}`, values: [] });
  return rows.map((raw) => {
    const row: Row = {};
    for (const c of table.columns) {
      const v = raw[c.name];
      row[c.name] = v === null || v === undefined ? null : READ[c.type](v);
    }
    return row;
  });
}

/** Only the named fields of `row`, leaving out those that are NULL when `optional` says so. */
function fields(row: Row, names: readonly string[], optional: readonly string[] = []): Row {
  const out: Row = {};
  for (const n of names) if (!(optional.includes(n) && row[n] === null)) out[n] = row[n];
  return out;
}

const AGENT_FIELDS = AGENT_TABLE.columns.map((c) => c.name);
const TEAM_FIELDS = TEAM_TABLE.columns.map((c) => c.name);
const REQUEST_FIELDS = SCHEDULING_REQUEST_TABLE.columns.map((c) => c.name);

function byRequest(rows: readonly Row[]): Map<unknown, Row[]> {
  const map = new Map<unknown, Row[]>();
  for (const r of rows) {
    const list = map.get(r['request_id']);
    if (list === undefined) map.set(r['request_id'], [r]);
    else list.push(r);
  }
  return map;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Reads every scheduling table back as records shaped like the API's, each list sorted by id
 * (arrays inside a request keep their order). Missing and null fields were stored alike and
 * come back as null; an associated entity's `id` or `number` that is NULL is left out.
 *
 * @example
 * ```ts
 * await loadSchedulingData(db, data);
 * const back = await readSchedulingData(db); // back.agents deep-equals data.agents sorted by id
 * ```
 */
export async function readSchedulingData(driver: SqlDriver | SqlDatabase): Promise<SchedulingData> {
  const db = typeof (driver as Partial<SqlDatabase>).all === 'function' ? (driver as SqlDatabase) : sqlDatabase(driver as SqlDriver);
  const [agents, teams, resources, requests, associated, refs, guests] = await Promise.all(
    [AGENT_TABLE, TEAM_TABLE, RESOURCE_TABLE, SCHEDULING_REQUEST_TABLE, ASSOCIATED_ENTITY_TABLE, REQUEST_RESOURCE_TABLE, REQUEST_GUEST_TABLE].map(
      (t) => readTable(db, t),
    ),
  ) as [Row[], Row[], Row[], Row[], Row[], Row[], Row[]];
  const entitiesOf = byRequest(associated);
  const refsOf = byRequest(refs);
  const guestsOf = byRequest(guests);
  const refsWithRole = (id: unknown, role: string) =>
    (refsOf.get(id) ?? []).filter((r) => r['role'] === role).map((r) => fields(r, ['type', 'id', 'name']));
  return {
    agents: agents.map((r) => ({ ...fields(r, AGENT_FIELDS), object: 'agent' }) as unknown as Agent).sort(byId),
    teams: teams.map((r) => ({ ...fields(r, TEAM_FIELDS), object: 'team' }) as unknown as Team).sort(byId),
    resources: resources
      .map((r) => {
        const names = r['object'] === 'agent' ? AGENT_FIELDS : r['object'] === 'team' ? TEAM_FIELDS : RESOURCE_TABLE.columns.map((c) => c.name);
        return { ...fields(r, names), object: r['object'] } as unknown as Resource;
      })
      .sort(byId),
    schedulingRequests: requests
      .map(
        (r) =>
          ({
            ...fields(r, REQUEST_FIELDS),
            object: 'scheduling_request',
            associated_entities: (entitiesOf.get(r['id']) ?? []).map((e) => fields(e, ['type', 'id', 'number'], ['id', 'number']) as unknown as AssociatedEntity),
            resources: refsWithRole(r['id'], RESOURCE_ROLES.resources) as unknown as ResourceRef[],
            scheduled_agents: refsWithRole(r['id'], RESOURCE_ROLES.scheduled_agents) as unknown as AgentRef[],
            guests_list: (guestsOf.get(r['id']) ?? []).map((g) => g['email'] as string),
          }) as unknown as SchedulingRequest,
      )
      .sort(byId),
  };
}
