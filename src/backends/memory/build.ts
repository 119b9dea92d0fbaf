/**
 * Makes the closures of a {@link Plan} that is not a chain of field links (field-chain.ts): ORs,
 * and ANDs holding an OR or a test on a variant. A comparison on a plain field is still its key's
 * link (field-link.ts), so the test is inline and the own-property check runs only after the test
 * passed; a record that fails, as most do, never pays for it.
 */
import { conjunction, disjunction } from './combine.js';
import type { ComparisonPlan, Plan } from './plan.js';
import { safeKey } from './safe-key.js';
import { fieldPredicate, sourcePredicate, type RecordPredicate } from './sources.js';
import { readSteps } from '../../schema/stored-form.js';

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
      return conjunction(predicatesOf(plan.operands, text));
    case 'Or':
      return disjunction(predicatesOf(plan.operands, text));
    default:
      throw notAPlan(plan);
  }
}

/** Unreachable from a validated query; one changed after validation must not build `undefined`. */
function notAPlan(plan: never): TypeError {
  return new TypeError(`${String((plan as { kind: unknown }).kind)} is not a kind of plan`);
}

/** The operands' predicates, by a loop: this runs for every uncached query. */
function predicatesOf(operands: readonly Plan[], text: string): RecordPredicate[] {
  const out = new Array<RecordPredicate>(operands.length);
  for (let i = 0; i < operands.length; i++) out[i] = exactPredicate(operands[i]!, text);
  return out;
}

function comparisonPredicate(plan: ComparisonPlan, text: string): RecordPredicate {
  const { comparison, test, positive } = plan;
  const source = comparison.attribute.source;
  const key = (k: string) => safeKey(k, comparison.attribute.path, text, comparison.span);
  // The common case without the key-checking closure a general source needs.
  if (source.kind === 'field' && readSteps(source) === undefined) return fieldPredicate(key(source.field), test, positive);
  return sourcePredicate(source, test, positive, key);
}
