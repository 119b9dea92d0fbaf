/**
 * The default sample dataset used by the CLI, the playground and the docs, and a way to get the
 * records of one entity of `schedulingSchema` from any dataset.
 */
import { optionError } from '../../errors/tql-error.js';
import { generateSchedulingData, type SchedulingData } from './generate.js';
import type { SchedulingRecords } from './records.js';
import type { SchedulingEntityName } from './schema.js';

/** The options of {@link sampleData}: fixed, so docs can quote its answers. */
export const SAMPLE_OPTIONS = { seed: 42, agents: 200, teams: 30, requests: 1000 } as const;

let cached: SchedulingData | undefined;

/**
 * The default dataset (seed 42: 200 agents, 30 teams, 1,000 requests), generated on first use
 * and then shared. It is deeply frozen, because every caller sees the same objects.
 *
 * @example
 * ```ts
 * const { agents } = sampleData();
 * agents.length; // 200
 * ```
 */
export function sampleData(): SchedulingData {
  cached ??= deepFreeze(generateSchedulingData(SAMPLE_OPTIONS));
  return cached;
}

/** Where each entity's records are in a {@link SchedulingData}. */
const RECORDS_OF: { readonly [E in SchedulingEntityName]: (data: SchedulingData) => readonly SchedulingRecords[E][] } = {
  scheduling_request: (d) => d.schedulingRequests,
  agent: (d) => d.agents,
  resource: (d) => d.resources,
  team: (d) => d.teams,
};

/**
 * The records a filter on `entity` runs over. Throws a `TqlError` (`invalid_option`) for a name
 * that is not an entity of `schedulingSchema`.
 *
 * @example
 * ```ts
 * const q = check('resource.url_slug EQ null', schedulingSchema, 'resource');
 * filterRecords(q, recordsOf(sampleData(), 'resource'));
 * ```
 */
export function recordsOf<E extends SchedulingEntityName>(data: SchedulingData, entity: E): readonly SchedulingRecords[E][] {
  if (!Object.hasOwn(RECORDS_OF, entity)) {
    const names = Object.keys(RECORDS_OF).join(', ');
    throw optionError(`The scheduling data has no entity ${JSON.stringify(entity)}; use one of ${names}.`);
  }
  return RECORDS_OF[entity](data);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
