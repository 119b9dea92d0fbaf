/**
 * The in-memory backend: a validated query becomes a plain `(record) => boolean`, built once from
 * closures (no `eval`, no `new Function`) through the shared handler table and fold.
 */
import { inputError } from '../../errors/tql-error.js';
import type { ValidatedQuery } from '../../validate/validated-query.js';
import { foldCondition, type Backend, type ConditionHandlers } from '../backend.js';
import { validatedQueryError } from '../query-shape.js';
import { COMPARISONS, type CompileContext, type Compiled } from './comparisons.js';
import { conjunction, disjunction, ownFields } from './combine.js';
import type { RecordPredicate } from './sources.js';

/**
 * All operands must hold. Cheapest first: predicates are pure and total, so the order cannot
 * change the answer, only how soon a failing record is rejected.
 *
 * An operand with a loose form (see `Compiled.loose`) runs loose, and what completes it runs
 * after every operand passed: the own-property checks of positive field predicates (each field
 * once) and the exact tests of ORs. `P = L && rest` for each such operand, so the conjunction is
 * the same; a record that fails, as most do, never pays for `Object.hasOwn`.
 */
function allOf(operands: readonly Compiled[]): Compiled {
  const sorted = cheapestFirst(operands);
  const ps = sorted.map((o) => o.loose?.test ?? o.test);
  const keys: string[] = [];
  for (const o of sorted) {
    const key = o.loose?.ownKey;
    if (key !== undefined && !keys.includes(key)) keys.push(key);
  }
  const completion = keys.length > 0 ? [ownFields(keys)] : [];
  for (const o of sorted) if (o.loose?.recheck !== undefined) completion.push(o.loose.recheck);
  // One closure for the completion keeps the conjunction short enough for a fixed arity.
  if (completion.length > 0) ps.push(conjunction(completion));
  return { test: conjunction(ps), cost: sum(sorted) };
}

/**
 * Some operand must hold; cheapest first, as for {@link allOf}. If some operand has a loose
 * form, so does the OR: the OR of the loose forms, completed by the exact OR.
 */
function anyOf(operands: readonly Compiled[]): Compiled {
  const sorted = cheapestFirst(operands);
  const test = disjunction(sorted.map((o) => o.test));
  const cost = sum(sorted);
  if (!sorted.some((o) => o.loose !== undefined)) return { test, cost };
  return { test, cost, loose: { test: disjunction(sorted.map((o) => o.loose?.test ?? o.test)), recheck: test } };
}

function cheapestFirst(operands: readonly Compiled[]): Compiled[] {
  // Array.prototype.sort is stable: equal costs keep the query's order.
  return [...operands].sort((x, y) => x.cost - y.cost);
}

function sum(operands: readonly Compiled[]): number {
  let total = 0;
  for (const o of operands) total += o.cost;
  return total;
}

const HANDLERS: ConditionHandlers<Compiled, CompileContext> = {
  And: (operands) => allOf(operands),
  Or: (operands) => anyOf(operands),
  comparisons: COMPARISONS,
};

const compiled = new WeakMap<ValidatedQuery, RecordPredicate>();

/**
 * Compiles a validated query into a predicate over records of its entity. Records may be any
 * JSON: a missing field, `null` and a value of the wrong JS type all count as "no value"
 * (docs/backends-memory.md). Compiled predicates are cached per query object, so compiling
 * what `check` returned from its cache costs one look-up. Throws a `TqlError` for a query that
 * `validate` did not make or whose schema names a key such as `__proto__`.
 *
 * @example
 * ```ts
 * const q = check('agent.name LIKE john AND agent.two_factor_enabled EQ false', schedulingSchema, 'agent');
 * const isMatch = compilePredicate<Agent>(q);
 * isMatch({ ...agent, name: 'Little John', two_factor_enabled: false }); // true
 * ```
 */
export function compilePredicate<R = unknown>(query: ValidatedQuery): (record: R) => boolean {
  // Only well-formed queries are ever cached, so a hit needs no second check.
  let predicate = typeof query === 'object' && query !== null ? compiled.get(query) : undefined;
  if (predicate === undefined) {
    const text = checkQuery(query);
    predicate = foldCondition(query.condition, HANDLERS, { text }).test;
    compiled.set(query, predicate);
  }
  return predicate;
}

/**
 * The records that match the query, in their original order.
 *
 * @example
 * ```ts
 * const q = check('resource.url_slug NOT_IN alice,bob', schedulingSchema, 'resource');
 * filterRecords(q, recordsOf(sampleData(), 'resource')); // every resource but alice's and bob's
 * ```
 */
export function filterRecords<R>(query: ValidatedQuery, records: readonly R[]): R[] {
  const predicate = compilePredicate<R>(query);
  if (!Array.isArray(records)) {
    throw inputError('filterRecords takes an array of records.');
  }
  const out: R[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i] as R;
    if (predicate(r)) out.push(r);
  }
  return out;
}

/** The in-memory backend as a {@link Backend}: its output is the predicate. */
export const memoryBackend: Backend<(record: unknown) => boolean> = {
  name: 'memory',
  compile: (query) => compilePredicate(query),
};

// ---- checking the shape of what we were given ----

/** Throws unless `query` has the shape `validate` produces; returns its text. */
function checkQuery(query: ValidatedQuery): string {
  const error = validatedQueryError(query, 'The in-memory backend');
  if (error !== undefined) throw error;
  return query.text;
}
