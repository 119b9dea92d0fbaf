/**
 * Generated datasets of API-shaped scheduling records for the differential test: small pools
 * of values shared with the query generator (so predicates often match), plus free text. Every
 * record has the shape of `records.ts`, except that any field may be null or missing: a
 * backend with typed columns can store all of it. Text never holds NUL or a lone surrogate
 * (neither PostgreSQL nor MongoDB can store them, and the validator rejects them in queries).
 */
import { fc } from '@fast-check/vitest';
import type { SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import type { SchedulingDataInput } from '../../../src/models/scheduling/sql/index.js';

// ---- value pools, shared with valid-query.ts ----

/**
 * Text that breaks filters: LIKE wildcards, quotes, backslashes, TQL separators, case pairs that
 * only Unicode folds (Ë, ẞ, İ, Kelvin sign, Ω/Ohm sign), a final sigma, letters some engines'
 * Unicode tables lack (circled Ⓐ, U+2C2F, Latin Extended-D, Vithkuqi, Unicode 16–17 additions),
 * astral characters, and values that look like Mongo operators or prototype keys.
 */
export const TEXTS = [
  'a', 'A', 'ab', 'Ada', 'ada lovelace', 'Ada Lovelace', 'ADA', 'john', 'John Smith', 'Pat Smith',
  '%', '_', '50%', '100% Sales_Team', 'a_b', "O'Brien", '"quoted"', '\\', 'back\\slash', 'a\\%b',
  'Zoë', 'ZOË', 'Straße', 'STRASSE', 'ẞ', 'İlkay', 'ilkay', 'i\u0307lkay', 'ΟΔΟΣ', 'σοφια', 'ΣΟΦΙΑ', 'Ωmega', '\u2126',
  'K', '\u212a', 'ſ', 'Ⓐnna', 'ⓐnna', 'ⒶⓃⓃⒶ', '\u2c2f', '\ua7c0\ua7ce', '\ua7d2', '𐕰𐕱', '\u1c89', '𖺠', '王芳', '😀 smile', 'tab\there', 'new\nline', '~', 'a,b', '(x)', 'null', 'NULL', '',
  '$where', '{"$gt":""}', '__proto__', 'constructor', 'a.b*c', '[x]', '^$', '  spaced  ', 'Robert\'); DROP TABLE agent;--',
] as const;

/** psa ticket numbers as displayed: psa_b ones with their `#`, and odd ones. */
export const TICKET_NUMBERS = ['#1234', '1234', '#12', '12', '##77', '#77', '77', 'T-1001', 'c-77', 'C-77', '#', ''] as const;

/** Integer ids of the PSA systems. */
export const INTEGER_IDS = [0, 1, 5, 6, 12, 77, 1234, 9007199254740991] as const;

/** Id bodies after the prefix (`agnt_` + body). */
export const ID_BODIES = ['a', 'b', 'Ab9', 'zz', 'W4hPN4gKvru7c4BWerF4d'] as const;

/**
 * Unix seconds around boundaries: equal and one second apart (the first of 2023, 2023-07-01,
 * 1700000000), 0, and beyond 32 bits.
 */
export const TIMESTAMPS = [
  0, 1, 1672531199, 1672531200, 1672531201, 1688169599, 1688169600, 1688169601, 1699999999, 1700000000,
  1700000001, 2147483647, 2147483648, 4102444800,
] as const;

/** One character, never NUL or a lone surrogate; often one that breaks folding or escaping (`!` is MySQL's LIKE escape). */
export const arbChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...'aAzZkKsSiIıİ\u0307ßẞëËΣσςΩω\u2126\u212a%_\\"\'~,()$.*[]^ #-!`'.split(''), '𐐀', '𐐨', '😀', 'Ⓐ', 'ⓐ', '\u2c2f', '\ua7c0', '\ua7ce', '\u1c89', '𐕰', '𖺠') },
  {
    weight: 1,
    // Every code point from U+0001 up, with the surrogate range skipped.
    arbitrary: fc.integer({ min: 1, max: 0x10ffff - 0x800 }).map((n) => String.fromCodePoint(n >= 0xd800 ? n + 0x800 : n)),
  },
);

