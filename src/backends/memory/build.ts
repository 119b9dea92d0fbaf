/**
 * Makes the closures of a {@link Plan}. Inside an AND, some operands run a loose form instead of
 * their exact predicate, a necessary condition completed once at the end of the AND (see
 * {@link allOf}): a record that fails, as most do, then never pays for `Object.hasOwn` or for an
 * OR's second look.
 */
import { conjunction, disjunction, ownFields } from './combine.js';
import { isLooseComparison, type ComparisonPlan, type Plan } from './plan.js';
import { safeKey } from './safe-key.js';
import { fieldPredicate, sourcePredicate, type RecordPredicate } from './sources.js';

/**
 * The predicate that holds exactly for the records matching the plan. `text` is the query's, for
 * the error a schema key such as `__proto__` gets.
 *
 * @example
 * ```ts
 * exactPredicate(groupPlan('And', [namePlan, rolePlan]), query.text)(record); // true or false
 * ```
 */
export function exactPredicate(plan: Plan, text: string): RecordPredicate {
  switch (plan.kind) {
    case 'Comparison':
      return comparisonPredicate(plan, text);
    case 'And':
      return allOf(plan.operands, text);
    case 'Or':
      return disjunction(plan.operands.map((o) => exactPredicate(o, text)));
    default:
      throw notAPlan(plan);
  }
}

/** Unreachable from a validated query; one changed after validation must not build `undefined`. */
function notAPlan(plan: never): TypeError {
  return new TypeError(`${String((plan as { kind: unknown }).kind)} is not a kind of plan`);
}

/**
 * All operands hold. A positive comparison on a plain field runs as its test without the
 * own-property check, `exact(r) === test(r) && Object.hasOwn(r, field)`; an OR with such an
 * operand runs as its {@link looseTest}, `exact(r) === loose(r) && exact(r)`. What completes them
 * runs after every operand passed (the own-property checks, each field once, then the ORs' exact
 * predicates), so the conjunction is the same.
 */
function allOf(operands: readonly Plan[], text: string): RecordPredicate {
  const n = operands.length;
  // One slot more for the completion; sized up front, as this runs for every uncached query.
  const ps = new Array<RecordPredicate>(n + 1);
  const keys: string[] = [];
  let rechecks: RecordPredicate[] | undefined;
  for (let i = 0; i < n; i++) {
    const o = operands[i]!;
    // A comparison inline (the common operand).
    const field = o.kind === 'Comparison' ? looseField(o, text) : undefined;
    if (field !== undefined) {
      ps[i] = fieldPredicate(field, (o as ComparisonPlan).test, true, false);
      if (!keys.includes(field)) keys.push(field);
      continue;
    }
    const loose = o.kind === 'Or' ? looseTest(o, text) : undefined;
    if (loose === undefined) {
      ps[i] = exactPredicate(o, text);
      continue;
    }
    ps[i] = loose;
    (rechecks ??= []).push(exactPredicate(o, text));
  }
  // The own-property checks first (cheap), then the rechecks, in one closure: that keeps the
  // conjunction short enough for a fixed arity.
  const own = keys.length > 0 ? ownFields(keys) : undefined;
  const completion = rechecks === undefined ? own : conjunction(own === undefined ? rechecks : [own, ...rechecks]);
  if (completion === undefined) ps.length = n;
  else ps[n] = completion;
  return conjunction(ps);
}

/**
 * A necessary condition of the node that skips the own-property checks of positive field
 * comparisons, if it has one: such a comparison's test alone, an OR of its operands' loose
 * tests (or exact predicates, for those without one).
 */
function looseTest(plan: Plan, text: string): RecordPredicate | undefined {
  switch (plan.kind) {
    case 'Comparison': {
      const field = looseField(plan, text);
      return field === undefined ? undefined : fieldPredicate(field, plan.test, true, false);
    }
    case 'And':
      return undefined;
    case 'Or':
      if (!plan.loose) return undefined;
      return disjunction(plan.operands.map((o) => looseTest(o, text) ?? exactPredicate(o, text)));
    default:
      throw notAPlan(plan);
  }
}

/** The field a positive comparison on a plain field reads; undefined for any other comparison. */
function looseField(plan: ComparisonPlan, text: string): string | undefined {
  const source = plan.comparison.attribute.source;
  return isLooseComparison(plan) && source.kind === 'field' ? checkedKey(plan, source.field, text) : undefined;
}

function comparisonPredicate(plan: ComparisonPlan, text: string): RecordPredicate {
  const { comparison, test, want } = plan;
  const source = comparison.attribute.source;
  // The common case without the key-checking closure a general source needs.
  if (source.kind === 'field') return fieldPredicate(checkedKey(plan, source.field, text), test, want, true);
  return sourcePredicate(source, test, want, (k) => checkedKey(plan, k, text));
}

function checkedKey(plan: ComparisonPlan, key: string, text: string): string {
  return safeKey(key, plan.comparison.attribute.path, text, plan.comparison.span);
}
