/**
 * Why a record matches a query or not, predicate by predicate: each comparison's verdict comes
 * from the in-memory backend run on that comparison alone, and AND / OR / NOT combine them.
 */
import { print } from '../../ast/print.js';
import { compilePredicate } from '../../backends/memory/index.js';
import { toAst } from '../../validate/to-ast.js';
import type { AnyComparison, Condition, ValidatedQuery } from '../../validate/validated-query.js';
import { readAttribute, type AttributeReading } from './attribute-values.js';

export type Evaluation =
  | {
      readonly kind: 'Comparison';
      readonly matches: boolean;
      /** The predicate in its normalized, readable form. */
      readonly predicate: string;
      readonly reading: AttributeReading;
      readonly comparison: AnyComparison;
    }
  | { readonly kind: 'And' | 'Or'; readonly matches: boolean; readonly operands: readonly Evaluation[] }
  /** `NOT ( … )`: matches exactly when its operand does not. */
  | { readonly kind: 'Not'; readonly matches: boolean; readonly operand: Evaluation };

/**
 * Each comparison's verdict on `record`, and how AND / OR / NOT combine them into the query's.
 *
 * @example
 * ```ts
 * const q = check('agent.name LIKE jo AND agent.schedulable EQ true', schedulingSchema, 'agent');
 * evaluate(q, { name: 'Jo', schedulable: false }).matches; // false; operands[1].matches is false
 * ```
 */
export function evaluate(query: ValidatedQuery, record: unknown): Evaluation {
  const visit = (condition: Condition): Evaluation => {
    switch (condition.kind) {
      case 'And':
      case 'Or': {
        const operands = condition.operands.map(visit);
        const matches = condition.kind === 'And' ? operands.every((o) => o.matches) : operands.some((o) => o.matches);
        return { kind: condition.kind, matches, operands };
      }
      case 'Not': {
        const operand = visit(condition.operand);
        return { kind: 'Not', matches: !operand.matches, operand };
      }
      case 'Comparison': {
        // A comparison of a validated query is itself valid for the same entity.
        const alone = { ...query, condition } as ValidatedQuery;
        return {
          kind: 'Comparison',
          matches: compilePredicate(alone)(record),
          predicate: print(toAst({ condition, text: '' }), { style: 'readable' }),
          reading: readAttribute(condition.attribute, record),
          comparison: condition,
        };
      }
    }
  };
  return visit(query.condition);
}
