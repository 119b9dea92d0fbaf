/**
 * The one error type tql throws. It carries every issue found, each with a stable code, the
 * span in the query text, a line/column position and a message that says what to do.
 */
import type { Span } from '../ast/nodes.js';
import type { TqlErrorCode } from './codes.js';
import { caretExcerpt, positionAt, type Position } from './position.js';

/** One problem found in a query. */
export interface TqlIssue {
  readonly code: TqlErrorCode;
  /** What is wrong and what to do, in one or two sentences. */
  readonly message: string;
  readonly span: Span;
  readonly position: Position;
  /** A replacement that would fix the issue, when there is an obvious one (`EQ` for `eq`). */
  readonly suggestion?: string;
}

/** An issue before its line/column position is worked out (the position comes from the query text). */
export interface IssueInit {
  readonly code: TqlErrorCode;
  readonly message: string;
  readonly span: Span;
  readonly suggestion?: string | undefined;
}

/** Completes an issue with its line/column position in `text`. */
export function issue(text: string, init: IssueInit): TqlIssue {
  const base = {
    code: init.code,
    message: init.message,
    span: init.span,
    position: positionAt(text, init.span.start),
  };
  return init.suggestion === undefined ? base : { ...base, suggestion: init.suggestion };
}

const BRAND = Symbol.for('tql.error');

/**
 * Thrown by every tql function on bad input, and nothing else is.
 *
 * @example
 * ```ts
 * try {
 *   check('agent.name eq john', schedulingSchema, 'agent');
 * } catch (e) {
 *   if (isTqlError(e)) console.log(e.code, e.position.column, e.issues.length);
 *   // unknown_operator 12 1
 * }
 * ```
 */
export class TqlError extends Error {
  override readonly name = 'TqlError';
  /** The code of the first issue. */
  readonly code: TqlErrorCode;
  /** Where the first issue is. */
  readonly position: Position;
  /** Every issue found, in text order. Never empty. */
  readonly issues: readonly [TqlIssue, ...TqlIssue[]];
  /** The query text the issues point into ('' when the error is not about a query text). */
  readonly text: string;
  readonly [BRAND] = true;

  constructor(text: string, issues: readonly [TqlIssue, ...TqlIssue[]]) {
    super(formatIssues(text, issues));
    this.text = text;
    this.issues = issues;
    this.code = issues[0].code;
    this.position = issues[0].position;
  }

  /** A one-issue error for `text`. */
  static of(text: string, init: IssueInit): TqlError {
    return new TqlError(text, [issue(text, init)]);
  }

  /** The issue's excerpt of the query with carets under the offending part. */
  excerpt(i: TqlIssue = this.issues[0]): string {
    return caretExcerpt(this.text, i.span);
  }

  /** A plain-data form for JSON output (CLI `--json`, HTTP error bodies). */
  toJSON(): {
    code: TqlErrorCode;
    message: string;
    issues: readonly TqlIssue[];
  } {
    return { code: this.code, message: this.message, issues: this.issues };
  }
}

/** The span of an issue that is not about a place in a query text. */
const NO_TEXT_SPAN = { start: 0, end: 0 } as const;

/**
 * An `invalid_option` error: an option or argument passed to a tql function is wrong. It has no
 * query text to point into.
 *
 * @example
 * ```ts
 * throw optionError('limit is a positive integer, not 0.');
 * ```
 */
export function optionError(message: string): TqlError {
  return TqlError.of('', { code: 'invalid_option', message, span: NO_TEXT_SPAN });
}

/**
 * An `invalid_input` error: data handed to tql (records, a hand-made query) cannot be read. It
 * has no query text to point into.
 *
 * @example
 * ```ts
 * throw inputError('filterRecords takes an array of records.');
 * ```
 */
export function inputError(message: string): TqlError {
  return TqlError.of('', { code: 'invalid_input', message, span: NO_TEXT_SPAN });
}

/**
 * True for a {@link TqlError}, also one from another copy of the package.
 *
 * @example
 * ```ts
 * try {
 *   check(text, schedulingSchema, 'agent');
 * } catch (e) {
 *   if (!isTqlError(e)) throw e;
 *   console.error(e.message);
 * }
 * ```
 */
export function isTqlError(value: unknown): value is TqlError {
  try {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  } catch {
    // A revoked proxy or a throwing trap is no error of ours.
    return false;
  }
}

/**
 * The message of an error: each issue as `line:column code: message` followed by its caret
 * excerpt, so a person sees every problem at once.
 */
function formatIssues(text: string, issues: readonly TqlIssue[]): string {
  return issues
    .map((i) => {
      // Errors about options and schemas have no query text to point into.
      if (text === '') return `${i.code}: ${i.message}`;
      return `${i.position.line}:${i.position.column} ${i.code}: ${i.message}\n${indent(caretExcerpt(text, i.span))}`;
    })
    .join('\n');
}

function indent(block: string): string {
  return block
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

/**
 * What `fn` returns, or the `TqlError` it throws, returned instead; anything else it throws goes
 * on. For the paths that report errors as values (`safeCheck`, `safeValidate`).
 *
 * @internal
 * @example
 * ```ts
 * const limits = returnedTqlError(() => resolveLimits(options, 'validate'));
 * if (limits instanceof TqlError) return limits;
 * ```
 */
export function returnedTqlError<T>(fn: () => T): T | TqlError {
  try {
    return fn();
  } catch (error) {
    if (isTqlError(error)) return error;
    throw error;
  }
}
