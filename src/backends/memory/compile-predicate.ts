/**
 * The in-memory backend: a validated query becomes a plain `(record) => boolean`, built once from
 * closures (no `eval`, no `new Function`) through the shared handler table and fold.
 */
import { inputError, isTqlError } from '../../errors/tql-error.js';
import { isArrayOption } from '../../errors/read-options.js';
import { someOwnElement } from './element-scan.js';
import { compiledFor, rememberCompiled, type Condition, type ValidatedQuery } from '../../validate/validated-query.js';
import { applyComparison, type Backend } from '../backend.js';
import { compileValidated } from '../compile-validated.js';
import type { Clock } from '../../validate/relative-time.js';
import { exactPredicate } from './build.js';
import { COMPARISONS, type CompileContext } from './comparisons.js';
import { groupPlan, type ComparisonPlan, type Plan } from './plan.js';
import { guarded } from './record-guard.js';
import { fieldChain } from './field-chain.js';
import type { RecordPredicate } from './sources.js';

/**
 * Compiles a validated query into a predicate over records of its entity. Records may be any
 * JSON: a missing field, `null` and a value of the wrong JS type all count as "no value"
 * (docs/backends-memory.md). The predicate is kept with the query object, so compiling what
 * `check` returned from its cache costs one look-up. Throws a `TqlError` for anything but a
 * well-formed validated query (copies are checked), and for a schema that names a key such as
 * `__proto__`.
 *
 * @example
 * ```ts
 * const q = check('agent.name LIKE john AND agent.two_factor_enabled EQ false', schedulingSchema, 'agent');
 * const isMatch = compilePredicate<Agent>(q);
 * isMatch({ ...agent, name: 'Little John', two_factor_enabled: false }); // true
 *
 * // Relative times are resolved against the clock passed (the real one by default):
 * compilePredicate(check('agent.created_at GTE now-7d', schedulingSchema, 'agent'), { now: 1700000000 });
 * ```
 */
export function compilePredicate<R = unknown>(query: ValidatedQuery, options?: CompilePredicateOptions): (record: R) => boolean {
  // Kept with the query (a private slot that only queries made by validate() have), so
  // compiling what check() returned from its cache again costs one read. A query with a relative
  // time is resolved into a new query per compile, which keeps the predicate instead: the one
  // check() cached never holds an instant.
  const kept = compiledFor(query, 'memory') as RecordPredicate | undefined;
  if (kept !== undefined) return kept;
  return compileValidated(query, 'The in-memory backend', compileFresh, typeof options === 'object' && options !== null ? options.now : undefined);
}

/** The predicate of a query compiled for the first time, kept with it. Not a closure in the call: that would be made anew by every compile. */
function compileFresh(q: ValidatedQuery): RecordPredicate {
  return rememberCompiled(q, 'memory', planPredicate(queryPlan(q), q.text));
}

/** Options of {@link compilePredicate} and {@link filterRecords}. */
export interface CompilePredicateOptions {
  /**
   * The clock that relative times (`now-7d`) are resolved against: Unix seconds, a `Date`, or a
   * function returning either (called once per compile). Default: the real clock.
   */
  readonly now?: Clock | undefined;
}

/**
 * The plan of a validated query: comparisons with their value tests, groups cheapest first.
 * `NOT ( … )` leaves no trace in it: the negation is pushed down to the comparisons (De Morgan),
 * each of which flips its answer, the exact complement by construction (see comparisons.ts).
 *
 * @example
 * ```ts
 * queryPlan(check('agent.name LIKE jo AND agent.schedulable EQ true', schedulingSchema, 'agent')).kind; // 'And'
 * queryPlan(check('NOT (agent.name LIKE jo AND agent.schedulable EQ true)', schedulingSchema, 'agent')).kind; // 'Or'
 * ```
 */
export function queryPlan(q: ValidatedQuery): Plan {
  return planOf(q.condition, false, { text: q.text });
}

/**
 * The plan of `c`, or with `negated` of its complement. Top-down, so that each node is planned
 * once however deep negations nest: negating a finished plan would walk it again at every `NOT`.
 */
function planOf(c: Condition, negated: boolean, ctx: CompileContext): Plan {
  switch (c.kind) {
    case 'Comparison':
      return flipped(applyComparison(c, COMPARISONS, ctx), negated);
    case 'And':
      return groupPlan(negated ? 'Or' : 'And', plansOf(c.operands, negated, ctx));
    case 'Or':
      return groupPlan(negated ? 'And' : 'Or', plansOf(c.operands, negated, ctx));
    case 'Not':
      return planOf(c.operand, !negated, ctx);
    default:
      // Unreachable for a validated query; one changed after validation must not plan `undefined`.
      throw new TypeError(`${String((c as { kind: unknown }).kind)} is not a kind of condition`);
  }
}

function plansOf(operands: readonly Condition[], negated: boolean, ctx: CompileContext): Plan[] {
  const out: Plan[] = [];
  for (let i = 0; i < operands.length; i++) out.push(planOf(operands[i]!, negated, ctx));
  return out;
}

/** The comparison, or its exact complement: the same test with the other answer wanted. */
function flipped(plan: ComparisonPlan, negated: boolean): ComparisonPlan {
  return negated ? { kind: 'Comparison', comparison: plan.comparison, test: plan.test, positive: !plan.positive, cost: plan.cost } : plan;
}

/**
 * The plan's predicate behind the guard that keeps hostile records from reading prototypes or
 * throwing; comparisons on fields joined by AND are a chain of their keys' links, guard included.
 * The operands run in the plan's order, whatever it is: {@link queryPlan} sorts them cheapest
 * first, and a plan in any other order answers the same (test/properties/memory-order.test.ts).
 *
 * @example
 * ```ts
 * const q = check('agent.name LIKE jo AND agent.schedulable EQ true', schedulingSchema, 'agent');
 * planPredicate(queryPlan(q), q.text)({ name: 'John', schedulable: true }); // true
 * ```
 */
export function planPredicate(plan: Plan, text: string): RecordPredicate {
  return fieldChain(plan, text) ?? guarded(exactPredicate(plan, text), plan);
}

/**
 * The records that match the query, in their original order.
 *
 * @example
 * ```ts
 * const q = check('resource.url_slug NOT_IN alice,bob', schedulingSchema, 'resource');
 * filterRecords(q, recordsOf(sampleData(), 'resource')); // every resource but alice's and bob's
 * ```
 */
export function filterRecords<R>(query: ValidatedQuery, records: readonly R[], options?: CompilePredicateOptions): R[] {
  const predicate = compilePredicate<R>(query, options);
  if (!isArrayOption(records)) {
    throw inputError('filterRecords takes an array of records.');
  }
  const out: R[] = [];
  // Own elements only: a sparse array of length 2^32 − 1 costs the records it holds.
  try {
    someOwnElement(records, (r) => {
      if (predicate(r as R)) out.push(r as R);
      return false;
    });
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw inputError('filterRecords could not read the records: reading an element threw an exception (a getter or a proxy trap); pass a plain array.');
  }
  return out;
}

/** The in-memory backend as a {@link Backend}: its output is the predicate. */
export const memoryBackend: Backend<(record: unknown) => boolean> = {
  name: 'memory',
  compile: (query) => compilePredicate(query),
};

