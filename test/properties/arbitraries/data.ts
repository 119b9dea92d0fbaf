/**
 * Generated datasets of API-shaped scheduling records, for the tests that load the reference
 * model's own tables and collections. The values come from tql/testing's pools
 * (src/testing/value-pools.ts), which its `queryArbitrary` draws from too, so predicates often
 * match; the shapes are the reference model's (`records.ts`), except that any field may be null
 * or missing: a backend with typed columns can store all of it.
 */
import fc from 'fast-check';
import type { SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import type { SchedulingDataInput } from '../../../src/models/scheduling/sql/index.js';
import { numberText } from '../../../src/testing/query-values.js';
import { arbHostileText, arbNumber, arbSecond, ID_BODIES, INTEGER_IDS } from '../../../src/testing/value-pools.js';

// ---- values: tql/testing's pools, and the reference model's ticket numbers ----

/** psa ticket numbers as displayed: psa_b ones with their `#`, and odd ones. */
export const TICKET_NUMBERS = ['#1234', '1234', '#12', '12', '##77', '#77', '77', 'T-1001', 'c-77', 'C-77', '#', ''] as const;

/** A ticket number: a displayed one, or free text with or without the `#` the schema ignores (as queries write them). */
const arbTicketNumber: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TICKET_NUMBERS),
  fc.tuple(arbHostileText, fc.boolean()).map(([t, hash]) => (hash ? `#${t}` : t)),
);

/** A written Number value, in each form the language reads. */
export const arbNumberText: fc.Arbitrary<string> = arbNumber.chain(numberText);

export const arbIntegerId: fc.Arbitrary<number> = fc.constantFrom(...INTEGER_IDS);

/** An id with `prefix`, or now and then one of another kind (a team id among agents). */
export const arbPrefixedId = (prefix: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...ID_BODIES).map((b) => prefix + b) },
    { weight: 1, arbitrary: fc.constantFrom('agnt_a', 'team_a', 'sreq_a') },
  );

// ---- records ----

const MISSING = Symbol('missing');

/** Plain objects only, like the documents a driver returns (mingo cannot hash null-prototype ones). */
export const PLAIN = { noNullPrototype: true } as const;

/** The field's value, null, or no field at all. */
function field<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | null | typeof MISSING> {
  return fc.oneof({ weight: 8, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant(MISSING) });
}

/** Drops the fields generated as missing. */
function withoutMissing<T extends object>(record: T): { [K in keyof T]: Exclude<T[K], typeof MISSING> } {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== MISSING)) as never;
}

export type DataRecord = { readonly id: string; readonly [field: string]: unknown };

const arbAgentFields = fc.record({
  object: fc.constant('agent'),
  name: field(arbHostileText),
  email: field(arbHostileText),
  role: field(fc.oneof(fc.constantFrom('Administrator', 'User', 'user', 'Dispatcher'), arbHostileText)),
  schedulable: field(fc.boolean()),
  two_factor_enabled: field(fc.boolean()),
  url_slug: field(arbHostileText),
  created_at: field(arbSecond),
  updated_at: field(arbSecond),
}, PLAIN);

const arbTeamFields = fc.record({
  object: fc.constant('team'),
  internal_name: field(arbHostileText),
  external_name: field(arbHostileText),
  team_type: field(fc.oneof(fc.constantFrom('psa_b/project', 'psa_b/service'), arbHostileText)),
  url_slug: field(arbHostileText),
  created_at: field(arbSecond),
  updated_at: field(arbSecond),
}, PLAIN);

const ENTITY_TYPES = [
  'psa_a/company', 'psa_a/contact', 'psa_a/ticket', 'psa_b/company', 'psa_b/contact',
  'psa_b/project_ticket', 'psa_b/service_ticket', 'psa_c/client', 'psa_c/user', 'psa_c/ticket',
] as const;

/** An associated entity: any type, with an id and (for tickets, and now and then others) a number. */
const arbAssociated = fc
  .record({ type: fc.constantFrom(...ENTITY_TYPES), id: field(arbIntegerId), number: field(arbTicketNumber) })
  .map((e) => withoutMissing(e.type.endsWith('ticket') ? e : { ...e, number: MISSING }));

const arbAgentRef = fc.record({ type: fc.constant('agent'), id: arbPrefixedId('agnt_'), name: arbHostileText }, PLAIN);
const arbTeamRef = fc.record({ type: fc.constant('team'), id: arbPrefixedId('team_'), name: arbHostileText }, PLAIN);

const arbRequestFields = fc.record({
  object: fc.constant('scheduling_request'),
  appointment_type_id: fc.constant('apty_a'),
  end_user_name: field(arbHostileText),
  end_user_email: field(arbHostileText),
  status: field(fc.constantFrom('new', 'sent', 'scheduled', 'cancelled', 'closed')),
  selected_start_time: field(arbSecond),
  scheduled_at: field(arbSecond),
  created_at: field(arbSecond),
  updated_at: field(arbSecond),
  associated_entities: field(fc.array(arbAssociated, { maxLength: 4 })),
  resources: field(fc.array(fc.oneof(arbAgentRef, arbTeamRef), { maxLength: 3 })),
  scheduled_agents: field(fc.array(arbAgentRef, { maxLength: 2 })),
  guests_list: fc.constant([]),
}, PLAIN);

/** Records of one entity, with ids `<prefix>0`, `<prefix>1`, … */
const records = <T extends object>(fields: fc.Arbitrary<T>, prefix: string, maxLength: number) =>
  fc.array(fields, { minLength: maxLength / 2, maxLength }).map((list) => list.map((f, i): DataRecord => ({ id: `${prefix}${i}`, ...withoutMissing(f) })));

/** A dataset: the records of each entity of `schedulingSchema`. */
export type Dataset = { readonly [E in SchedulingEntityName]: readonly DataRecord[] };

/**
 * Datasets of up to a few dozen records per entity. `resource` mixes agents, teams and a record
 * of a kind the schema does not list.
 *
 * @example
 * ```ts
 * const [dataset] = fc.sample(arbDataset, { seed: 1, numRuns: 1 });
 * ```
 */
export const arbDataset: fc.Arbitrary<Dataset> = fc.record({
  agent: records(arbAgentFields, 'agnt_r', 16),
  team: records(arbTeamFields, 'team_r', 10),
  resource: fc
    .array(fc.oneof({ weight: 4, arbitrary: arbAgentFields }, { weight: 4, arbitrary: arbTeamFields }, { weight: 1, arbitrary: fc.record({ object: fc.constant('bot'), name: arbHostileText, url_slug: arbHostileText }) }), { minLength: 8, maxLength: 16 })
    .map((list) => list.map((f, i): DataRecord => ({ id: `rsrc_r${i}`, ...withoutMissing(f) }))),
  scheduling_request: records(arbRequestFields, 'sreq_r', 24),
}, PLAIN);

/**
 * The dataset in the shape of the SQL loader's input.
 *
 * @example
 * ```ts
 * await loadSchedulingData(db, sqlInput(dataset));
 * ```
 */
export function sqlInput(dataset: Dataset): SchedulingDataInput {
  // The records are API-shaped with optional fields: exactly what the loader's StoredRecord allows.
  return {
    agents: dataset.agent,
    teams: dataset.team,
    resources: dataset.resource,
    schedulingRequests: dataset.scheduling_request,
  } as SchedulingDataInput;
}
