/**
 * `parse` and `safeParse`: query text in, syntax tree out, or a TqlError that says what is wrong
 * and where. Whatever the input, nothing else is thrown and nothing runs unbounded.
 */
import type { Query } from '../ast/nodes.js';
import { TqlError, inputError, isTqlError } from '../errors/tql-error.js';
import { errorWindow } from './error-window.js';
import { fastParse, locateRejection } from './fast-parse.js';
import { checkAfterParsing, checkDepth, checkLength, resolveGivenLimits, resolveLimits } from './limits.js';
import type { Limits, ParseOptions } from './options.js';
import { tqlGrammar } from './grammar.js';
import { toExpr } from './semantics.js';
import { syntaxIssue } from './syntax-error.js';
import { onlySepsFrom } from './text-scan.js';

/** The result of {@link safeParse}. */
export type ParseResult = { readonly ok: true; readonly value: Query } | { readonly ok: false; readonly error: TqlError };

/**
 * Parses a TQL filter into its syntax tree, with a span on every node.
 *
 * Throws a {@link TqlError} on bad input: `syntax_error` or `unknown_operator` for text that is
 * not TQL, `query_too_long`, `too_deep`, `too_many_predicates`, `too_many_values` or
 * `value_too_long` when a limit (see {@link ParseOptions}) is exceeded.
 *
 * @example
 * ```ts
 * const query = parse('agent.name~LIKE~john~AND~agent.two_factor_enabled~EQ~false');
 * query.expression.kind; // 'And'
 * safeParse('agent.name eq john').ok; // → false
 * // parse() throws it: unknown_operator, "eq" is not an operator: write EQ. …
 * ```
 */
export function parse(text: string, options?: ParseOptions): Query {
  const limits = prepare(text, options);
  // The fast path accepts exactly what the grammar accepts, within the limits; on anything
  // else the checks before parsing and then Ohm run to produce the error (or, should the fast
  // path ever miss a valid text, the tree).
  return fastParse(text, limits) ?? parseRejected(text, limits);
}

/**
 * What the parser hands to validation: the tree, and what the fast path saw of its values.
 * `plainValues` is true when every character of every value is in U+0001–U+8000, so that no
 * value holds a character validation rejects (NUL, a surrogate) and none needs scanning for one;
 * false for a tree from Ohm.
 */
export interface ParsedText {
  readonly query: Query;
  readonly plainValues: boolean;
}

/**
 * {@link parse}, with what the fast path saw, for a caller that validates the tree next
 * (`check`). It takes the `limits` option as the caller has already read it from its options,
 * so that they are not read again.
 *
 * @internal
 * @example
 * ```ts
 * parseText('agent.name EQ john', undefined).plainValues; // true
 * parseText('agent.name EQ john', { maxPredicates: 20 }).query.expression.kind; // 'Predicate'
 * ```
 */
export function parseText(text: string, givenLimits: Partial<Limits> | null | undefined): ParsedText {
  checkText(text);
  const limits = resolveGivenLimits(givenLimits);
  checkLength(text, limits);
  // The result is the fast path's notes too: one object rather than two.
  const parsed: { query: Query | undefined; plainValues: boolean } = { query: undefined, plainValues: false };
  parsed.query = fastParse(text, limits, parsed) ?? parseRejected(text, limits);
  return parsed as ParsedText;
}

/**
 * Like {@link parse}, but returns the error instead of throwing it.
 *
 * @example
 * ```ts
 * const result = safeParse('agent.name EQ');
 * if (!result.ok) result.error.code; // 'syntax_error'
 * ```
 */
export function safeParse(text: string, options?: ParseOptions): ParseResult {
  try {
    return { ok: true, value: parse(text, options) };
  } catch (error) {
    if (isTqlError(error)) return { ok: false, error };
    throw error;
  }
}

/** The checks before any parser runs: the argument, the options, the length. */
function prepare(text: unknown, options: ParseOptions | undefined): Limits {
  checkText(text);
  const limits = resolveLimits(options);
  checkLength(text, limits);
  return limits;
}

function checkText(text: unknown): asserts text is string {
  if (typeof text !== 'string') {
    throw inputError(`A query must be a string, not ${text === null ? 'null' : typeof text}.`);
  }
}

/**
 * A text the fast path did not accept: the nesting limit, the blank query, then Ohm and the
 * limits on its tree, in the order the errors are reported in.
 */
function parseRejected(text: string, limits: Limits): Query {
  checkDepth(text, limits);
  if (onlySepsFrom(text, 0)) {
    throw TqlError.of(text, {
      code: 'syntax_error',
      message: 'The query is empty: write at least one predicate, such as agent.name EQ john.',
      span: { start: 0, end: text.length },
    });
  }
  explainRejection(text);
  // Only a text the fast path should have accepted gets here: the grammar decides.
  const query = parseWithOhm(text);
  checkAfterParsing(query, limits);
  return query;
}

/**
 * Throws the syntax error of a text the fast path rejected, worded by Ohm from a short window
 * around the failure (error-window.ts), so that the cost does not grow with the text before it.
 * Returns when the window does not fail, which the property tests say never happens.
 */
function explainRejection(text: string): void {
  const rejection = locateRejection(text);
  if (rejection === undefined) return;
  const window = errorWindow(text, rejection);
  let match;
  try {
    match = tqlGrammar().match(window.text);
  } catch {
    return; // the reference parse below reports it
  }
  if (match.failed()) throw TqlError.of(text, syntaxIssue(text, match, window));
}

/**
 * The grammar's own parse, without the limit checks: the reference the fast path is tested
 * against.
 *
 * @internal
 */
export function parseWithOhm(text: string): Query {
  let expression;
  try {
    const match = tqlGrammar().match(text);
    if (match.failed()) throw TqlError.of(text, syntaxIssue(text, match));
    expression = toExpr(match);
  } catch (error) {
    if (isTqlError(error)) throw error;
    throw unexpected(text, error);
  }
  return { kind: 'Query', expression, text, span: { start: 0, end: text.length } };
}

/**
 * A stack overflow can only come from a nesting limit raised very high; anything else would be
 * a bug in tql, still reported as a TqlError so callers can rely on the one error type.
 */
function unexpected(text: string, error: unknown): TqlError {
  if (error instanceof RangeError) {
    return TqlError.of(text, {
      code: 'too_deep',
      message: 'The query nests too deeply to be parsed; remove some parentheses, or lower limits.maxDepth.',
      span: { start: 0, end: text.length },
    });
  }
  return TqlError.of(text, {
    code: 'syntax_error',
    message: `tql failed on this query with an internal error (${String(error)}); please report it.`,
    span: { start: 0, end: text.length },
  });
}
