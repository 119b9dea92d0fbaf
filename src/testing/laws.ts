/**
 * Laws of the language as fast-check properties a project can run on its own schema (and, for
 * the complement law, its own backend): `fc.assert(complementLaw(schema, 'item'))`.
 */
import type { Arbitrary, IProperty } from 'fast-check';
import { fc } from './fast-check.js';
import { check } from '../api/check.js';
import { not, predicate } from '../ast/builders.js';
import type { Operator, Predicate } from '../ast/nodes.js';
import { print } from '../ast/print.js';
import { stripSpans } from '../ast/strip-spans.js';
import { parse } from '../parser/parse.js';
import { PROFILE_DEFINITIONS, type Profile } from '../parser/profiles.js';
import { OPERATOR_FACTS } from '../schema/operators.js';
import type { Attribute, Schema } from '../schema/types.js';
import { toAst } from '../validate/to-ast.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { filteredQueryArbitrary, queryArbitrary } from './query-arbitrary.js';
import { datasetArbitrary } from './record-arbitrary.js';
import { referenceIds, sortedIds } from './reference.js';
import { ownElements } from './own-list.js';
import { entityArgument } from '../api/entity-argument.js';
import { readOptions } from '../errors/read-options.js';
import { describeValue } from '../errors/describe-value.js';
import { optionError } from '../errors/tql-error.js';
import { TEST_NOW } from './value-pools.js';
import { resolveNow } from '../validate/resolve-now.js';

/** Options of the laws. */
export interface LawOptions {
  /** The profile the queries are valid in. Default `extended`. */
  readonly profile?: Profile | undefined;
  /** Records to evaluate on, ids in `id`; default: a generated dataset per case. */
  readonly records?: readonly object[] | undefined;
  /** The backend whose answers must obey the law: ids selected from `records`, for a query whose relative times are resolved (at 1700000000). Default: the in-memory backend. */
  readonly select?: ((query: ValidatedQuery, records: readonly object[]) => readonly unknown[]) | undefined;
}

/** Predicates whose attribute also takes the operator's complement. */
const withComplement = (a: Attribute, op: Operator) => {
  const complement = OPERATOR_FACTS[op].complement;
  return complement !== undefined && a.operators.includes(complement);
};

/** The options of a law, each read once and checked where the law is made, not inside its property. */
interface LawSettings {
  readonly profile: Profile | undefined;
  readonly records: readonly object[] | undefined;
  readonly select: ((query: ValidatedQuery, records: readonly object[]) => unknown) | undefined;
}

function lawSettings(fn: string, schema: Schema, entity: string, options: LawOptions | undefined): LawSettings {
  entityArgument(fn, schema, entity);
  const read = readOptions(fn, options, ['profile', 'records', 'select']);
  if (read.select !== undefined && typeof read.select !== 'function') {
    throw optionError(`${fn}: select is a function (query, records) → the ids it selects, not ${describeValue(read.select)}.`);
  }
  // Own elements once, here: a sparse list of length 2^32 − 1 costs what its records cost.
  const records = read.records === undefined ? undefined : (ownElements(`${fn}: records`, read.records) as object[]);
  return { profile: read.profile, records, select: read.select };
}

function recordsFor(schema: Schema, entity: string, options: LawSettings): Arbitrary<readonly object[]> {
  return options.records === undefined ? datasetArbitrary(schema, entity) : fc.constant(options.records);
}

/** A record's id, as the answers hold it. */
const idOf = (record: object) => String((record as Record<string, unknown>)['id']);

/** The ids `select` (or the reference) gives for `query`, its relative times resolved on the testing clock. */
const selected = (options: LawSettings, query: ValidatedQuery, records: readonly object[]) =>
  new Set(sortedIds((options.select ?? ((q, rs) => referenceIds(q, rs)))(resolveNow(query, TEST_NOW), records) as readonly unknown[]));

/** A query and its complement, as texts: what {@link complementLaw} generates. */
export type ComplementPair = readonly [string, string];

/** A predicate and the same with the operator's complement (`EQ` → `NOT_EQ`, `IN` → `NOT_IN`, …). */
function flippedPredicates(schema: Schema, entity: string, profile: Profile | undefined): Arbitrary<ComplementPair> {
  return filteredQueryArbitrary('complementLaw', schema, entity, { profile, depth: 0 }, withComplement).map((text): ComplementPair => {
    const p = parse(text).expression as Predicate;
    const values = p.values.map((v) => (v.kind === 'Null' ? null : v.text)) as [string | null, ...(string | null)[]];
    return [text, print(predicate(`${p.attribute.entity}.${p.attribute.property}`, OPERATOR_FACTS[p.operator.name].complement!, ...values))];
  });
}

