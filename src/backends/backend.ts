/**
 * What a backend is: a table of handlers, one per logical node and one per operator, that a
 * generic fold turns into a compiler. Because the tables are mapped types over `Operator`, a
 * backend that forgets an operator does not compile.
 */
import type { Operator } from '../ast/nodes.js';
import type {
  AndCondition,
  Comparison,
  Condition,
  NotCondition,
  OrCondition,
  ValidatedQuery,
} from '../validate/validated-query.js';

/** One handler per operator, each receiving the predicate typed for its operator. */
export type ComparisonHandlers<Out, Ctx> = {
  readonly [Op in Operator]: (comparison: Comparison<Op>, ctx: Ctx) => Out;
};

/** Handlers for a whole condition tree: the logical nodes get their operands already folded. */
export interface ConditionHandlers<Out, Ctx> {
  /** Combines the folded operands of an `And`. */
  readonly And: (operands: readonly Out[], node: AndCondition, ctx: Ctx) => Out;
  /** Combines the folded operands of an `Or`. */
  readonly Or: (operands: readonly Out[], node: OrCondition, ctx: Ctx) => Out;
  /**
   * Negates the folded operand of a `Not`: the result must match exactly the records the operand
   * does not match, also where the operand reads a null or missing value (no "unknown").
   */
  readonly Not: (operand: Out, node: NotCondition, ctx: Ctx) => Out;
  /** One handler per operator for the leaves. */
  readonly comparisons: ComparisonHandlers<Out, Ctx>;
}

/**
 * Folds a condition bottom-up through a handler table.
 *
 * @example
 * ```ts
 * const count = foldCondition(query.condition, {
 *   And: (xs) => xs.reduce((a, b) => a + b, 0),
 *   Or: (xs) => xs.reduce((a, b) => a + b, 0),
 *   Not: (x) => x,
 *   comparisons: { EQ: () => 1, NOT_EQ: () => 1, LT: () => 1, LTE: () => 1, GT: () => 1,
 *                  GTE: () => 1, LIKE: () => 1, NOT_LIKE: () => 1, IN: () => 1, NOT_IN: () => 1,
 *                  STARTS_WITH: () => 1, ENDS_WITH: () => 1 },
 * }, undefined); // the number of predicates
 * ```
 */
export function foldCondition<Out, Ctx>(
  condition: Condition,
  handlers: ConditionHandlers<Out, Ctx>,
  ctx: Ctx,
): Out {
  switch (condition.kind) {
    case 'And':
      return handlers.And(foldAll(condition.operands, handlers, ctx), condition, ctx);
    case 'Or':
      return handlers.Or(foldAll(condition.operands, handlers, ctx), condition, ctx);
    case 'Not':
      return handlers.Not(foldCondition(condition.operand, handlers, ctx), condition, ctx);
    case 'Comparison':
      return applyComparison(condition, handlers.comparisons, ctx);
    default:
      // Unreachable for a validated query; a query changed after validation must not fold to undefined.
      throw new TypeError(`${String((condition as { kind: unknown }).kind)} is not a kind of condition`);
  }
}

/** The folded operands, by a loop: compiling is on the path of every uncached query. */
function foldAll<Out, Ctx>(operands: readonly Condition[], handlers: ConditionHandlers<Out, Ctx>, ctx: Ctx): Out[] {
  const out: Out[] = [];
  for (let i = 0; i < operands.length; i++) out.push(foldCondition(operands[i]!, handlers, ctx));
  return out;
}

/**
 * Calls the handler for the comparison's operator with the comparison typed for it.
 *
 * @example
 * ```ts
 * const says = (word: string) => (c: AnyComparison) => `${c.attribute.path} ${word} ${JSON.stringify(c.value)}`;
 * const describe: ComparisonHandlers<string, void> = {
 *   EQ: says('is'), NOT_EQ: says('is not'), LT: says('<'), LTE: says('<='), GT: says('>'), GTE: says('>='),
 *   LIKE: says('contains'), NOT_LIKE: says('does not contain'), IN: says('is one of'), NOT_IN: says('is none of'),
 *   STARTS_WITH: says('starts with'), ENDS_WITH: says('ends with'),
 * };
 * const q = check('agent.role EQ User', schedulingSchema, 'agent');
 * q.condition.kind === 'Comparison' ? applyComparison(q.condition, describe, undefined) : undefined; // → 'agent.role is "User"'
 * ```
 */
export function applyComparison<Out, Ctx>(
  comparison: Condition & { kind: 'Comparison' },
  handlers: ComparisonHandlers<Out, Ctx>,
  ctx: Ctx,
): Out {
  // The union is discriminated by `operator`, so the handler and the comparison agree;
  // TypeScript cannot correlate the two through an index, hence the one cast.
  const handler = handlers[comparison.operator] as (c: typeof comparison, ctx: Ctx) => Out;
  return handler(comparison, ctx);
}

/**
 * A backend: compiles a validated query to its target form. Options are backend-specific
 * (a SQL dialect, a record accessor, …).
 */
export interface Backend<Output, Options = void> {
  readonly name: string;
  /** Turns a validated query into the backend's form; throws a `TqlError` when it cannot. */
  compile(query: ValidatedQuery, options: Options): Output;
}
