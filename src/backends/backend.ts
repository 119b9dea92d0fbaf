/**
 * What a backend is: a table of handlers, one per logical node and one per operator, that a
 * generic fold turns into a compiler. Because the tables are mapped types over `Operator`, a
 * backend that forgets an operator does not compile.
 */
import type { ComparedOperator } from '../schema/operator-facts.js';
import type { TqlErrorCode } from '../errors/codes.js';
import { TqlError } from '../errors/tql-error.js';
import type {
  AndCondition,
  AnyComparison,
  Comparison,
  Condition,
  NotCondition,
  OrCondition,
  ValidatedQuery,
} from '../validate/validated-query.js';

/** One handler per operator, each receiving the predicate typed for its operator. */
export type ComparisonHandlers<Out, Ctx> = {
  readonly [Op in ComparedOperator]: (comparison: Comparison<Op>, ctx: Ctx) => Out;
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
 * What every handler of {@link foldQuery} gets besides the backend's own context: the query, so
 * that an error can point into its text ({@link comparisonError}).
 */
export interface QueryContext {
  /** The query being compiled. */
  readonly query: ValidatedQuery;
  /** Its text, which the spans of its comparisons point into. */
  readonly text: string;
}

/**
 * Folds a whole validated query through a handler table, each handler given `ctx` with the
 * query and its text added ({@link QueryContext}), so that it can refuse a comparison with an
 * error that points at it. `ctx` is copied once into a plain object.
 *
 * @example
 * ```ts
 * const q = check('agent.name EQ Ada OR agent.role EQ User', schedulingSchema, 'agent');
 * const say = (c: AnyComparison, ctx: QueryContext) => ctx.text.slice(c.span.start, c.span.end);
 * const handlers: ConditionHandlers<string, QueryContext> = {
 *   And: (xs) => xs.join(' & '),
 *   Or: (xs) => xs.join(' | '),
 *   Not: (x) => `!${x}`,
 *   comparisons: { EQ: say, NOT_EQ: say, LT: say, LTE: say, GT: say, GTE: say, LIKE: say, NOT_LIKE: say,
 *                  IN: say, NOT_IN: say, STARTS_WITH: say, ENDS_WITH: say },
 * };
 * foldQuery(q, handlers, {}); // → 'agent.name EQ Ada | agent.role EQ User'
 * ```
 */
export function foldQuery<Out, Ctx extends object>(query: ValidatedQuery, handlers: ConditionHandlers<Out, Ctx & QueryContext>, ctx: Ctx): Out {
  return foldCondition(query.condition, handlers, { ...ctx, query, text: query.text });
}

/**
 * A `TqlError` of `code` (default `unsupported`) that points at `comparison` in the query's
 * text, with `message` (say what to do instead): how a handler refuses what its backend cannot
 * express.
 *
 * @example
 * ```ts
 * const q = check('agent.name LIKE "50%"', schedulingSchema, 'agent');
 * const c = q.condition as AnyComparison;
 * const error = comparisonError({ query: q, text: q.text }, c, 'This data layer has no escape for % in LIKE: remove it.');
 * error.code; // → 'unsupported'
 * error.issues[0].span; // → { start: 0, end: 21 }
 * ```
 */
export function comparisonError(ctx: QueryContext, comparison: AnyComparison, message: string, code: TqlErrorCode = 'unsupported'): TqlError {
  return TqlError.of(ctx.text, { code, message, span: comparison.span });
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
