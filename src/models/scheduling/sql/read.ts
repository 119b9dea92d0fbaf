/**
 * Reading the scheduling tables back as API-shaped records: all of them (the loader's inverse),
 * or one entity's records by id (a page of a list).
 */
import { asSqlDatabase, type SqlDatabase, type SqlDriver } from '../../../backends/sql/database.js';
import { resolveDialect } from '../../../backends/sql/dialects.js';
import type { SchedulingData } from '../generate.js';
import type { Agent, AgentRef, AssociatedEntity, Resource, ResourceRef, SchedulingRecords, SchedulingRequest, Team } from '../records.js';
import type { SchedulingEntityName } from '../schema.js';
import { RESOURCE_ROLES } from './mapping.js';
import type { Row } from './rows.js';
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

/** Drivers return 64-bit integers as strings (node-postgres) or numbers, booleans as 0/1 in SQLite. */
const READ: { readonly [T in ColumnType]: (value: unknown) => unknown } = {
  text: (v) => v,
  key: (v) => v,
  integer: (v) => Number(v),
  boolean: (v) => v === true || v === 1,
};

/** Only the rows whose `column` is one of `ids`. */
interface RowFilter {
  readonly column: string;
  readonly ids: readonly string[];
}

/** The rows of `table` (those `where` selects, if given), values converted, in primary-key order. */
async function readRows(db: SqlDatabase, table: TableSpec, where?: RowFilter): Promise<Row[]> {
  if (where?.ids.length === 0) return [];
  const dialect = resolveDialect(db.dialect);
  const q = dialect.quoteIdentifier;
  const columns = table.columns.map((c) => q(c.name)).join(', ');
  let text = `SELECT ${columns} FROM ${q(table.name)}`;
  if (where !== undefined) {
    text += ` WHERE ${q(where.column)} IN (${where.ids.map((_, i) => dialect.placeholder(i + 1)).join(', ')})`;
  }
  text += ` ORDER BY ${table.primaryKey.map(q).join(', ')}`;
  const raw = await db.all<Row>({ text, values: [...(where?.ids ?? [])] });
  return raw.map((r) => {
    const row: Row = {};
    for (const c of table.columns) {
      const v = r[c.name];
      row[c.name] = v === null || v === undefined ? null : READ[c.type](v);
    }
    return row;
  });
}

/** The API's field order: `id`, `object`, then the other columns as `table` lists them. */
function shaped(row: Row, object: unknown, table: TableSpec): Row {
  const out: Row = { id: row['id'], object };
  for (const c of table.columns) if (c.name !== 'id' && c.name !== 'object') out[c.name] = row[c.name];
  return out;
}

/** A resource with its own kind's fields only; one of a kind the schema does not list keeps every column. */
function resource(row: Row): Resource {
  const table = row['object'] === 'agent' ? AGENT_TABLE : row['object'] === 'team' ? TEAM_TABLE : RESOURCE_TABLE;
  return shaped(row, row['object'], table) as unknown as Resource;
}

/** `{ type, id, number }` without the fields the entity's type does not have (stored as NULL). */
function associatedEntity(row: Row): AssociatedEntity {
  const out: Row = { type: row['type'] };
  if (row['id'] !== null) out['id'] = row['id'];
  if (row['number'] !== null) out['number'] = row['number'];
  return out as unknown as AssociatedEntity;
}

function groupByRequest(rows: readonly Row[]): Map<unknown, Row[]> {
  const map = new Map<unknown, Row[]>();
  for (const r of rows) {
    const list = map.get(r['request_id']);
    if (list === undefined) map.set(r['request_id'], [r]);
    else list.push(r);
  }
  return map;
}

/** The requests (those with `ids`, if given) with their arrays, each in its stored order. */
async function readRequests(db: SqlDatabase, ids?: readonly string[]): Promise<SchedulingRequest[]> {
  const ofRequests = ids && { column: 'request_id', ids };
  // One query after another: a single connection runs them in turn anyway, and node-postgres
  // deprecates queueing queries on a client.
  const requests = await readRows(db, SCHEDULING_REQUEST_TABLE, ids && { column: 'id', ids });
  const entities = await readRows(db, ASSOCIATED_ENTITY_TABLE, ofRequests);
  const refs = await readRows(db, REQUEST_RESOURCE_TABLE, ofRequests);
  const guests = await readRows(db, REQUEST_GUEST_TABLE, ofRequests);
  const entitiesOf = groupByRequest(entities);
  const refsOf = groupByRequest(refs);
  const guestsOf = groupByRequest(guests);
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

/** Reads an entity's records: every one, or those with `ids`. */
const READERS: { readonly [E in SchedulingEntityName]: (db: SqlDatabase, ids?: readonly string[]) => Promise<SchedulingRecords[E][]> } = {
  agent: async (db, ids) => (await readRows(db, AGENT_TABLE, ids && { column: 'id', ids })).map((r) => shaped(r, 'agent', AGENT_TABLE) as unknown as Agent),
  team: async (db, ids) => (await readRows(db, TEAM_TABLE, ids && { column: 'id', ids })).map((r) => shaped(r, 'team', TEAM_TABLE) as unknown as Team),
  resource: async (db, ids) => (await readRows(db, RESOURCE_TABLE, ids && { column: 'id', ids })).map(resource),
  scheduling_request: readRequests,
};

/**
 * The records of `entity` with these ids, shaped like the API's (ids that are not there are left
 * out). A list reads its page of ids with this.
 *
 * @example
 * ```ts
 * await readRecordsById(sqlDatabase(pglite), 'scheduling_request', ['sreq_1']);
 * // [{ id: 'sreq_1', object: 'scheduling_request', …, associated_entities: […], resources: […], … }]
 * ```
 */
export function readRecordsById<E extends SchedulingEntityName>(db: SqlDatabase, entity: E, ids: readonly string[]): Promise<SchedulingRecords[E][]> {
  return READERS[entity](db, ids);
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Reads every scheduling table back as records shaped like the API's, each list sorted by id
 * (arrays inside a request keep their order). Missing and null fields were stored alike and
 * come back as null; an associated entity's `id` or `number` that is NULL is left out.
 *
 * @example
 * ```ts
 * const db = new Database(':memory:');
 * await createSchedulingTables(db);
 * await loadSchedulingData(db, data);
 * const back = await readSchedulingData(db); // back.agents deep-equals data.agents sorted by id
 * ```
 */
export async function readSchedulingData(driver: SqlDriver | SqlDatabase): Promise<SchedulingData> {
  const db = asSqlDatabase(driver);
  // Sorted here too: PostgreSQL may order text by a locale, not by code units.
  // In turn, for the reason given in readRequests.
  const agents = await READERS.agent(db);
  const teams = await READERS.team(db);
  const resources = await READERS.resource(db);
  const schedulingRequests = await READERS.scheduling_request(db);
  return { agents: agents.sort(byId), teams: teams.sort(byId), resources: resources.sort(byId), schedulingRequests: schedulingRequests.sort(byId) };
}
