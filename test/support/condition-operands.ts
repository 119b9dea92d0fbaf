/** The conditions directly inside a condition, for test helpers that walk the whole tree. */
import type { Condition } from '../../src/validate/validated-query.js';

/**
 * The operands of an `And` or `Or`, the one operand of a `Not`, none for a comparison.
 *
 * @example
 * ```ts
 * operandsOf(check('NOT (agent.name EQ x)', schedulingSchema, 'agent').condition).length; // 1
 * ```
 */
export function operandsOf(c: Condition): readonly Condition[] {
  switch (c.kind) {
    case 'Comparison':
      return [];
    case 'Not':
      return [c.operand];
    case 'And':
    case 'Or':
      return c.operands;
  }
}
