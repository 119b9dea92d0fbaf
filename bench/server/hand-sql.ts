/**
 * The hand-written endpoint's SQL, on PostgreSQL and on MariaDB: one statement per page. It
 * returns the page's rows (one more than the page, to know whether a next page exists), each
 * request's arrays built in the same statement (`json_agg` / `JSON_ARRAYAGG`). Only a page after
 * or before a cursor sends a second, tiny statement: whether the cursor's record exists, and
 * whether records matching the filter lie on the cursor's side of the page (the other page's link).
 */
import type { HandCondition } from './hand-filter.js';

/** The engines the hand-written endpoint is written for. */
export type HandDialect = 'postgres' | 'mariadb';

/** What differs between the engines: the ids' byte order, and the JSON functions. */
interface DialectSql {
  /** The id as the list orders it: by bytes. */
  readonly id: string;
  readonly object: string;
  /** A JSON array of `expr` over the rows of `from`, in `order`; `[]` when there are none. */
  list(expr: string, from: string, order: string): string;
}

const DIALECTS: { readonly [D in HandDialect]: DialectSql } = {
  postgres: {
    id: 'id COLLATE "C"',
    object: 'json_build_object',
    list: (expr, from, order) => `(SELECT COALESCE(json_agg(${expr} ORDER BY ${order}), '[]') FROM ${from})`,
  },
  mariadb: {
    id: 'id',
    object: 'JSON_OBJECT',
    list: (expr, from, order) => `(SELECT COALESCE(JSON_ARRAYAGG(${expr} ORDER BY ${order}), '[]') FROM ${from})`,
  },
};

/** The kinds of column the endpoint turns into JSON values itself. */
export type HandColumn = 'text' | 'integer' | 'boolean' | 'json';

const AGENT: Readonly<Record<string, HandColumn>> = {
  name: 'text', email: 'text', role: 'text', schedulable: 'boolean', two_factor_enabled: 'boolean', url_slug: 'text', created_at: 'integer', updated_at: 'integer',
};
const TEAM: Readonly<Record<string, HandColumn>> = { internal_name: 'text', external_name: 'text', team_type: 'text', url_slug: 'text', created_at: 'integer', updated_at: 'integer' };
const RESOURCE: Readonly<Record<string, HandColumn>> = {
  name: 'text', email: 'text', role: 'text', schedulable: 'boolean', two_factor_enabled: 'boolean',
  internal_name: 'text', external_name: 'text', team_type: 'text', url_slug: 'text', created_at: 'integer', updated_at: 'integer',
};
const REQUEST: Readonly<Record<string, HandColumn>> = {
  appointment_type_id: 'text', end_user_email: 'text', end_user_name: 'text', duration_mins: 'integer', earliest_date: 'text', earliest_time: 'text',
  latest_date: 'text', latest_time: 'text', scheduled_at: 'integer', scheduling_url: 'text', selected_start_time: 'integer',
  selected_time_zone: 'text', status: 'text', created_at: 'integer', updated_at: 'integer',
  associated_entities: 'json', resources: 'json', scheduled_agents: 'json', guests_list: 'json',
};

/**
 * The three lists: the entity a filter names, the table, the columns to read, and each record's
 * `object` and fields after it, in the API's order, from the row's `object` column (resources).
 */
export const HAND_LISTS = {
  '/v1/scheduling_requests': { entity: 'scheduling_request', table: 'scheduling_request', columns: REQUEST, objectOf: () => 'scheduling_request', fieldsOf: () => REQUEST },
  '/v1/agents': { entity: 'agent', table: 'agent', columns: AGENT, objectOf: () => 'agent', fieldsOf: () => AGENT },
  // A resource row has only its own kind's fields; one of another kind keeps every column.
  '/v1/resources': {
    entity: 'resource',
    table: 'resource',
    columns: { object: 'text', ...RESOURCE },
    objectOf: (object: unknown) => object,
    fieldsOf: (object: unknown) => (object === 'agent' ? AGENT : object === 'team' ? TEAM : RESOURCE),
  },
} as const;

export type HandListPath = keyof typeof HAND_LISTS;

/** A page cursor: the record next to the page, and which side of it the page lies. */
export interface HandCursor {
  readonly kind: 'starting_after' | 'ending_before';
  readonly id: string;
}

