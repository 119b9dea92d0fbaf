/**
 * Valid queries for any entity of any schema, generated from the schema itself: every attribute
 * (of every type, nullable or not, closed sets, collections), every operator it allows, values
 * from the record pools in every written form, `null` where allowed, and AND / OR with
 * parentheses and `NOT ( … )` nested to a bounded depth. Built as syntax trees and written by the printer, so
 * each query is valid by construction; shrinking goes towards fewer predicates, shallower trees
 * and simpler values, and every shrunk query is valid too.
 */
import type { Arbitrary } from 'fast-check';
import { fc } from './fast-check.js';
import { and, group, not, or, predicate, query } from '../ast/builders.js';
import { OPERATORS, type Conjunct, type Disjunct, type Expr, type Operator } from '../ast/nodes.js';
import { print, type PrintStyle } from '../ast/print.js';
import { describeValue } from '../errors/describe-value.js';
import { optionError } from '../errors/tql-error.js';
import { PROFILE_DEFINITIONS, type Extension, type Profile } from '../parser/profiles.js';
import { OPERATOR_FACTS } from '../schema/operators.js';
import { ATTRIBUTE_TYPES, type Attribute, type Schema } from '../schema/types.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import { check } from '../api/check.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { readOptions } from '../errors/read-options.js';
import { readTestingOptions } from './options.js';
import { predicateValues } from './query-values.js';
import { entityArgument } from '../api/entity-argument.js';

/** Options of {@link queryArbitrary}. */
export interface QueryArbitraryOptions {
  /** The profile the queries must be valid in. Default `extended`. */
  readonly profile?: Profile | undefined;
  /** Levels of AND / OR nesting at most (0: single predicates). Default 3. */
  readonly depth?: number | undefined;
  /** Only these operators (each where an attribute allows it). Default: every one. */
  readonly operators?: readonly Operator[] | undefined;
  /** How queries are written: `url` (`~`), `readable` (spaces), or either. Default: either. */
  readonly style?: PrintStyle | undefined;
}

/** The options, read and checked once. */
interface QueryPlan {
  readonly profile: Profile;
  readonly depth: number;
  readonly attributes: readonly [Attribute, ...Attribute[]];
  /** Whether a predicate may have attribute `a` and operator `op`. */
  readonly allows: (a: Attribute, op: Operator) => boolean;
  readonly styles: readonly [PrintStyle, ...PrintStyle[]];
}

/** A further condition on the predicates' attribute and operator, for the laws. */
export type PredicateFilter = (a: Attribute, op: Operator) => boolean;

const PROFILES = Object.keys(PROFILE_DEFINITIONS) as Profile[];

function plan(fn: string, schema: Schema, entity: string, options: QueryArbitraryOptions, filter: PredicateFilter = () => true): QueryPlan {
  const { depth } = readTestingOptions(fn, options, { depth: 'count' });
  const { profile = 'extended', operators, style } = readOptions(fn, options, ['profile', 'operators', 'style']);
  if (!PROFILES.includes(profile)) throw optionError(`${fn}: profile is one of ${PROFILES.join(', ')}, not ${describeValue(profile)}.`);
  if (style !== undefined && style !== 'url' && style !== 'readable') throw optionError(`${fn}: style is "url" or "readable", not ${describeValue(style)}.`);
  if (operators !== undefined && (!Array.isArray(operators) || operators.some((op) => !(OPERATORS as readonly unknown[]).includes(op)))) {
    throw optionError(`${fn}: operators is a list of some of ${OPERATORS.join(', ')}.`);
  }
  const wanted = new Set<Operator>(operators ?? OPERATORS);
  const allows = PROFILE_DEFINITIONS[profile].allows;
  // An operator or a type that is an extension of the language is generated only where the profile has it.
  const inProfile = (extension: Extension | undefined) => extension === undefined || allows[extension];
  const allowed = (a: Attribute, op: Operator) => wanted.has(op) && inProfile(OPERATOR_FACTS[op].extension) && filter(a, op);
  const e = entityArgument(fn, schema, entity);
  const attributes = e.attributeNames
    .map((n) => e.attributes[n]!)
    .filter((a) => inProfile(TYPE_FACTS[a.type].extension) && a.operators.some((op) => allowed(a, op)));
  if (attributes.length === 0) {
    const outside = ATTRIBUTE_TYPES.filter((t) => !inProfile(TYPE_FACTS[t].extension));
    const types = outside.length === 0 ? '' : ` (its ${outside.join(' and ')} attributes are not part of it)`;
    throw optionError(`${fn}: no attribute of ${e.name} takes any of ${[...wanted].join(', ')} in the ${profile} profile${types}; allow more operators, or use another profile.`);
  }
  return {
    profile,
    depth: depth ?? 3,
    attributes: attributes as [Attribute, ...Attribute[]],
    allows: allowed,
    styles: style === undefined ? ['readable', 'url'] : [style],
  };
}

