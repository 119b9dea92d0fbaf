/**
 * Reading API-shaped scheduling records by id from the tables of `models/scheduling/sql`, one
 * page at a time (the lists select ids; this turns them into the records the API returns).
 */
import type { SqlDatabase } from '../backends/sql/database.js';
import { resolveDialect } from '../backends/sql/dialects.js';
import { quoteIdentifier } from '../backends/sql/sql-text.js';
import type { Agent, AgentRef, AssociatedEntity, Resource, ResourceRef, SchedulingRequest, Team } from '../models/scheduling/records.js';
import { RESOURCE_ROLES } from '../models/scheduling/sql/mapping.js';
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
} from '../models/scheduling/sql/tables.js';

type Row = Record<string, unknown>;

/** Drivers differ: node-postgres gives 64-bit integers as text, SQLite booleans as 0 and 1. */
const READ: { readonly [T in ColumnType]: (value: unknown) => unknown } = {
  text: (v) => v,
  integer: (v) => Number(v),
  boolean: (v) => v === true || v === 1,
};

/** The rows of `table` whose `column` is one of `ids`, values converted, in `order`. */
async function rowsWhereIn(db: SqlDatabase, table: TableSpec, column: string, ids: readonly string[], order: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const dialect = resolveDialect(db.dialect);
  const q = quoteIdentifier;
  const columns = table.columns.map((c) => q(c.name)).join(', ');
  const list = ids.map((_, i) => dialect.placeholder(i + 1)).join(', ');
  const text = `SELECT ${columns} FROM ${q(table.name)} WHERE ${q(column)} IN (${list}) ORDER BY ${order.map(q).join(', ')}`;
  const raw = await db.all<Row>({ text, values: [...ids] });
  return raw.map((r) => {
    const row: Row = {};
    for (const c of table.columns) {
      const v = r[c.name];
      row[c.name] = v === null || v === undefined ? null : READ[c.type](v);
    }
    return row;
  });
}

/** The API's field order: `id`, `object`, then the rest of the columns as the table lists them. */
function shaped(row: Row, object: string, table: TableSpec): Row {
  const out: Row = { id: row['id'], object };
  for (const c of table.columns) if (c.name !== 'id' && c.name !== 'object') out[c.name] = row[c.name];
  return out;
}

function groupBy(rows: readonly Row[], column: string): Map<unknown, Row[]> {
  const map = new Map<unknown, Row[]>();
  for (const r of rows) {
    const list = map.get(r[column]);
    if (list === undefined) map.set(r[column], [r]);
    else list.push(r);
  }
  return map;
}

/**
 * The agents with these ids.
 *
 * @example
 * ```ts
 * await readAgents(sqlDatabase(pglite), ['agnt_1']);
 * ```
 */
export async function readAgents(db: SqlDatabase, ids: readonly string[]): Promise<Agent[]> {
  const rows = await rowsWhereIn(db, AGENT_TABLE, 'id', ids, ['id']);
  return rows.map((r) => shaped(r, 'agent', AGENT_TABLE) as unknown as Agent);
}

/**
 * The resources (agents and teams) with these ids, each with its own kind's fields only.
 *
 * @example
 * ```ts
 * await readResources(sqlDatabase(pglite), ['team_1']);
 * ```
 */
export async function readResources(db: SqlDatabase, ids: readonly string[]): Promise<Resource[]> {
  const rows = await rowsWhereIn(db, RESOURCE_TABLE, 'id', ids, ['id']);
  return rows.map((r) => {
    const table = r['object'] === 'team' ? TEAM_TABLE : AGENT_TABLE;
    return shaped(r, String(r['object']), table) as unknown as Resource;
  });
}

/**
 * The teams with these ids.
 *
 * @example
 * ```ts
 * await readTeams(sqlDatabase(pglite), ['team_1']);
 * ```
 */
export async function readTeams(db: SqlDatabase, ids: readonly string[]): Promise<Team[]> {
  const rows = await rowsWhereIn(db, TEAM_TABLE, 'id', ids, ['id']);
  return rows.map((r) => shaped(r, 'team', TEAM_TABLE) as unknown as Team);
}

/**
 * The scheduling requests with these ids, with their associated entities, resources, scheduled agents and guests.
 *
 * @example
 * ```ts
 * await readSchedulingRequests(sqlDatabase(pglite), ['sreq_1']);
 * ```
 */
export async function readSchedulingRequests(db: SqlDatabase, ids: readonly string[]): Promise<SchedulingRequest[]> {
  const [requests, entities, refs, guests] = await Promise.all([
    rowsWhereIn(db, SCHEDULING_REQUEST_TABLE, 'id', ids, ['id']),
    rowsWhereIn(db, ASSOCIATED_ENTITY_TABLE, 'request_id', ids, ['request_id', 'position']),
    rowsWhereIn(db, REQUEST_RESOURCE_TABLE, 'request_id', ids, ['request_id', 'role', 'position']),
    rowsWhereIn(db, REQUEST_GUEST_TABLE, 'request_id', ids, ['request_id', 'position']),
  ]);
  const entitiesOf = groupBy(entities, 'request_id');
  const refsOf = groupBy(refs, 'request_id');
  const guestsOf = groupBy(guests, 'request_id');
  const refsIn = (id: unknown, role: string) =>
    (refsOf.get(id) ?? []).filter((r) => r['role'] === role).map((r) => ({ type: r['type'], id: r['id'], name: r['name'] }));
  return requests.map((r) => {
    const record = shaped(r, 'scheduling_request', SCHEDULING_REQUEST_TABLE);
    record['associated_entities'] = (entitiesOf.get(r['id']) ?? []).map(associatedEntity);
    record['resources'] = refsIn(r['id'], RESOURCE_ROLES.resources) as ResourceRef[];
    record['scheduled_agents'] = refsIn(r['id'], RESOURCE_ROLES.scheduled_agents) as AgentRef[];
    record['guests_list'] = (guestsOf.get(r['id']) ?? []).map((g) => g['email']);
    return record as unknown as SchedulingRequest;
  });
}

/** `{ type, id, number }` without the fields the entity's type does not have (stored as NULL). */
function associatedEntity(row: Row): AssociatedEntity {
  const out: Row = { type: row['type'] };
  if (row['id'] !== null) out['id'] = row['id'];
  if (row['number'] !== null) out['number'] = row['number'];
  return out as unknown as AssociatedEntity;
}