/** The select list of a list's rows (table aliased `r`): the columns, and a request's arrays. */
function selectList(d: DialectSql, path: HandListPath): string {
  const { columns } = HAND_LISTS[path];
  const refs = (role: string) =>
    d.list(`${d.object}('type', x.type, 'id', x.id, 'name', x.name)`, `request_resource x WHERE x.request_id = r.id AND x.role = '${role}'`, 'x.position');
  const arrays: Record<string, string> = {
    associated_entities: d.list(`${d.object}('type', e.type, 'id', e.id, 'number', e.number)`, 'associated_entity e WHERE e.request_id = r.id', 'e.position'),
    resources: refs('resource'),
    scheduled_agents: refs('scheduled_agent'),
    guests_list: d.list('g.email', 'request_guest g WHERE g.request_id = r.id', 'g.position'),
  };
  return ['r.id', ...Object.entries(columns).map(([name, kind]) => (kind === 'json' ? `${arrays[name]} AS ${name}` : `r.${name}`))].join(', ');
}

/** A statement with `$n` placeholders on PostgreSQL and `?` on MariaDB, its values in their order. */
export interface HandStatement {
  readonly text: string;
  readonly values: unknown[];
}

/**
 * The one statement of a page: up to `limit + 1` rows in the page's reading order away from the
 * cursor (the cursor's place read by a subquery, which an index range uses as a constant). A
 * cursor page's link back is {@link probeStatement}'s, a second, tiny statement.
 *
 * @example
 * ```ts
 * pageStatement('postgres', '/v1/agents', { text: 'TRUE', values: [] }, undefined, 20).text.startsWith('SELECT'); // true
 * ```
 */
export function pageStatement(dialect: HandDialect, path: HandListPath, where: HandCondition, cursor: HandCursor | undefined, limit: number): HandStatement {
  const d = DIALECTS[dialect];
  const { table } = HAND_LISTS[path];
  const values = [...where.values, limit + 1];
  const limitAt = `$${values.length}`;
  const order = (direction: string) => `r.created_at ${direction}, r.${d.id} ${direction}`;
  if (cursor === undefined) {
    // Newest first; ids compare by bytes, as the (created_at, id) index orders them.
    return bound(dialect, `SELECT ${selectList(d, path)} FROM ${table} r WHERE ${where.text} ORDER BY ${order('DESC')} LIMIT ${limitAt}`, values);
  }
  values.push(cursor.id);
  const id = `$${values.length}`;
  const [away, direction] = cursor.kind === 'starting_after' ? ['<', 'DESC'] : ['>', 'ASC'];
  const text = `SELECT ${selectList(d, path)} FROM ${table} r WHERE ${where.text} AND (r.created_at, r.${d.id}) ${away} ${place(table, id)} ORDER BY ${order(direction)} LIMIT ${limitAt}`;
  return bound(dialect, text, values);
}

/**
 * The link-back probe of a cursor page, one row: `found` (the cursor's record exists) and
 * `beyond` (records matching the filter lie at or past the cursor, away from the page).
 *
 * @example
 * ```ts
 * probeStatement('postgres', '/v1/agents', { text: 'TRUE', values: [] }, { kind: 'starting_after', id: 'agnt_1' }).values; // ['agnt_1']
 * ```
 */
export function probeStatement(dialect: HandDialect, path: HandListPath, where: HandCondition, cursor: HandCursor): HandStatement {
  const d = DIALECTS[dialect];
  const { table } = HAND_LISTS[path];
  const values = [...where.values, cursor.id];
  const id = `$${values.length}`;
  const back = cursor.kind === 'starting_after' ? '>=' : '<=';
  const text =
    `SELECT EXISTS (SELECT 1 FROM ${table} WHERE id = ${id}) AS found, ` +
    `EXISTS (SELECT 1 FROM ${table} r WHERE ${where.text} AND (r.created_at, r.${d.id}) ${back} ${place(table, id)}) AS beyond`;
  return bound(dialect, text, values);
}

/** The cursor record's place in the order, as a row value. */
const place = (table: string, id: string) => `((SELECT created_at FROM ${table} WHERE id = ${id}), ${id})`;

/** The statement with the dialect's placeholders: MariaDB binds `?` in order, so a value used twice is bound twice. */
function bound(dialect: HandDialect, text: string, values: unknown[]): HandStatement {
  if (dialect === 'postgres') return { text, values };
  const ordered: unknown[] = [];
  return { text: text.replace(/\$(\d+)/g, (_, n: string) => (ordered.push(values[Number(n) - 1]), '?')), values: ordered };
}
