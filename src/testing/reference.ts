/**
 * The reference answer: the in-memory backend, which implements docs/language.md directly and
 * is tested against it rule by rule. Another backend agrees when it selects the same ids.
 */
import { filterRecords } from '../backends/memory/compile-predicate.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { idText, ownElements } from './own-list.js';

/**
 * The ids (as text, sorted) of the records of `records` that `query` selects, by the in-memory
 * backend; ids are read from field `key`.
 *
 * @example
 * ```ts
 * referenceIds(check('agent.name LIKE ada', schedulingSchema, 'agent'), [{ id: 'a', name: 'Ada' }, { id: 'b' }]); // → ['a']
 * ```
 */
export function referenceIds(query: ValidatedQuery, records: readonly object[], key = 'id'): string[] {
  const own = ownElements('referenceIds: the records', records) as object[];
  return sortedIds(filterRecords(query, own).map((r) => (r as Record<string, unknown>)[key]));
}

/**
 * Ids as text, sorted: how answers are compared, whatever type a driver returns them in.
 *
 * @example
 * ```ts
 * sortedIds([2, '10', 1n]); // → ['1', '10', '2']
 * ```
 */
export function sortedIds(ids: readonly unknown[]): string[] {
  return ownElements('sortedIds: the ids', ids)
    .map((id) => idText('sortedIds: the ids', id))
    .sort();
}