function arbPredicate(p: QueryPlan): Arbitrary<Expr> {
  const { null: nulls, relative_time: relative } = PROFILE_DEFINITIONS[p.profile].allows;
  return fc
    .constantFrom(...p.attributes)
    .chain((a) => fc.constantFrom(...a.operators.filter((op) => p.allows(a, op))).map((op) => [a, op] as const))
    .chain(([a, op]) => predicateValues(a, op, nulls, relative).map(([first, ...rest]) => predicate(a.path as `${string}.${string}`, op, first, ...rest)));
}

const asConjunct = (e: Expr): Conjunct => (e.kind === 'And' || e.kind === 'Or' ? group(e) : e);
const asDisjunct = (e: Expr): Disjunct => (e.kind === 'Or' ? group(e) : e);

/** Most predicates in one generated query. */
const MAX_LEAVES = 6;

/**
 * The tree over `leaves` (in order) that `choices` describe: where runs are cut, AND or OR, a
 * group or (with `negations`) a `NOT ( … )` around a predicate or a subtree. With no choices left
 * it is the simplest: AND over halves, nothing negated.
 */
function treeOver(leaves: readonly Expr[], choices: readonly number[], depth: number, negations: boolean): Expr {
  let at = 0;
  const next = (max: number) => (choices.length === 0 ? 0 : choices[at++ % choices.length]! % (max + 1));
  const negated = (e: Expr): Expr => (negations && next(4) === 1 ? not(e) : e);
  const build = (xs: readonly Expr[], level: number): Expr => {
    if (xs.length === 1) {
      if (level >= depth) return xs[0]!;
      return next(4) === 1 ? group(xs[0]!) : negated(xs[0]!);
    }
    // At the deepest level, one flat AND.
    if (level + 1 >= depth) return negated(and(...(xs.map(asConjunct) as [Conjunct, Conjunct, ...Conjunct[]])));
    const cut = 1 + next(xs.length - 2);
    const parts = [build(xs.slice(0, cut), level + 1), build(xs.slice(cut), level + 1)];
    return negated(next(1) === 0 ? and(asConjunct(parts[0]!), asConjunct(parts[1]!)) : or(asDisjunct(parts[0]!), asDisjunct(parts[1]!)));
  };
  return build(leaves, 0);
}

/**
 * Trees of at most `depth` levels of AND / OR over up to six predicates. The predicates and the
 * tree's shape are drawn apart, so shrinking drops predicates one by one (down to one) and
 * flattens the tree, each step still a valid query.
 */
function arbExpr(p: QueryPlan): Arbitrary<Expr> {
  const leaf = arbPredicate(p);
  if (!PROFILE_DEFINITIONS[p.profile].allows.or) {
    // AND of predicates only: no OR, no parentheses; depth 0 is one predicate.
    return fc.array(leaf, { minLength: 1, maxLength: p.depth === 0 ? 1 : 4 }).map((xs) => (xs.length === 1 ? xs[0]! : and(...(xs as [Conjunct, Conjunct, ...Conjunct[]]))));
  }
  const leaves = fc.array(leaf, { minLength: 1, maxLength: p.depth === 0 ? 1 : MAX_LEAVES });
  const negations = PROFILE_DEFINITIONS[p.profile].allows.not;
  return fc.tuple(leaves, fc.array(fc.nat({ max: 11 }), { maxLength: 16 })).map(([xs, choices]) => treeOver(xs, choices, p.depth, negations));
}

/**
 * Valid query texts of `entity` in `schema`: `check(text, schema, entity, { profile })`
 * accepts every one. Shrinks towards a single predicate with simple values.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * fc.assert(
 *   fc.property(queryArbitrary(schedulingSchema, 'agent', { depth: 2 }), (text) => {
 *     check(text, schedulingSchema, 'agent'); // never throws
 *   }),
 *   { numRuns: 20 },
 * );
 * ```
 */
export function queryArbitrary(schema: Schema, entity: string, options: QueryArbitraryOptions = {}): Arbitrary<string> {
  return filteredQueryArbitrary('queryArbitrary', schema, entity, options);
}

/**
 * {@link queryArbitrary} whose predicates also pass `filter`: what the laws generate from.
 *
 * @example
 * ```ts
 * filteredQueryArbitrary('complementLaw', schedulingSchema, 'agent', { depth: 0 }, (_a, op) => op === 'EQ');
 * ```
 */
export function filteredQueryArbitrary(fn: string, schema: Schema, entity: string, options: QueryArbitraryOptions, filter?: PredicateFilter): Arbitrary<string> {
  const p = plan(fn, schema, entity, options, filter);
  return fc.tuple(arbExpr(p), fc.constantFrom(...p.styles)).map(([expr, style]) => print(query(expr), { style }));
}

/**
 * {@link queryArbitrary}, checked: validated queries, for backends and laws.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * fc.sample(validatedQueryArbitrary(schedulingSchema, 'agent', { depth: 0 }), 1)[0]!.condition.kind; // → 'Comparison'
 * ```
 */
export function validatedQueryArbitrary(schema: Schema, entity: string, options: QueryArbitraryOptions = {}): Arbitrary<ValidatedQuery> {
  const profile = plan('validatedQueryArbitrary', schema, entity, options).profile;
  return queryArbitrary(schema, entity, options).map((text) => check(text, schema, entity, { profile }));
}
