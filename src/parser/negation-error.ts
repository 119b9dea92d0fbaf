/**
 * The syntax errors of a misplaced `NOT`, worded for the fix: `NOT` negates only a group in
 * parentheses, is a keyword in upper case, and needs a separator before its `(`. A predicate
 * after a bare `NOT` is shown rewritten, with the negative operator when it has one
 * (`NOT a EQ 1` → `a NOT_EQ 1`), else in parentheses (`NOT (a LT 1)`).
 */
import type { Span } from '../ast/nodes.js';
import type { IssueInit } from '../errors/tql-error.js';
import { OPERATOR_FACTS } from '../schema/operators.js';
import { predicateAt } from './fast-parse.js';
import { bareWordEnd, onlySepsFrom, skipSeps, wordBefore } from './text-scan.js';

/** Where Ohm failed and what it expected there (syntax-error.ts's failure context). */
export interface NotFailure {
  readonly text: string;
  readonly pos: number;
  /** Ohm expected a `(` there (after `NOT` and a separator). */
  readonly expectsGroup: boolean;
  /** Ohm expected a predicate or a group there. */
  readonly expectsPrimary: boolean;
  /** Ohm expected AND or OR there (after a predicate or a group). */
  readonly expectsJoin: boolean;
}

const GROUP_EXAMPLE = 'NOT (agent.name EQ x)';

/**
 * The issue for a `NOT` that does not negate a group, or undefined when the failure is another.
 *
 * @example
 * ```ts
 * misplacedNot({ text: 'NOT a.b EQ 1', pos: 4, expectsGroup: true, expectsPrimary: false, expectsJoin: false })?.suggestion;
 * // 'a.b NOT_EQ 1'
 * ```
 */
export function misplacedNot(f: NotFailure): IssueInit | undefined {
  return (
    (f.expectsGroup ? afterNot(f.text, f.pos) : undefined) ??
    (f.expectsPrimary ? atNot(f.text, f.pos) : undefined) ??
    (f.expectsJoin ? notAfterOperand(f.text, f.pos) : undefined)
  );
}

/** `NOT` and a separator, then something other than `(`. */
function afterNot(text: string, pos: number): IssueInit | undefined {
  const before = wordBefore(text, pos);
  if (before.word !== 'NOT' || before.end === pos) return undefined;
  if (onlySepsFrom(text, pos)) return endsWithNot({ start: before.start, end: before.end });
  const p = predicateAt(text, pos);
  if (p === undefined) {
    return {
      code: 'syntax_error',
      message: `NOT applies only to a group in parentheses: put what it negates in parentheses, such as ${GROUP_EXAMPLE}.`,
      span: { start: pos, end: Math.max(bareWordEnd(text, pos), pos + 1) },
    };
  }
  const written = text.slice(pos, p.span.end);
  const complement = OPERATOR_FACTS[p.operator.name].complement;
  // Written as the predicate is, its own separators and values included.
  const head = text.slice(p.attribute.span.start, p.operator.span.start);
  const tail = text.slice(p.operator.span.end, p.span.end);
  const negative = complement === undefined ? undefined : `${head}${complement}${tail}`;
  return {
    code: 'syntax_error',
    message: `NOT applies only to a group in parentheses: write NOT (${written})${negative === undefined ? '' : `, or ${negative}`}.`,
    span: { start: before.start, end: p.span.end },
    suggestion: negative ?? `NOT (${written})`,
  };
}

/** `NOT(`, `not (`, or `NOT` at the end, where a predicate or a group was expected. */
function atNot(text: string, pos: number): IssueInit | undefined {
  const end = bareWordEnd(text, pos);
  const word = text.slice(pos, end);
  if (word.toUpperCase() !== 'NOT') return undefined;
  const open = skipSeps(text, end);
  const opens = text.charCodeAt(open) === 40;
  if (word !== 'NOT' && opens) {
    return { code: 'syntax_error', message: `Write NOT in upper case: "${word}" is not a keyword.`, span: { start: pos, end }, suggestion: 'NOT' };
  }
  if (word !== 'NOT') return undefined;
  if (opens && open === end) {
    return { code: 'syntax_error', message: 'Put a separator (a space or ~) between NOT and "(".', span: { start: pos, end: end + 1 }, suggestion: 'NOT (' };
  }
  return onlySepsFrom(text, end) ? endsWithNot({ start: pos, end }) : undefined;
}

/** `a EQ 1 NOT (…)`: a join is missing before `NOT`. */
function notAfterOperand(text: string, pos: number): IssueInit | undefined {
  const end = bareWordEnd(text, pos);
  if (text.slice(pos, end) !== 'NOT') return undefined;
  return {
    code: 'syntax_error',
    message: 'NOT negates a group, it does not join one: write AND NOT or OR NOT before the group.',
    span: { start: pos, end },
    suggestion: 'AND NOT',
  };
}

function endsWithNot(span: Span): IssueInit {
  return {
    code: 'syntax_error',
    message: `The query ends with NOT: add the group it negates, such as ${GROUP_EXAMPLE}, or remove it.`,
    span,
  };
}
