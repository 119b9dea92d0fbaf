/**
 * Why a record matches a query or not, predicate by predicate: each comparison's verdict comes
 * from the in-memory backend run on that comparison alone, and AND / OR / NOT combine them.
 */
import { print } from '../../ast/print.js';
import { compilePredicate } from '../../backends/memory/index.js';
import { isoUtc } from '../../validate/timestamp.js';
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
 * `query` has its relative times (`now-7d`) resolved; `written` is the same query before that,
 * and each predicate shows a relative time as written with the instant it stood for.
 *
 * @example
 * ```ts
 * const written = check('agent.name LIKE jo AND agent.created_at GTE now-7d', schedulingSchema, 'agent');
 * const e = evaluate(resolveNow(written, 1700000000), { name: 'Jo', created_at: 1699395199 }, written);
 * e.matches; // false
 * e.kind === 'And' && e.operands[1]!.kind === 'Comparison' && e.operands[1]!.predicate; // 'agent.created_at GTE now-7d (1699395200, 2023-11-07T22:13:20Z)'
 * ```
 */
export function evaluate(query: ValidatedQuery, record: unknown, written: ValidatedQuery = query): Evaluation {
  // The two trees have one shape: `asWritten` is the same node before its relative times were resolved.
  const visit = (condition: Condition, asWritten: Condition): Evaluation => {
    switch (condition.kind) {
      case 'And':
      case 'Or': {
        const operands = condition.operands.map((o, i) => visit(o, (asWritten as typeof condition).operands[i]!));
        const matches = condition.kind === 'And' ? operands.every((o) => o.matches) : operands.some((o) => o.matches);
        return { kind: condition.kind, matches, operands };
      }
      case 'Not': {
        const operand = visit(condition.operand, (asWritten as typeof condition).operand);
        return { kind: 'Not', matches: !operand.matches, operand };
      }
      case 'Comparison': {
        // A comparison of a validated query is itself valid for the same entity.
        const alone = { ...query, condition } as ValidatedQuery;
        const text = print(toAst({ condition: asWritten, text: written.text }), { style: 'readable' });
        const instant = asWritten !== condition && typeof condition.value === 'number' ? ` (${condition.value}, ${isoUtc(condition.value * 1000)})` : '';
        return {
          kind: 'Comparison',
          matches: compilePredicate(alone)(record),
          predicate: text + instant,
          reading: readAttribute(condition.attribute, record),
          comparison: condition,
        };
      }
    }
  };
  return visit(query.condition, written.condition);
}
