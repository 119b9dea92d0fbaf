/**
 * The one gate every backend compiles through: it checks that a value handed to a backend has
 * the shape `validate` gives a query (so a hand-made or corrupted query gets a TqlError instead
 * of failing somewhere inside a compiler), resolves relative times at the compile's clock, and
 * turns anything a compiler throws on a changed query into a TqlError.
 */
import type { Span } from '../ast/nodes.js';
import { isSpan } from '../ast/span.js';
import { describeValue } from '../errors/describe-value.js';
import { TqlError, isTqlError } from '../errors/tql-error.js';
import { isDefinedAttribute, isIdFormat, sourceProblem } from '../schema/define-schema.js';
import { ATTRIBUTE_TYPES, type AttributeType } from '../schema/types.js';
import { holdsInstants, TYPE_FACTS } from '../schema/type-facts.js';
import type { Clock } from '../validate/relative-time.js';
import { resolveNow } from '../validate/resolve-now.js';
import { madeByValidate, type ValidatedQuery } from '../validate/validated-query.js';
import type { ComparedOperator } from '../schema/operator-facts.js';

/** More nodes than any validated query has; a guard against cycles. */
const MAX_NODES = 1_000_000;
/** Deeper than any query the validator lets through with sane limits; the compilers recurse this deep. */
const MAX_DEPTH = 256;

type Check = (value: unknown) => boolean;
const isScalar: Check = (v) => typeof v === 'string' || typeof v === 'boolean' || Number.isFinite(v);

/** What each operator's value must be (`OperatorValue` in validated-query.ts); only these are compared. */
const VALUE_OF: { readonly [Op in ComparedOperator]: Check } = {
  EQ: (v) => v === null || isScalar(v),
  NOT_EQ: (v) => v === null || isScalar(v),
  LT: Number.isFinite,
  LTE: Number.isFinite,
  GT: Number.isFinite,
  GTE: Number.isFinite,
  LIKE: (v) => typeof v === 'string',
  NOT_LIKE: (v) => typeof v === 'string',
  IN: (v) => Array.isArray(v) && v.every(isScalar),
  NOT_IN: (v) => Array.isArray(v) && v.every(isScalar),
  STARTS_WITH: (v) => typeof v === 'string',
  ENDS_WITH: (v) => typeof v === 'string',
};

/**
 * Runs a backend's `compile` on `query` once it is known to be a validated query: one that
 * `validate` made was checked when it was made and is not walked again (a third of a fresh
 * compile); anything else is walked now and refused with a `TqlError` unless it has the shape.
 * Whatever `compile` throws that is not a `TqlError` (a query changed in place after
 * validation) becomes one, so a backend never lets another error out. Every backend compiles
 * through this one gate. Relative times (`now-7d`) reach `compile` resolved against `now` (Unix
 * seconds, a `Date` or a function returning one; the real clock by default), so each compile
 * answers for its own instant.
 *
 * @example
 * ```ts
 * // A backend of one's own: its compile step runs only on a query of validate()'s shape.
 * const paths = compileValidated(query, 'listPaths', (q) =>
 *   foldCondition(q.condition, {
 *     And: (xs) => xs.flat(),
 *     Or: (xs) => xs.flat(),
 *     Not: (x) => x,
 *     comparisons: { EQ: (c) => [c.attribute.path], NOT_EQ: (c) => [c.attribute.path], LT: (c) => [c.attribute.path], LTE: (c) => [c.attribute.path],
 *                    GT: (c) => [c.attribute.path], GTE: (c) => [c.attribute.path], LIKE: (c) => [c.attribute.path], NOT_LIKE: (c) => [c.attribute.path],
 *                    IN: (c) => [c.attribute.path], NOT_IN: (c) => [c.attribute.path],
 *                    STARTS_WITH: (c) => [c.attribute.path], ENDS_WITH: (c) => [c.attribute.path] },
 *   }, undefined),
 * ); // the attributes the query reads
 * ```
 */
export function compileValidated<T>(query: ValidatedQuery, backend: string, compile: (query: ValidatedQuery) => T, now?: Clock): T {
  const made = madeByValidate(query);
  if (!made) {
    const error = validatedQueryError(query, backend);
    if (error !== undefined) throw error;
  }
  try {
    // Relative times (`now-7d`) become instants of this compile's clock: a backend sees only
    // instants. Inside the try: a query changed after validate() made it was not shape-checked.
    return compile(resolveNow(query, now));
  } catch (error) {
    if (isTqlError(error)) throw error;
    const how = made ? 'it was changed after check() or validate() made it' : 'it was not made by check() or validate()';
    throw TqlError.of(query.text, {
      code: 'invalid_input',
      message: `${backend} cannot compile this query: ${how} (${String(error)}). Validate the query again instead of changing it.`,
      span: { start: 0, end: 0 },
    });
  }
}

