/** Scheduling records → rows of the tables in `tables.ts`, as plain objects keyed by column. */
import type { Agent, AgentRef, AssociatedEntity, ResourceRef, SchedulingRequest, Team } from '../records.js';
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
import { describeValue } from '../../../errors/describe-value.js';
import { inputError } from '../../../errors/tql-error.js';

/** A record that may lack any field but its id (missing fields are stored as NULL). */
export type StoredRecord<T> = { readonly id: string } & { readonly [K in keyof T]?: T[K] | null };

/** A resource of a kind the schema does not list; stored with its tag, it has no attribute values. */
export interface OtherResource {
  readonly id: string;
  readonly object: string;
  readonly [field: string]: unknown;
}

/**
 * What the loader stores: the records of `generateSchedulingData`, or partial ones. A request's
 * arrays may be missing, which stores as empty.
 */
export interface SchedulingDataInput {
  readonly agents?: readonly StoredRecord<Agent>[];
  readonly teams?: readonly StoredRecord<Team>[];
  readonly resources?: readonly (StoredRecord<Agent> | StoredRecord<Team> | OtherResource)[];
  readonly schedulingRequests?: readonly StoredRecord<SchedulingRequest>[];
}

export type Row = Record<string, unknown>;

/** What each column type stores, and how a message names it. */
const COLUMN_VALUES: { readonly [T in ColumnType]: { readonly is: (v: unknown) => boolean; readonly what: string } } = {
  text: { is: (v) => typeof v === 'string', what: 'a string' },
  key: { is: (v) => typeof v === 'string', what: 'a string' },
  integer: { is: (v) => Number.isSafeInteger(v), what: 'a whole number (Unix seconds for an instant)' },
  boolean: { is: (v) => typeof v === 'boolean', what: 'true or false' },
};

/**
 * The columns of `table` read from `record`'s own fields; missing ones are null. A value of
 * another type than its column's is an `invalid_input` naming the record and the field: the
 * driver would coerce it (`5` into the text `"5.0"`) or refuse it with an error of its own,
 * where the in-memory backend reads it as no value.
 */
function pick(table: TableSpec, record: unknown): Row {
  if (typeof record !== 'object' || record === null) throw inputError(`loadSchedulingData: a record of ${table.name} is ${describeValue(record)}, not an object; pass the records as objects.`);
  const row: Row = {};
  for (const { name, type } of table.columns) {
    const value = Object.hasOwn(record, name) ? (record as Record<string, unknown>)[name] : undefined;
    if (value != null && !COLUMN_VALUES[type].is(value)) {
      const id: unknown = (record as { id?: unknown }).id;
      throw inputError(
        `loadSchedulingData: ${table.name} ${typeof id === 'string' ? JSON.stringify(id) : 'record'}: ${name} is ${describeValue(value)}, and the column holds ${COLUMN_VALUES[type].what}; store it as one, or leave the field out.`,
      );
    }
    row[name] = value ?? null;
  }
  return row;
}

function refRows(request: StoredRecord<SchedulingRequest>, role: string, refs: readonly (ResourceRef | AgentRef)[] | null | undefined): Row[] {
  return (refs ?? []).map((ref, position) => ({ ...pick(REQUEST_RESOURCE_TABLE, ref), request_id: request.id, role, position }));
}

/**
 * The rows of every table for `data`, in the order of `SCHEDULING_TABLES`.
 *
 * @example
 * ```ts
 * schedulingRows({ agents: [ada] }).get(AGENT_TABLE); // [{ id: 'agnt_ada', name: 'Ada', … }]
 * ```
 */
export function schedulingRows(data: SchedulingDataInput): Map<TableSpec, Row[]> {
  const requests = data.schedulingRequests ?? [];
  const associated: Row[] = [];
  const resources: Row[] = [];
  const guests: Row[] = [];
  for (const r of requests) {
    (r.associated_entities ?? []).forEach((e: AssociatedEntity, position) =>
      associated.push({ ...pick(ASSOCIATED_ENTITY_TABLE, e), request_id: r.id, position }),
    );
    resources.push(...refRows(r, RESOURCE_ROLES.resources, r.resources));
    resources.push(...refRows(r, RESOURCE_ROLES.scheduled_agents, r.scheduled_agents));
    (r.guests_list ?? []).forEach((email, position) => guests.push({ request_id: r.id, position, email }));
  }
  return new Map<TableSpec, Row[]>([
    [AGENT_TABLE, (data.agents ?? []).map((a) => pick(AGENT_TABLE, a))],
    [TEAM_TABLE, (data.teams ?? []).map((t) => pick(TEAM_TABLE, t))],
    [RESOURCE_TABLE, (data.resources ?? []).map((r) => pick(RESOURCE_TABLE, r))],
    [SCHEDULING_REQUEST_TABLE, requests.map((r) => pick(SCHEDULING_REQUEST_TABLE, r))],
    [ASSOCIATED_ENTITY_TABLE, associated],
    [REQUEST_RESOURCE_TABLE, resources],
    [REQUEST_GUEST_TABLE, guests],
  ]);
}
