/**
 * The columns of the matching-records table, per entity: the fields a filter on that entity can
 * test, so a reader sees why a record matched. A table keyed by entity, so a new entity of the
 * scheduling schema does not compile until its columns are chosen.
 */
import type { AssociatedEntity, SchedulingRecords } from '../../src/models/scheduling/records.js';
import type { SchedulingEntityName } from '../../src/models/scheduling/schema.js';

/** One column: a heading and how to show a record's value; `time` values are Unix seconds. */
export interface Column<R> {
  readonly heading: string;
  readonly value: (record: R) => string | number | boolean | null;
  readonly time?: true;
}

type Columns = { readonly [E in SchedulingEntityName]: readonly Column<SchedulingRecords[E]>[] };

function entities(list: readonly AssociatedEntity[]): string {
  return list.map((e) => ('number' in e ? `${e.type} ${e.number}` : `${e.type} ${e.id}`)).join(', ');
}

export const COLUMNS: Columns = {
  scheduling_request: [
    { heading: 'id', value: (r) => r.id },
    { heading: 'status', value: (r) => r.status },
    { heading: 'end_user_name', value: (r) => r.end_user_name },
    { heading: 'end_user_email', value: (r) => r.end_user_email },
    { heading: 'selected_start_time', value: (r) => r.selected_start_time, time: true },
    { heading: 'scheduled_at', value: (r) => r.scheduled_at, time: true },
    { heading: 'created_at', value: (r) => r.created_at, time: true },
    { heading: 'resources', value: (r) => r.resources.map((x) => `${x.name} (${x.id})`).join(', ') },
    { heading: 'scheduled_agents', value: (r) => r.scheduled_agents.map((x) => x.id).join(', ') },
    { heading: 'associated_entities', value: (r) => entities(r.associated_entities) },
  ],
  agent: [
    { heading: 'id', value: (r) => r.id },
    { heading: 'name', value: (r) => r.name },
    { heading: 'email', value: (r) => r.email },
    { heading: 'role', value: (r) => r.role },
    { heading: 'schedulable', value: (r) => r.schedulable },
    { heading: 'two_factor_enabled', value: (r) => r.two_factor_enabled },
    { heading: 'url_slug', value: (r) => r.url_slug },
    { heading: 'created_at', value: (r) => r.created_at, time: true },
  ],
  resource: [
    { heading: 'object', value: (r) => r.object },
    { heading: 'id', value: (r) => r.id },
    { heading: 'internal_name', value: (r) => (r.object === 'agent' ? r.name : r.internal_name) },
    { heading: 'external_name', value: (r) => (r.object === 'agent' ? r.name : r.external_name) },
    { heading: 'url_slug', value: (r) => r.url_slug },
  ],
  team: [
    { heading: 'id', value: (r) => r.id },
    { heading: 'internal_name', value: (r) => r.internal_name },
    { heading: 'external_name', value: (r) => r.external_name },
    { heading: 'team_type', value: (r) => r.team_type },
    { heading: 'url_slug', value: (r) => r.url_slug },
    { heading: 'created_at', value: (r) => r.created_at, time: true },
  ],
};
