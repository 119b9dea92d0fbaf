/**
 * Reading the scheduling tables back as API-shaped records, one statement per entity: all of
 * them (the loader's inverse), some by id, or a list page's (the select list and row reader a
 * list store takes).
 */
import { asSqlDatabase, type AnySqlDatabase, type SqlDriver } from '../../../backends/sql/database.js';
import type { SqlDialect } from '../../../backends/sql/dialects.js';
import { optionError } from '../../../errors/tql-error.js';
import type { SqlRecordReader } from '../../../http/sql-store.js';
import type { SchedulingData } from '../generate.js';
import type { Agent, AssociatedEntity, Resource, SchedulingRecords, SchedulingRequest, Team } from '../records.js';
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
  type ColumnSpec,
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

/** A row's value of `column` as the API has it (NULL as null). */
function columnValue(row: Row, column: ColumnSpec): unknown {
  const v = row[column.name];
  return v === null || v === undefined ? null : READ[column.type](v);
}

/** The API's field order: `id`, `object`, then the other columns as `table` lists them. */
function shaped(row: Row, object: unknown, table: TableSpec): Row {
  const out: Row = { id: row['id'], object };
  for (const c of table.columns) if (c.name !== 'id' && c.name !== 'object') out[c.name] = columnValue(row, c);
  return out;
}

/** A resource with its own kind's fields only; one of a kind the schema does not list keeps every column. */
function resource(row: Row): Resource {
  const table = row['object'] === 'agent' ? AGENT_TABLE : row['object'] === 'team' ? TEAM_TABLE : RESOURCE_TABLE;
  return shaped(row, row['object'], table) as unknown as Resource;
}

/** `{ type, id, number }` without the fields the entity's type does not have (stored as NULL). */
function associatedEntity(element: Row): AssociatedEntity {
  const out: Row = { type: element['type'] };
  if (element['id'] !== null) out['id'] = Number(element['id']);
  if (element['number'] !== null) out['number'] = element['number'];
  return out as unknown as AssociatedEntity;
}

/** A JSON array column: text from most drivers, already parsed by node-postgres and PGlite. */
function jsonArray(value: unknown): Row[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
}

/** A text literal of a name from code. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The element rows of a request's array, as a JSON array in array order. */
function elements(dialect: SqlDialect, request: string, table: TableSpec, value: (e: string) => string, role?: string): string {
  const json = dialect.json;
  if (json === undefined) {
    throw optionError(`The ${dialect.name} dialect builds no JSON, which reading a scheduling request's arrays in its row needs: give the dialect a "json" member.`);
  }
  const q = dialect.quoteIdentifier;
  const ofRole = role === undefined ? '' : ` AND e.${q('role')} = ${literal(role)}`;
  return `(SELECT ${json.arrayAgg(value('e'), `e.${q('position')}`)} FROM ${q(table.name)} e WHERE e.${q('request_id')} = ${request}.${q('id')}${ofRole})`;
}

/** The columns of `table` over the table named `from`. */
const columnsOf = (dialect: SqlDialect, table: TableSpec, from: string) => table.columns.map((c) => `${from}.${dialect.quoteIdentifier(c.name)}`).join(', ');

/** A JSON object of an element table's columns. */
const elementObject = (dialect: SqlDialect, names: readonly string[]) => (e: string) => dialect.json!.object(names.map((n) => [n, `${e}.${dialect.quoteIdentifier(n)}`]));

/** Reads one kind of record from its row: the table, its select list and the record of a row. */
interface EntityReader<T> extends SqlRecordReader<T> {
  readonly table: TableSpec;
}

