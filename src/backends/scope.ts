/**
 * Scopes: field equalities a server ANDs into every statement it compiles (a tenant, a shard
 * key), outside the client's filter, so that no filter can reach records outside them. One
 * scope serves every backend: the keys are record fields (SQL: through the mapping's column
 * names), the values are bound or compared, never written into query text.
 */
import { describeValue } from '../errors/describe-value.js';
import { inputError, optionError } from '../errors/tql-error.js';

/** A value a scope field must equal: text, a finite number or a boolean. */
export type ScopeValue = string | number | boolean;

/**
 * Record field → the value it must equal, e.g. `{ tenant_id: 'acme' }`.
 *
 * @example
 * ```ts
 * const scope: Scope = { tenant_id: 'acme', region: 'eu' };
 * ```
 */
export type Scope = Readonly<Record<string, ScopeValue>>;

/** One checked equality of a scope. */
export interface ScopeEntry {
  readonly field: string;
  readonly value: ScopeValue;
}

/**
 * A plain identifier of at most 63 characters: a name every backend reads as written (PostgreSQL
 * cuts longer identifiers to 63 bytes, which would name another column; MongoDB reads `.` and
 * a leading `$` as operators).
 */
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** Names a JavaScript object answers from its prototype. */
const INHERITED = new Set(['__proto__', 'constructor', 'prototype']);

function checkValue(field: string, value: unknown): ScopeValue {
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  throw optionError(`The scope value of "${field}" is ${describeValue(value)}: give a string, a finite number or a boolean (a null never equals anything).`);
}

/**
 * The checked equalities of `scope`, in its key order; `undefined` when there is no scope.
 * Throws a `TqlError` (`invalid_option`) for anything but a plain object of at least one field,
 * a key that is not a plain identifier (or is `__proto__`, `constructor`, `prototype`), or a
 * value that is not a string, a finite number or a boolean.
 *
 * @example
 * ```ts
 * scopeEntries({ tenant_id: 'acme' }); // [{ field: 'tenant_id', value: 'acme' }]
 * // scopeEntries({ 'a.b': 1 }) throws: "a.b" is not a plain identifier
 * ```
 */
export function scopeEntries(scope: unknown): readonly ScopeEntry[] | undefined {
  if (scope === undefined) return undefined;
  if (typeof scope !== 'object' || scope === null || Array.isArray(scope) || Object.getOwnPropertySymbols(scope).length > 0) {
    throw optionError(`scope is an object of field → value, like { tenant_id: 'acme' }, not ${describeValue(scope)}.`);
  }
  const keys = Object.keys(scope);
  if (keys.length === 0) {
    // An empty scope would silently scope nothing: most likely a tenant lookup that found none.
    throw optionError('scope has no fields: give at least one field → value, or leave scope out to read every record.');
  }
  return keys.map((field) => {
    if (!FIELD.test(field) || INHERITED.has(field)) {
      throw optionError(
        `The scope field ${describeValue(field)} is not a plain identifier: use letters, digits and _ (not first a digit), at most 63, and not __proto__, constructor or prototype.`,
      );
    }
    return { field, value: checkValue(field, (scope as Record<string, unknown>)[field]) };
  });
}

/**
 * Whether `record` has every field of the scope as an own property equal (`===`) to its value:
 * what the in-memory stores apply, the same test the SQL and MongoDB forms make.
 *
 * @example
 * ```ts
 * inScope([{ field: 'tenant_id', value: 'acme' }], { tenant_id: 'acme' }); // true
 * ```
 */
export function inScope(entries: readonly ScopeEntry[], record: unknown): boolean {
  if (typeof record !== 'object' || record === null) return false;
  try {
    for (const { field, value } of entries) {
      if (!Object.hasOwn(record, field) || (record as Record<string, unknown>)[field] !== value) return false;
    }
  } catch {
    // An own getter or proxy trap threw: the record's own data cannot be read, as the memory
    // backend answers such a record (record-guard.ts).
    throw inputError('Reading a scope field of a record threw an exception in one of its own getters or proxy traps; give records whose properties can be read.');
  }
  return true;
}
