/** Reading a record's place in the list order from its `id` and `created_at` fields. */
import { inputError } from '../errors/tql-error.js';
import type { SortKey } from './list-store.js';

/**
 * The sort key of an API-shaped record. Throws a `TqlError` (`invalid_input`) naming `what` when
 * the record has no string `id` or no integer `created_at`. Drivers that return 64-bit integers
 * as text (node-postgres) are read as numbers.
 *
 * @example
 * ```ts
 * recordKey({ id: 'agnt_a', created_at: 1692172402 }, 'agent'); // { createdAt: 1692172402, id: 'agnt_a' }
 * ```
 */
export function recordKey(record: unknown, what: string): SortKey {
  const r = typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : {};
  const id = Object.hasOwn(r, 'id') ? r['id'] : undefined;
  const raw = Object.hasOwn(r, 'created_at') ? r['created_at'] : undefined;
  const createdAt = typeof raw === 'string' && /^-?[0-9]+$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'string' || typeof createdAt !== 'number' || !Number.isSafeInteger(createdAt)) {
    throw inputError(`A list needs a string "id" and an integer "created_at" on every record; ${what} has id ${describe(id)} and created_at ${describe(raw)}.`);
  }
  return { createdAt, id };
}

/**
 * The string `id` of a record, for matching loaded records to the keys of their page (which came
 * from the database, so the record itself need not repeat its `created_at`). Throws a `TqlError`
 * (`invalid_input`) naming `what` when there is none.
 *
 * @example
 * ```ts
 * recordId({ id: 'tkt_1', opened_at: 1735689600 }, 'a loaded record'); // 'tkt_1'
 * ```
 */
export function recordId(record: unknown, what: string): string {
  const id = typeof record === 'object' && record !== null && Object.hasOwn(record, 'id') ? (record as { id: unknown }).id : undefined;
  if (typeof id !== 'string') throw inputError(`A list needs a string "id" on every record; ${what} has id ${describe(id)}.`);
  return id;
}

function describe(value: unknown): string {
  return value === undefined ? 'none' : JSON.stringify(value) ?? String(value);
}
