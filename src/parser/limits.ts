/**
 * The size limits of a query (section 5 of the design): resolving the caller's options, and
 * the checks that run before parsing (length, nesting) and after it (predicates, list sizes,
 * value lengths). The fast path checks nesting and the sizes itself while it parses, and calls
 * {@link checkAfterParsing} only for a query that exceeds one.
 */
import type { Expr, Predicate, Query, Value } from '../ast/nodes.js';
import { readOption, readOptions } from '../errors/read-options.js';
import { describeValue } from '../errors/describe-value.js';
import { TqlError, issue, optionError, type IssueInit, type TqlIssue } from '../errors/tql-error.js';
import { DEFAULT_LIMITS, type Limits, type ParseOptions } from './options.js';
import { scanParens } from './paren-scan.js';

/**
 * The limits in force: the defaults overridden by `options.limits`. Each given limit must be a
 * positive integer (or `Infinity` to lift it); anything else is an `invalid_option` error.
 *
 * @example
 * ```ts
 * resolveLimits({ limits: { maxDepth: 4 } }).maxDepth; // 4
 * resolveLimits({ limits: { maxDepth: 0 } }); // throws TqlError invalid_option
 * ```
 */
export function resolveLimits(options: ParseOptions | undefined, fn = 'parse'): Limits {
  // Each option is read once, through readOption: a getter or a proxy trap that throws is an
  // invalid_option, never its own exception.
  return resolveGivenLimits(readOption(fn, options, 'limits'), fn);
}

/**
 * {@link resolveLimits} of the `limits` option already read from the options (by `check`, which
 * reads every option once): the defaults overridden by `given`, each checked.
 *
 * @example
 * ```ts
 * resolveGivenLimits(undefined); // DEFAULT_LIMITS
 * resolveGivenLimits({ maxDepth: 4 }).maxDepth; // 4
 * ```
 */
export function resolveGivenLimits(given: Partial<Limits> | null | undefined, fn = 'parse'): Limits {
  // `== null`: plain JavaScript callers may pass null where the types say undefined.
  if (given == null) return DEFAULT_LIMITS;
  if (typeof given !== 'object') {
    throw optionError(`limits is an object such as { maxDepth: 8 }, not ${describeValue(given)}.`);
  }
  const keys = Object.keys(DEFAULT_LIMITS) as (keyof Limits)[];
  const read = readOptions(fn, given, keys);
  const resolved: Record<keyof Limits, number> = { ...DEFAULT_LIMITS };
  for (const key of keys) {
    const value: unknown = read[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(value === Infinity || (Number.isInteger(value) && value >= 1))) {
      throw optionError(`limits.${key} must be a positive integer or Infinity, not ${describeValue(value)}.`);
    }
    resolved[key] = value;
  }
  return resolved;
}

/** The length, checked on the raw text before any parser reads it. */
export function checkLength(text: string, limits: Limits): void {
  if (text.length > limits.maxLength) {
    throw TqlError.of(text, {
      code: 'query_too_long',
      message: `The query is ${text.length} characters long; the limit is ${limits.maxLength}. Shorten it, or raise limits.maxLength.`,
      span: { start: limits.maxLength, end: text.length },
    });
  }
}

/**
 * The nesting, checked on the raw text before Ohm reads it, so that no input can make it
 * recurse without bound. (The fast path counts its own depth.)
 */
export function checkDepth(text: string, limits: Limits): void {
  const { tooDeepAt } = scanParens(text, text.length, limits.maxDepth);
  if (tooDeepAt !== undefined) {
    throw TqlError.of(text, {
      code: 'too_deep',
      message: `Parentheses nest more than ${limits.maxDepth} deep here; remove some, or raise limits.maxDepth.`,
      span: { start: tooDeepAt, end: tooDeepAt + 1 },
    });
  }
}

/** Predicate count, list sizes and value lengths: every problem found, in text order. */
export function checkAfterParsing(query: Query, limits: Limits): void {
  const predicates: Predicate[] = [];
  collectPredicates(query.expression, predicates);
  const found: IssueInit[] = [];
  const excess = predicates[limits.maxPredicates];
  if (excess !== undefined) {
    found.push({
      code: 'too_many_predicates',
      message: `The query has ${predicates.length} predicates; the limit is ${limits.maxPredicates}. Use IN for many values of one attribute, or raise limits.maxPredicates.`,
      span: excess.span,
    });
  }
  for (const predicate of predicates) {
    const { values } = predicate;
    const firstExcess = values[limits.maxListValues];
    if (firstExcess !== undefined) {
      found.push({
        code: 'too_many_values',
        message: `This list has ${values.length} values; the limit is ${limits.maxListValues}. Split it, or raise limits.maxListValues.`,
        span: { start: firstExcess.span.start, end: predicate.span.end },
      });
    }
    for (const value of values) {
      const length = valueLength(value);
      if (length > limits.maxValueLength) {
        found.push({
          code: 'value_too_long',
          message: `This value is ${length} characters long; the limit is ${limits.maxValueLength}. Shorten it, or raise limits.maxValueLength.`,
          span: value.span,
        });
      }
    }
  }
  if (found.length === 0) return;
  const issues = found
    .sort((a, b) => a.span.start - b.span.start)
    .map((init): TqlIssue => issue(query.text, init));
  throw new TqlError(query.text, issues as [TqlIssue, ...TqlIssue[]]);
}

function valueLength(value: Value): number {
  return value.kind === 'Text' ? value.text.length : 0;
}

// Recursion is bounded: the nesting depth was checked before parsing.
function collectPredicates(expr: Expr, into: Predicate[]): void {
  switch (expr.kind) {
    case 'Predicate':
      into.push(expr);
      return;
    case 'Group':
    case 'Not':
      collectPredicates(expr.expression, into);
      return;
    case 'And':
    case 'Or':
      for (const operand of expr.operands) collectPredicates(operand, into);
      return;
  }
}