const READERS: { readonly [E in SchedulingEntityName]: EntityReader<SchedulingRecords[E]> } = {
  agent: { table: AGENT_TABLE, select: (d, from) => columnsOf(d, AGENT_TABLE, from), read: (row) => shaped(row, 'agent', AGENT_TABLE) as unknown as Agent },
  team: { table: TEAM_TABLE, select: (d, from) => columnsOf(d, TEAM_TABLE, from), read: (row) => shaped(row, 'team', TEAM_TABLE) as unknown as Team },
  resource: { table: RESOURCE_TABLE, select: (d, from) => columnsOf(d, RESOURCE_TABLE, from), read: resource },
  scheduling_request: {
    table: SCHEDULING_REQUEST_TABLE,
    // The arrays come in the request's row, each aggregated in array order by a subquery on
    // its element table's primary key: one statement for a page of requests.
    select: (d, from) =>
      [
        columnsOf(d, SCHEDULING_REQUEST_TABLE, from),
        `${elements(d, from, ASSOCIATED_ENTITY_TABLE, elementObject(d, ['type', 'id', 'number']))} AS ${d.quoteIdentifier('associated_entities')}`,
        `${elements(d, from, REQUEST_RESOURCE_TABLE, elementObject(d, ['type', 'id', 'name']), RESOURCE_ROLES.resources)} AS ${d.quoteIdentifier('resources')}`,
        `${elements(d, from, REQUEST_RESOURCE_TABLE, elementObject(d, ['type', 'id', 'name']), RESOURCE_ROLES.scheduled_agents)} AS ${d.quoteIdentifier('scheduled_agents')}`,
        `${elements(d, from, REQUEST_GUEST_TABLE, (e) => `${e}.${d.quoteIdentifier('email')}`)} AS ${d.quoteIdentifier('guests_list')}`,
      ].join(', '),
    read: (row) => {
      const record = shaped(row, 'scheduling_request', SCHEDULING_REQUEST_TABLE);
      record['associated_entities'] = jsonArray(row['associated_entities']).map(associatedEntity);
      record['resources'] = jsonArray(row['resources']);
      record['scheduled_agents'] = jsonArray(row['scheduled_agents']);
      record['guests_list'] = jsonArray(row['guests_list']);
      return record as unknown as SchedulingRequest;
    },
  },
};

/**
 * How a list page reads `entity`'s records in its own statement: the API's fields, a request's
 * arrays included (as JSON aggregated by the dialect's `json` builders).
 *
 * @example
 * ```ts
 * sqlListStore({ db, mapping: schedulingSqlMapping, entity: 'scheduling_request', record: schedulingRecordReader('scheduling_request') });
 * ```
 */
export function schedulingRecordReader<E extends SchedulingEntityName>(entity: E): SqlRecordReader<SchedulingRecords[E]> {
  return READERS[entity];
}

/** The records of `entity` (those with `ids`, if given), in primary-key order: one statement. */
async function readEntity<E extends SchedulingEntityName>(db: AnySqlDatabase, entity: E, ids?: readonly string[]): Promise<SchedulingRecords[E][]> {
  if (ids?.length === 0) return [];
  const dialect = db.sqlDialect;
  const reader = READERS[entity];
  const from = dialect.quoteIdentifier(reader.table.name);
  const id = `${from}.${dialect.quoteIdentifier('id')}`;
  let text = `SELECT ${reader.select(dialect, from)} FROM ${from}`;
  if (ids !== undefined) text += ` WHERE ${id} IN (${ids.map((_, i) => dialect.placeholder(i + 1)).join(', ')})`;
  const rows = await db.all<Row>({ text: `${text} ORDER BY ${id}`, values: [...(ids ?? [])] });
  return rows.map((row) => reader.read(row));
}

/**
 * The records of `entity` with these ids, shaped like the API's (ids that are not there are left
 * out), in one statement.
 *
 * @example
 * ```ts
 * await readRecordsById(sqlDatabase(pglite), 'scheduling_request', ['sreq_1']);
 * // [{ id: 'sreq_1', object: 'scheduling_request', …, associated_entities: […], resources: […], … }]
 * ```
 */
export function readRecordsById<E extends SchedulingEntityName>(db: AnySqlDatabase, entity: E, ids: readonly string[]): Promise<SchedulingRecords[E][]> {
  return readEntity(db, entity, ids);
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
export async function readSchedulingData(driver: SqlDriver | AnySqlDatabase): Promise<SchedulingData> {
  const db = asSqlDatabase(driver);
  // Sorted here too: PostgreSQL may order text by a locale, not by code units.
  // One statement after another: node-postgres deprecates queueing queries on a client.
  const agents = await readEntity(db, 'agent');
  const teams = await readEntity(db, 'team');
  const resources = await readEntity(db, 'resource');
  const schedulingRequests = await readEntity(db, 'scheduling_request');
  return { agents: agents.sort(byId), teams: teams.sort(byId), resources: resources.sort(byId), schedulingRequests: schedulingRequests.sort(byId) };
}
