/**
 * Resolving relative times (`now-7d`) against a clock: the step every compile takes before a
 * backend sees a query, so each compile answers for its own instant.
 */
import { TqlError, inputError, optionError } from '../errors/tql-error.js';
import { clockSeconds, FIRST_SECOND, LAST_SECOND, relativeText, type Clock } from './relative-time.js';
import { holdsRelativeTime, validatedQuery, type Condition, type ValidatedQuery } from './validated-query.js';

/**
 * The query with every relative time replaced by the instant it names on `clock` (the real
 * clock when undefined); the query itself when it holds none. The clock is read once, and only
 * for a query that holds a relative time. An instant beyond the range of timestamps is a
 * `TqlError` (`invalid_value`) at the predicate.
 *
 * @example
 * ```ts
 * const q = check('agent.created_at GTE now-7d', schedulingSchema, 'agent');
 * resolveNow(q, 1700000000).condition; // { kind: 'Comparison', operator: 'GTE', value: 1699395200, … }
 * ```
 */
export function resolveNow(query: ValidatedQuery, clock: Clock | undefined): ValidatedQuery {
  const made = holdsRelativeTime(query);
  if (made === false) return query;
  if (made === true) return withInstants(query, clock);
  // A copy, walked before it is known to have the shape: what its reading throws is an input error.
  try {
    if (typeof query !== 'object' || query === null || query.kind !== 'ValidatedQuery') {
      throw inputError('resolveNow takes the result of check() or validate(), not a query text, a syntax tree or anything else.');
    }
    return holdsFromNow(query.condition) ? withInstants(query, clock) : query;
  } catch (error) {
    if (error instanceof TqlError) throw error;
    throw inputError('resolveNow cannot read this query: it was not made by check() or validate(), or was changed after; validate it again.');
  }
}

/** `query` with its relative times resolved on `clock`. */
function withInstants(query: ValidatedQuery, clock: Clock | undefined): ValidatedQuery {
  const now = clockSeconds(clock);
  if (typeof now === 'string') throw optionError(`${now}.`);
  return validatedQuery(query.entity, resolved(query.condition, now, query.text), query.text);
}

/** Whether any comparison of `c` holds a relative time. */
function holdsFromNow(c: Condition): boolean {
  switch (c.kind) {
    case 'Comparison':
      return c.fromNow === true;
    case 'Not':
      return holdsFromNow(c.operand);
    default:
      return c.operands.some(holdsFromNow);
  }
}

/** `c` with its relative times resolved; the untouched parts are shared, not copied. */
function resolved(c: Condition, now: number, text: string): Condition {
  switch (c.kind) {
    case 'Comparison': {
      if (c.fromNow !== true) return c;
      const offset = c.value as number;
      const instant = now + offset;
      if (instant < FIRST_SECOND || instant > LAST_SECOND) {
        throw TqlError.of(text, {
          code: 'invalid_value',
          message: `${relativeText(offset)} is ${instant < FIRST_SECOND ? 'before 0100-01-01' : `after ${LAST_SECOND} seconds`} at now = ${now}, outside the instants a timestamp can be; use a smaller offset.`,
          span: c.span,
        });
      }
      const { fromNow: _, ...rest } = c;
      return { ...rest, value: instant } as Condition;
    }
    case 'Not':
      return { kind: 'Not', operand: resolved(c.operand, now, text), span: c.span };
    case 'And':
    case 'Or':
      return { kind: c.kind, operands: c.operands.map((o) => resolved(o, now, text)) };
  }
}
