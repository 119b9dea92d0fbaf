/** The JSON body of an error response: the API's `{ "error": "…" }`, with a code and the issues. */
import { isTqlError, optionError, type TqlError, type TqlIssue } from '../errors/tql-error.js';
import { describeValue } from '../errors/describe-value.js';

/** The body of every error answer: the dialect's `{ "error": "…" }` (docs/server.md, Errors), plus a code and the issues. */
export interface ErrorBody {
  /** What is wrong and what to do, for a person. */
  readonly error: string;
  /**
   * A stable code for programs: a `TqlErrorCode`, or one of the reference server's
   * (`unauthorized`, `not_found`, `method_not_allowed`, `bad_request`, `request_too_large`,
   * `request_timeout`, `too_many_connections`, `expectation_failed`,
   * `http_version_not_supported`, `internal_error`).
   */
  readonly code: string;
  /** Every problem found in the filter, with positions; empty for errors that are not about one. */
  readonly issues: readonly TqlIssue[];
  /** The query parameter the request got wrong (`filter`, `sort`, `limit`, `cursor`, …), when the error is about one. */
  readonly parameter?: string;
}

/**
 * The body for a `TqlError`. For a bad filter, `error` says where each problem is, as
 * `at line:column`, followed by the issue's message.
 *
 * @example
 * ```ts
 * const r = safeCheck('agent.name eq x', schedulingSchema, 'agent');
 * if (!r.ok) errorBody(r.error);
 * // { error: 'Invalid filter at 1:12: "eq" is not an operator: write EQ. …', code: 'unknown_operator', issues: [ … ] }
 * ```
 */
export function errorBody(error: TqlError): ErrorBody {
  if (!isTqlError(error)) throw optionError(`errorBody takes a TqlError (what check, safeCheck or a list store threw), not ${describeValue(error)}; answer other failures with plainErrorBody.`);
  const issues = error.issues.map(forClient);
  // Without a filter text there is no position to point at.
  if (error.text === '') return { error: issues.map((i) => i.message).join(' '), code: error.code, issues: [] };
  const at = (i: TqlIssue) => `at ${i.position.line}:${i.position.column}: ${i.message}`;
  const error_ = issues.length === 1 ? `Invalid filter ${at(issues[0]!)}` : `Invalid filter (${issues.length} problems): ${issues.map(at).join(' ')}`;
  return { error: error_, code: error.code, issues };
}

/**
 * The issue as the client of an API reads it. A library caller can raise a limit, a client
 * cannot: "…, or raise limits.maxLength." becomes "…", and "the limit is" says whose limit it is.
 */
function forClient(issue: TqlIssue): TqlIssue {
  if (!issue.message.includes('raise limits.')) return issue;
  const message = issue.message.replace(/, or raise limits\.[A-Za-z]+\./, '.').replace('the limit is', 'this API accepts at most');
  return { ...issue, message };
}

/**
 * A body for an error that is not about input tql reads (a missing token, an unknown id).
 *
 * @example
 * ```ts
 * plainErrorBody('not_found', 'No agent has id agnt_x.'); // { error: 'No agent has id agnt_x.', code: 'not_found', issues: [] }
 * ```
 */
export function plainErrorBody(code: string, error: string): ErrorBody {
  return { error, code, issues: [] };
}

/**
 * The body of a 500 for a list the server could not read: it names nothing of the store (no
 * table, column or record), whose error goes to the service's own `onError`.
 *
 * @example
 * ```ts
 * internalErrorBody().code; // 'internal_error'
 * ```
 */
export function internalErrorBody(): ErrorBody {
  return plainErrorBody('internal_error', 'The server could not read this list. Try again later; if it persists, tell the service owner.');
}

/**
 * Tells `onError` of `error`; a hook that throws in turn is passed over, so the client still gets
 * its 500 and the handler's promise never rejects.
 *
 * @example
 * ```ts
 * tellFailure(console.error, new Error('connection lost'), url);
 * ```
 */
export function tellFailure<R>(onError: (error: unknown, request: R) => void, error: unknown, request: R): void {
  try {
    onError(error, request);
  } catch {
    // Nothing more can be done with it here: the answer is a 500 either way.
  }
}
