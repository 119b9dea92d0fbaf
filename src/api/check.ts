/**
 * The common path in one call: text + entity → validated query, with a bounded cache so a
 * repeated query costs one look-up.
 */
import type { Limits } from '../parser/options.js';
import { safeParse } from '../parser/parse.js';
import type { Schema } from '../schema/types.js';
import { safeValidate, type Result, type ValidateOptions } from '../validate/validate.js';
import type { ValidatedQuery } from '../validate/validated-query.js';
import { LruCache } from './lru-cache.js';

/**
 * Options of {@link check}: the profile and time zone of validation, and the limits of parsing.
 *
 * @example
 * ```ts
 * check(text, schedulingSchema, 'agent', { profile: 'timezest', timeZone: 'Europe/Berlin', limits: { maxPredicates: 20 } });
 * ```
 */
export interface CheckOptions extends ValidateOptions {
  readonly limits?: Partial<Limits> | undefined;
  /** Set false to bypass the cache (the result is the same, only slower). Default true. */
  readonly cache?: boolean | undefined;
}

/** Successful checks kept per schema; failures are not cached. */
const CACHE_SIZE = 1000;
const caches = new WeakMap<Schema, LruCache<string, ValidatedQuery>>();

/**
 * Parses and validates `text` as a filter of `entity`. Throws one {@link TqlError} with every
 * issue. Results are cached by text, entity and options.
 *
 * @example
 * ```ts
 * import { check, schedulingSchema } from 'tql';
 * import { compileSql } from 'tql/sql';
 * import { compileMongo } from 'tql/mongo';
 * import { schedulingSqlMapping } from 'tql/scheduling';
 *
 * const q = check('scheduling_request.status~IN~new,sent', schedulingSchema, 'scheduling_request');
 * // q.condition → { kind: 'Comparison', operator: 'IN', value: ['new', 'sent'], … }
 * compileSql(q, { dialect: 'postgres', mapping: schedulingSqlMapping });
 * // { text: '"status" IN ($1, $2)', values: ['new', 'sent'] }
 * compileMongo(q);
 * // { status: { $not: { $type: 'array' }, $in: ['new', 'sent'] } }
 *
 * check('agent.name eq john', schedulingSchema, 'agent');
 * // TqlError: 1:12 unknown_operator: "eq" is not an operator: write EQ. Operators are upper case.
 * //   agent.name eq john
 * //              ^^
 * ```
 */
export function check<S extends Schema>(
  text: string,
  schema: S,
  entity: S['entityNames'][number],
  options: CheckOptions = {},
): ValidatedQuery {
  const r = safeCheck(text, schema, entity, options);
  if (!r.ok) throw r.error;
  return r.value;
}

/**
 * {@link check} without throwing: `{ ok: true, value }` or `{ ok: false, error }`.
 *
 * @example
 * ```ts
 * const r = safeCheck(request.query.filter, schedulingSchema, 'agent');
 * if (!r.ok) return response.status(400).json(r.error.toJSON()); // { code, message, issues }
 * const agents = filterRecords(r.value, allAgents);
 * ```
 */
export function safeCheck<S extends Schema>(
  text: string,
  schema: S,
  entity: S['entityNames'][number],
  options: CheckOptions = {},
): Result<ValidatedQuery> {
  // The parser owns the message for a query that is not a string; skip the cache for it.
  if (typeof text !== 'string') {
    const r = safeParse(text);
    if (!r.ok) return r;
  }
  const useCache = options.cache !== false;
  const key = useCache ? cacheKey(text, entity, options) : '';
  let cache = caches.get(schema);
  const hit = useCache ? cache?.get(key) : undefined;
  if (hit !== undefined) return { ok: true, value: hit };
  const parsed = safeParse(text, { limits: options.limits });
  if (!parsed.ok) return parsed;
  const validated = safeValidate(parsed.value, schema, entity, options);
  if (validated.ok && useCache) {
    if (cache === undefined) {
      cache = new LruCache(CACHE_SIZE);
      caches.set(schema, cache);
    }
    cache.set(key, validated.value);
  }
  return validated;
}

function cacheKey(text: string, entity: string, o: CheckOptions): string {
  const l = o.limits;
  const limits = l === undefined ? '' : [l.maxLength, l.maxPredicates, l.maxDepth, l.maxListValues, l.maxValueLength].join(',');
  return `${entity}\u0000${o.profile ?? ''}\u0000${o.timeZone ?? ''}\u0000${limits}\u0000${text}`;
}