/**
 * The problem with `query` as a `ValidatedQuery`, as the error `backend` should throw, or
 * undefined when it has the shape of one.
 *
 * @example
 * ```ts
 * validatedQueryError(check('agent.name EQ x', schedulingSchema, 'agent'), 'compileSql'); // undefined
 * validatedQueryError(parse('agent.name EQ x'), 'compileSql')?.code;                     // 'invalid_input'
 * ```
 */
export function validatedQueryError(query: unknown, backend: string): TqlError | undefined {
  try {
    return shapeError(query, backend);
  } catch {
    // A getter or a proxy trap (a revoked proxy) that throws while the shape is read.
    return wrongQuery(backend, 'reading it threw an exception (a getter or a proxy trap)');
  }
}

function shapeError(query: unknown, backend: string): TqlError | undefined {
  if (!isObject(query) || query.kind !== 'ValidatedQuery') return wrongQuery(backend, 'this is not a validated query (a query text or a syntax tree?)');
  if (typeof query.text !== 'string' || !isObject(query.entity) || typeof query.entity.name !== 'string') {
    return wrongQuery(backend, 'its text or entity is missing');
  }
  const walk = { nodes: 0 };
  const problem = conditionProblem(query.condition, 0, walk);
  if (problem === undefined) return undefined;
  // Point into the query at the comparison when it has a span.
  return problem.span === undefined ? wrongQuery(backend, problem.why) : wrongQuery(backend, problem.why, query.text, problem.span);
}

interface Problem {
  readonly why: string;
  readonly span?: Span;
}

/**
 * What is wrong in a condition tree, if anything. It recurses at most {@link MAX_DEPTH} deep, so
 * a deep or cyclic condition cannot overflow the call stack, and counts nodes against {@link MAX_NODES}.
 */
function conditionProblem(node: unknown, depth: number, walk: { nodes: number }): Problem | undefined {
  if (++walk.nodes > MAX_NODES) return { why: `its condition has more than ${MAX_NODES} nodes` };
  if (depth > MAX_DEPTH) return { why: `its conditions nest deeper than ${MAX_DEPTH}, or in a cycle` };
  if (!isObject(node)) return { why: 'a condition is not an object' };
  if (node.kind === 'And' || node.kind === 'Or') {
    const operands = node.operands;
    if (!Array.isArray(operands)) return { why: `an ${node.kind} has no operands` };
    for (let i = 0; i < operands.length; i++) {
      const problem = conditionProblem(operands[i], depth + 1, walk);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  if (node.kind === 'Not') {
    if (!isSpan(node.span)) return { why: 'a Not has no span' };
    return conditionProblem(node.operand, depth + 1, walk);
  }
  if (node.kind !== 'Comparison') return { why: `${describeValue(node.kind)} is not a kind of condition` };
  const why = comparisonProblem(node);
  if (why === undefined) return undefined;
  return isSpan(node.span) ? { why, span: node.span } : { why };
}

function wrongQuery(backend: string, why: string, text = '', span: Span = { start: 0, end: 0 }): TqlError {
  return TqlError.of(text, { code: 'invalid_input', message: `${backend} takes the result of check() or validate(), but ${why}.`, span });
}

function comparisonProblem(c: Readonly<Record<string, unknown>>): string | undefined {
  const op = c.operator;
  if (typeof op !== 'string' || !Object.hasOwn(VALUE_OF, op)) return `${describeValue(op)} is not an operator`;
  if (!VALUE_OF[op as ComparedOperator](c.value)) return `the value of a ${String(op)} comparison is ${describeValue(c.value)}`;
  if (c.fromNow !== undefined && (c.fromNow !== true || !Number.isSafeInteger(c.value) || !isObject(c.attribute) || !holdsInstants(c.attribute.type))) {
    return 'a relative time (fromNow) is a whole number of seconds on a Timestamp';
  }
  if (!isSpan(c.span)) return 'a comparison has no span';
  const a = c.attribute;
  // A schema's own attribute was checked when the schema was made and cannot have changed since.
  if (isDefinedAttribute(a)) return undefined;
  if (!isObject(a) || typeof a.path !== 'string' || !(ATTRIBUTE_TYPES as readonly unknown[]).includes(a.type)) {
    return 'a comparison has no attribute with a path and a type';
  }
  if (TYPE_FACTS[a.type as AttributeType].ids && !isIdFormat(a.id)) return `the ${String(a.type)} attribute ${a.path} has no id format`;
  const source = sourceProblem(a.source);
  return source === undefined ? undefined : `the attribute ${a.path} has a broken source (${source})`;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}