/**
 * Rule 2: `NOT_EQ`, `NOT_LIKE` and `NOT_IN` select exactly the records that `EQ`, `LIKE` and `IN`
 * do not, and `NOT ( q )` exactly those `q` does not, records without a value included. The
 * operator pairs are drawn on attributes that take both; an entity with neither those nor `NOT`
 * (in its profile) is an `invalid_option`.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * // select: your backend's answer; here the in-memory one.
 * fc.assert(complementLaw(schedulingSchema, 'agent', { select: (q, records) => referenceIds(q, records) }), { numRuns: 10 });
 * ```
 */
export function complementLaw(schema: Schema, entity: string, given: LawOptions = {}): IProperty<[ComplementPair, readonly object[]]> {
  const options = lawSettings('complementLaw', schema, entity, given);
  const profile = options.profile;
  const pairs: Arbitrary<ComplementPair>[] = [];
  try {
    pairs.push(flippedPredicates(schema, entity, profile));
  } catch (error) {
    // No attribute takes an operator and its complement: NOT groups may still be compared.
    if (!PROFILE_DEFINITIONS[profile ?? 'extended'].allows.not) throw error;
  }
  if (PROFILE_DEFINITIONS[profile ?? 'extended'].allows.not) {
    pairs.push(queryArbitrary(schema, entity, { profile, depth: 2 }).map((text): ComplementPair => [text, print(not(parse(text).expression))]));
  }
  return fc.property(fc.oneof(...pairs), recordsFor(schema, entity, options), ([text, complement], records) => {
    const yes = selected(options, check(text, schema, entity, { profile }), records);
    const no = selected(options, check(complement, schema, entity, { profile }), records);
    return records.every((r) => yes.has(idOf(r)) !== no.has(idOf(r)));
  });
}

/**
 * Printing a parsed query and parsing it again gives the same tree.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * fc.assert(roundTripLaw(schedulingSchema, 'agent'), { numRuns: 10 });
 * ```
 */
export function roundTripLaw(schema: Schema, entity: string, options: Pick<LawOptions, 'profile'> = {}): IProperty<[string]> {
  const { profile } = lawSettings('roundTripLaw', schema, entity, options);
  return fc.property(queryArbitrary(schema, entity, { profile }), (text) => {
    const tree = stripSpans(parse(text).expression);
    return JSON.stringify(stripSpans(parse(print(parse(text))).expression)) === JSON.stringify(tree);
  });
}

/** The normalized text of a validated query: what `tql check` prints. */
const normalized = (q: ValidatedQuery) => print(toAst(q));

/**
 * Checking the normalized form of a checked query gives the same normalized form: a fixpoint.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * fc.assert(checkIdempotenceLaw(schedulingSchema, 'agent'), { numRuns: 10 });
 * ```
 */
export function checkIdempotenceLaw(schema: Schema, entity: string, options: Pick<LawOptions, 'profile'> = {}): IProperty<[string]> {
  const { profile } = lawSettings('checkIdempotenceLaw', schema, entity, options);
  return fc.property(queryArbitrary(schema, entity, { profile }), (text) => {
    const once = normalized(check(text, schema, entity, { profile }));
    return normalized(check(once, schema, entity, { profile })) === once;
  });
}

/**
 * A query and its normalized form select the same records.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * fc.assert(normalizationStabilityLaw(schedulingSchema, 'agent', { records: agents }), { numRuns: 10 });
 * ```
 */
export function normalizationStabilityLaw(schema: Schema, entity: string, given: LawOptions = {}): IProperty<[string, readonly object[]]> {
  const options = lawSettings('normalizationStabilityLaw', schema, entity, given);
  const profile = options.profile;
  return fc.property(queryArbitrary(schema, entity, { profile }), recordsFor(schema, entity, options), (text, records) => {
    const q = check(text, schema, entity, { profile });
    const a = [...selected(options, q, records)].sort();
    const b = [...selected(options, check(normalized(q), schema, entity, { profile }), records)].sort();
    return a.join('\u0000') === b.join('\u0000');
  });
}
