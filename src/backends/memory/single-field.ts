/**
 * A query of one comparison on a field, with a test that high-match workloads run (a boolean or
 * a status compared, a short list, a null test): the whole predicate is one function of its key's
 * slot (field-slots.ts), which checks the record, reads, tests, checks the value is the record's
 * own and catches what a getter throws. The general path calls a guard, then the test closure,
 * then the key's reader and own check: three calls per record that V8 cannot inline once several
 * queries share those closures, 1.3–2.2x the hand-written arrow at 30–60% matches
 * (bench/report/notes.md).
 */
import { exactPredicate } from './build.js';
import { fieldAccess } from './field-reader.js';
import type { ComparisonPlan } from './plan.js';
import { ownRetry } from './record-guard.js';
import { safeKey } from './safe-key.js';
import type { RecordPredicate } from './sources.js';

/**
 * The slot predicate of a single comparison, or undefined when its source or test has none.
 *
 * @example
 * ```ts
 * singleFieldPredicate(planOf('agent.two_factor_enabled EQ true'), text)!({ two_factor_enabled: true }); // true
 * ```
 */
export function singleFieldPredicate(plan: ComparisonPlan, text: string): RecordPredicate | undefined {
  const { comparison, test, want } = plan;
  const source = comparison.attribute.source;
  if (source.kind !== 'field') return undefined;
  const slot = fieldAccess(safeKey(source.field, comparison.attribute.path, text, comparison.span));
  const again = ownRetry(() => exactPredicate(plan, text), plan);
  // The slot predicates read first: null and undefined throw there, and have no value.
  const retry: RecordPredicate = (r) => (typeof r === 'object' && r !== null ? again(r) : !want);
  switch (test.kind) {
    case 'equals':
      return slot.equals(test.value, want, retry);
    case 'oneOfFew': {
      const [a, b, c] = test.values;
      if (test.values.length === 2) return slot.oneOfTwo(a!, b!, want, retry);
      if (test.values.length === 3) return slot.oneOfThree(a!, b!, c!, want, retry);
      return undefined;
    }
    case 'present':
      switch (test.valueKind) {
        case 'string':
          return slot.isString(want, retry);
        case 'number':
          return slot.isNumber(want, retry);
        case 'boolean':
          return slot.isBoolean(want, retry);
      }
    // Ranges and LIKE already run at or below the arrow (their test dominates); sets are looked up.
    case 'range':
    case 'like':
    case 'oneOfSet':
      return undefined;
  }
}
