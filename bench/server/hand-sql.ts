/**
 * The hand-written endpoint's SQL: one statement per page on PostgreSQL, each record built as
 * JSON in the statement (its arrays with `json_agg`), the cursor's key read in a CTE, one row
 * more than the page to know whether a next page exists, and the probe for the page on the
 * other side of the cursor in the same statement.
 */
import type { HandCondition } from './hand-filter.js';

/** The three lists of the server bench and the JSON of one of their records (table aliased `r`). */
export const HAND_LISTS = {
  '/v1/scheduling_requests': { entity: 'scheduling_request', table: 'scheduling_request', record: requestJson() },
  '/v1/agents': { entity: 'agent', table: 'agent', record: agentJson("'agent'::text") },
  '/v1/resources': { entity: 'resource', table: 'resource', record: resourceJson() },
} as const;

export type HandListPath = keyof typeof HAND_LISTS;

/** A page cursor: the record next to the page, and which side of it the page lies. */
export interface HandCursor {
  readonly kind: 'starting_after' | 'ending_before';
  readonly id: string;
}

/** `'name', r.name, …`: json_build_object's arguments for these columns. */
function fields(names: readonly string[]): string {
  return names.map((n) => `'${n}', r.${n}`).join(', ');
}

function agentJson(object: string): string {
  return `json_build_object('id', r.id, 'object', ${object}, ${fields(['name', 'email', 'role', 'schedulable', 'two_factor_enabled', 'url_slug', 'created_at', 'updated_at'])})`;
}

/** A resource row has only its own kind's fields; one of another kind keeps every column. */
function resourceJson(): string {
  const team = `json_build_object('id', r.id, 'object', r.object, ${fields(['internal_name', 'external_name', 'team_type', 'url_slug', 'created_at', 'updated_at'])})`;
  const all = fields(['name', 'email', 'role', 'schedulable', 'two_factor_enabled', 'internal_name', 'external_name', 'team_type', 'url_slug', 'created_at', 'updated_at']);
  return `CASE r.object WHEN 'agent' THEN ${agentJson('r.object')} WHEN 'team' THEN ${team} ELSE json_build_object('id', r.id, 'object', r.object, ${all}) END`;
}

function requestJson(): string {
  const columns = fields([
    'appointment_type_id', 'end_user_email', 'end_user_name', 'duration_mins', 'earliest_date', 'earliest_time', 'latest_date', 'latest_time',
    'scheduled_at', 'scheduling_url', 'selected_start_time', 'selected_time_zone', 'status', 'created_at', 'updated_at',
  ]);
  const refs = (role: string) =>
    `COALESCE((SELECT json_agg(json_build_object('type', x.type, 'id', x.id, 'name', x.name) ORDER BY x.position) FROM request_resource x WHERE x.request_id = r.id AND x.role = '${role}'), '[]')`;
  return `json_build_object('id', r.id, 'object', 'scheduling_request'::text, ${columns}, ` +
    // An associated entity has no `id` or `number` key where the column is NULL.
    `'associated_entities', COALESCE((SELECT json_agg(json_strip_nulls(json_build_object('type', e.type, 'id', e.id, 'number', e.number)) ORDER BY e.position) FROM associated_entity e WHERE e.request_id = r.id), '[]'), ` +
    `'resources', ${refs('resource')}, 'scheduled_agents', ${refs('scheduled_agent')}, ` +
    `'guests_list', COALESCE((SELECT json_agg(g.email ORDER BY g.position) FROM request_guest g WHERE g.request_id = r.id), '[]'))`;
}

/**
 * The one statement of a page: `found` (the cursor's record exists), `data` (up to `limit + 1`
 * records as JSON, in the page's reading order away from the cursor) and `beyond` (a record
 * matching the filter lies on the cursor's side of the page: the other page's link).
 *
 * @example
 * ```ts
 * pageStatement('/v1/agents', { text: 'TRUE', values: [] }, undefined, 20).text.startsWith('WITH'); // true
 * ```
 */
export function pageStatement(path: HandListPath, where: HandCondition, cursor: HandCursor | undefined, limit: number): { text: string; values: unknown[] } {
  const { table, record } = HAND_LISTS[path];
  const values = [...where.values, limit + 1];
  const limitAt = `$${values.length}`;
  // Newest first; ids compare by bytes, as the (created_at, id COLLATE "C") index orders them.
  const key = (alias: string) => `(${alias}.created_at, ${alias}.id COLLATE "C")`;
  if (cursor === undefined) {
    return {
      text: `WITH p AS (SELECT r.* FROM ${table} r WHERE ${where.text} ORDER BY r.created_at DESC, r.id COLLATE "C" DESC LIMIT ${limitAt})
SELECT TRUE AS found, (SELECT json_agg(${record} ORDER BY r.created_at DESC, r.id COLLATE "C" DESC) FROM p r) AS data, FALSE AS beyond`,
      values,
    };
  }
  values.push(cursor.id);
  const older = cursor.kind === 'starting_after';
  const [away, back, order] = older ? ['<', '>', 'DESC'] : ['>', '<', 'ASC'];
  return {
    text: `WITH c AS (SELECT created_at, id FROM ${table} WHERE id = $${values.length}),
p AS (SELECT r.* FROM ${table} r, c WHERE ${where.text} AND ${key('r')} ${away} ${key('c')} ORDER BY r.created_at ${order}, r.id COLLATE "C" ${order} LIMIT ${limitAt}),
n AS (SELECT created_at, id FROM (SELECT created_at, id, 0 AS o FROM p UNION ALL SELECT created_at, id, 1 FROM c) k ORDER BY o, created_at ${order}, id COLLATE "C" ${order} LIMIT 1)
SELECT EXISTS (SELECT 1 FROM c) AS found,
  (SELECT json_agg(${record} ORDER BY r.created_at ${order}, r.id COLLATE "C" ${order}) FROM p r) AS data,
  EXISTS (SELECT 1 FROM ${table} r, n WHERE ${where.text} AND ${key('r')} ${back} ${key('n')}) AS beyond`,
    values,
  };
}
