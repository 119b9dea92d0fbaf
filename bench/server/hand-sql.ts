/**
 * The hand-written endpoint's SQL, on PostgreSQL and on MariaDB: one statement per page. It
 * returns the page's rows (one more than the page, to know whether a next page exists), each
 * request's arrays built in the same statement (`json_agg` / `JSON_ARRAYAGG`), and with a cursor
 * two columns read by subqueries: whether the cursor's record exists, and whether records matching
 * the filter lie on the cursor's side of the page (the other page's link).
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

/**
 * The one statement of a page: up to `limit + 1` rows in the page's reading order away from the
 * cursor, and with a cursor the columns `found` (the cursor's record exists) and `beyond`
 * (records matching the filter lie at or past the cursor, away from the page), in every row, or
 * in one row of NULLs when the page is empty. Placeholders are `$n` on PostgreSQL and `?` on
 * MariaDB, with the values in their order.
 *
 * @example
 * ```ts
 * pageStatement('postgres', '/v1/agents', { text: 'TRUE', values: [] }, undefined, 20).text.startsWith('SELECT'); // true
 * ```
 */
export function pageStatement(dialect: HandDialect, path: HandListPath, where: HandCondition, cursor: HandCursor | undefined, limit: number): { text: string; values: unknown[] } {
  const d = DIALECTS[dialect];
  const { table } = HAND_LISTS[path];
  const values = [...where.values, limit + 1];
  const limitAt = `$${values.length}`;
  const order = (alias: string, direction: string) => `${alias}.created_at ${direction}, ${alias}.${d.id} ${direction}`;
  let text: string;
  if (cursor === undefined) {
    // Newest first; ids compare by bytes, as the (created_at, id) index orders them.
    text = `SELECT ${selectList(d, path)} FROM ${table} r WHERE ${where.text} ORDER BY ${order('r', 'DESC')} LIMIT ${limitAt}`;
  } else {
    values.push(cursor.id);
    const id = `$${values.length}`;
    const [away, back, direction] = cursor.kind === 'starting_after' ? ['<', '>=', 'DESC'] : ['>', '<=', 'ASC'];
    const from = `((SELECT created_at FROM ${table} WHERE id = ${id}), ${id})`;
    const key = `(r.created_at, r.${d.id})`;
    text =
      `SELECT m.found, m.beyond, p.* FROM (SELECT EXISTS (SELECT 1 FROM ${table} WHERE id = ${id}) AS found, ` +
      `EXISTS (SELECT 1 FROM ${table} r WHERE ${where.text} AND ${key} ${back} ${from}) AS beyond) m ` +
      `LEFT JOIN (SELECT ${selectList(d, path)} FROM ${table} r WHERE ${where.text} AND ${key} ${away} ${from} ORDER BY ${order('r', direction)} LIMIT ${limitAt}) p ON 1 = 1 ` +
      `ORDER BY ${order('p', direction)}`;
  }
  if (dialect === 'postgres') return { text, values };
  // MariaDB binds `?` in order, so a value used twice is bound twice.
  const ordered: unknown[] = [];
  return { text: text.replace(/\$(\d+)/g, (_, n: string) => (ordered.push(values[Number(n) - 1]), '?')), values: ordered };
}