/** Free text: usually from {@link TEXTS}, sometimes any short string of {@link arbChar}. */
export const arbText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: arbChar, maxLength: 6 }) },
);

export const arbTimestamp: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TIMESTAMPS) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 4102444800 }) },
);

/** Numbers for a Number attribute: the edges of language rule 6 (0 and -0, fractions, ±2^53) and random doubles. */
export const NUMBERS = [0, -0, 1, -1, 0.1, 0.2, 0.30000000000000004, 0.3, -1.5, 18, 1000, 2 ** 53, -(2 ** 53), 2 ** 53 - 1, 1e-7, 1e21] as const;
export const arbNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
  fc.integer({ min: -100, max: 100 }),
);
/** A Number literal meaning `n`, in each form the language reads: plain, exponent, a zero fraction, `-0`. */
export const numberText = (n: number): fc.Arbitrary<string> =>
  fc.constantFrom(String(n), n.toExponential(), ...(Number.isInteger(n) && Math.abs(n) < 1e21 ? [`${n.toFixed(0)}.0`] : []), ...(n === 0 ? ['-0', '0e5'] : []));
/** A written Number value. */
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
  name: field(arbText),
  email: field(arbText),
  role: field(fc.oneof(fc.constantFrom('Administrator', 'User', 'user', 'Dispatcher'), arbText)),
  schedulable: field(fc.boolean()),
  two_factor_enabled: field(fc.boolean()),
  url_slug: field(arbText),
  created_at: field(arbTimestamp),
  updated_at: field(arbTimestamp),
}, PLAIN);

const arbTeamFields = fc.record({
  object: fc.constant('team'),
  internal_name: field(arbText),
  external_name: field(arbText),
  team_type: field(fc.oneof(fc.constantFrom('psa_b/project', 'psa_b/service'), arbText)),
  url_slug: field(arbText),
  created_at: field(arbTimestamp),
  updated_at: field(arbTimestamp),
}, PLAIN);

const ENTITY_TYPES = [
  'psa_a/company', 'psa_a/contact', 'psa_a/ticket', 'psa_b/company', 'psa_b/contact',
  'psa_b/project_ticket', 'psa_b/service_ticket', 'psa_c/client', 'psa_c/user', 'psa_c/ticket',
] as const;

/** An associated entity: any type, with an id and (for tickets, and now and then others) a number. */
const arbAssociated = fc
  .record({ type: fc.constantFrom(...ENTITY_TYPES), id: field(arbIntegerId), number: field(fc.oneof(fc.constantFrom(...TICKET_NUMBERS), arbText)) })
  .map((e) => withoutMissing(e.type.endsWith('ticket') ? e : { ...e, number: MISSING }));

const arbAgentRef = fc.record({ type: fc.constant('agent'), id: arbPrefixedId('agnt_'), name: arbText }, PLAIN);
const arbTeamRef = fc.record({ type: fc.constant('team'), id: arbPrefixedId('team_'), name: arbText }, PLAIN);

const arbRequestFields = fc.record({
  object: fc.constant('scheduling_request'),
  appointment_type_id: fc.constant('apty_a'),
  end_user_name: field(arbText),
  end_user_email: field(arbText),
  status: field(fc.constantFrom('new', 'sent', 'scheduled', 'cancelled', 'closed')),
  selected_start_time: field(arbTimestamp),
  scheduled_at: field(arbTimestamp),
  created_at: field(arbTimestamp),
  updated_at: field(arbTimestamp),
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
    .array(fc.oneof({ weight: 4, arbitrary: arbAgentFields }, { weight: 4, arbitrary: arbTeamFields }, { weight: 1, arbitrary: fc.record({ object: fc.constant('bot'), name: arbText, url_slug: arbText }) }), { minLength: 8, maxLength: 16 })
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

// ---- reading values back, for the declared divergences ----

/** The texts a String attribute reads from a record (an element's ignored prefix removed): tql/testing's. */
export { attributeTexts } from '../../../src/testing/declared.js';
