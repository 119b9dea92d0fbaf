/**
 * The relational layout of the scheduling records, in one dialect-neutral description that the
 * DDL, the loader and the reader all derive from.
 *
 * Every column but the keys may be NULL: a missing field and a null one are stored alike, which
 * is what the filter semantics need ("a null or missing attribute …", docs/language.md, null), and the
 * backend tests store deliberately partial records.
 */
import type { DdlColumnKind } from '../../../backends/sql/dialects.js';

/**
 * `text` is text of any length (names, emails); `key` is an identifier or a tag (ids, `role`,
 * `type`), short text compared and ordered by bytes, which MySQL can index several of at once;
 * `integer` is a 64-bit integer (ids of the PSA systems, Unix seconds); `boolean` is 0/1 in SQLite.
 */
export type ColumnType = Extract<DdlColumnKind, 'text' | 'key' | 'integer' | 'boolean'>;

/** One column of a reference table: its name and its portable type. */
export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
}

/** One table of the reference schema, from which the DDL of every dialect is written. */
export interface TableSpec {
  readonly name: string;
  readonly columns: readonly ColumnSpec[];
  readonly primaryKey: readonly string[];
  /** `request_id` → `scheduling_request(id)`, deleted with the request. */
  readonly parent?: { readonly column: string; readonly table: string; readonly key: string };
  /** Extra indexes, each a list of columns. */
  readonly indexes?: readonly (readonly string[])[];
}

const text = (name: string): ColumnSpec => ({ name, type: 'text' });
const key = (name: string): ColumnSpec => ({ name, type: 'key' });
const integer = (name: string): ColumnSpec => ({ name, type: 'integer' });
const boolean = (name: string): ColumnSpec => ({ name, type: 'boolean' });

const requestChild = { column: 'request_id', table: 'scheduling_request', key: 'id' } as const;

// A resource row holds an agent's or a team's columns: the three tables are built from these lists.
const AGENT_OWN_COLUMNS: readonly ColumnSpec[] = [text('name'), text('email'), text('role'), boolean('schedulable'), boolean('two_factor_enabled')];
const TEAM_OWN_COLUMNS: readonly ColumnSpec[] = [text('internal_name'), text('external_name'), text('team_type')];
const SLUG_AND_TIMES: readonly ColumnSpec[] = [text('url_slug'), integer('created_at'), integer('updated_at')];

export const AGENT_TABLE: TableSpec = {
  name: 'agent',
  columns: [key('id'), ...AGENT_OWN_COLUMNS, ...SLUG_AND_TIMES],
  primaryKey: ['id'],
};

export const TEAM_TABLE: TableSpec = {
  name: 'team',
  columns: [key('id'), ...TEAM_OWN_COLUMNS, ...SLUG_AND_TIMES],
  primaryKey: ['id'],
};

/** GET /v1/resources: agents and teams in one table, `object` saying which; the other kind's columns are NULL. */
export const RESOURCE_TABLE: TableSpec = {
  name: 'resource',
  columns: [key('id'), key('object'), ...AGENT_OWN_COLUMNS, ...TEAM_OWN_COLUMNS, ...SLUG_AND_TIMES],
  primaryKey: ['id'],
};

export const SCHEDULING_REQUEST_TABLE: TableSpec = {
  name: 'scheduling_request',
  columns: [
    key('id'),
    key('appointment_type_id'),
    text('end_user_email'),
    text('end_user_name'),
    integer('duration_mins'),
    text('earliest_date'),
    text('earliest_time'),
    text('latest_date'),
    text('latest_time'),
    integer('scheduled_at'),
    text('scheduling_url'),
    integer('selected_start_time'),
    text('selected_time_zone'),
    text('status'),
    integer('created_at'),
    integer('updated_at'),
  ],
  primaryKey: ['id'],
};

/** `associated_entities`, in array order. */
export const ASSOCIATED_ENTITY_TABLE: TableSpec = {
  name: 'associated_entity',
  columns: [key('request_id'), integer('position'), key('type'), integer('id'), key('number')],
  primaryKey: ['request_id', 'position'],
  parent: requestChild,
};

/** `resources` and `scheduled_agents`, told apart by `role` (see `RESOURCE_ROLES`). */
export const REQUEST_RESOURCE_TABLE: TableSpec = {
  name: 'request_resource',
  columns: [key('request_id'), key('role'), integer('position'), key('type'), key('id'), text('name')],
  primaryKey: ['request_id', 'role', 'position'],
  parent: requestChild,
};

/** `guests_list`: email addresses, in order. */
export const REQUEST_GUEST_TABLE: TableSpec = {
  name: 'request_guest',
  columns: [key('request_id'), integer('position'), text('email')],
  primaryKey: ['request_id', 'position'],
  parent: requestChild,
};

/** Every table, parents before children (the order to create and load them in). */
export const SCHEDULING_TABLES: readonly TableSpec[] = [
  AGENT_TABLE,
  TEAM_TABLE,
  RESOURCE_TABLE,
  SCHEDULING_REQUEST_TABLE,
  ASSOCIATED_ENTITY_TABLE,
  REQUEST_RESOURCE_TABLE,
  REQUEST_GUEST_TABLE,
];
