/**
 * The common path in one call: text + entity → validated query, with a bounded cache so a
 * repeated query costs one look-up.
 */
import { TqlError, isTqlError, optionError } from '../errors/tql-error.js';
import { DEFAULT_LIMITS, type Limits } from '../parser/options.js';
import { parseText } from '../parser/parse.js';
import type { Schema } from '../schema/types.js';
import { validateParsed, type Result, type ValidateOptions } from '../validate/validate.js';
import type { Condition, ValidatedQuery } from '../validate/validated-query.js';
import { BoundedCache } from './bounded-cache.js';

/**
 * Options of {@link check}: the profile and time zone of validation, and the limits of parsing.
 *
 * @example
 * ```ts
 * check(text, schedulingSchema, 'agent', { profile: 'timezest', timeZone: 'Europe/Berlin', limits: { maxPredicates: 20 } });
 * ```
 */
export interface CheckOptions extends ValidateOptions {
  /** Set false to bypass the cache (the result is the same, only slower). Default true. */
  readonly cache?: boolean | undefined;
}

/**
 * Successful checks, per schema and per (entity, options), keyed by the caller's text itself: a
 * hit is one look-up of a string whose hash the engine has already computed. Failures are not
 * cached; what is cached is frozen, as every caller of the text shares it. At most 2 × CACHE_SIZE entries are kept per (entity, options).
 */
const CACHE_SIZE = 500;
const MAX_OPTION_SETS = 32;
const caches = new WeakMap<Schema, Map<string, BoundedCache<string, ValidatedQuery>>>();

/**
 * Parses and validates `text` as a filter of `entity`. Throws one {@link TqlError} with every
 * issue. Results are cached by text, entity and options.
 *
 * @example
 * ```ts
 * import { check } from 'tql';
 * import { schedulingSchema, schedulingSqlMapping } from 'tql/scheduling';
 * import { compileSql } from 'tql/sql';
 * import { compileMongo } from 'tql/mongo';
 *
 * const q = check('scheduling_request.status~IN~new,sent', schedulingSchema, 'scheduling_request');
 * // q.condition → { kind: 'Comparison', operator: 'IN', value: ['new', 'sent'], … }
 * compileSql(q, { dialect: 'postgres', mapping: schedulingSqlMapping });
 * // { text: '"status" IN ($1, $2)', values: ['new', 'sent'] }
 * compileMongo(q);
 * // { status: { $not: { $type: 'array' }, $in: ['new', 'sent'] } }
 *
 * safeCheck('agent.name eq john', schedulingSchema, 'agent').ok; // → false
 * // (check() throws the error) TqlError: 1:12 unknown_operator: "eq" is not an operator: write EQ. Operators are upper case.
 * //   agent.name eq john
 * //              ^^
 * ```
 */
export function check<S extends Schema>(
  text: string,
  schema: S,
  entity: S['entityNames'][number],
  options?: CheckOptions,
): ValidatedQuery {
  const r = checkOrError(text, schema, entity, options);
  if (r instanceof TqlError) throw r;
  return r;
}

/**
 * {@link check} without throwing: `{ ok: true, value }` or `{ ok: false, error }`.
 *
 * @example
 * ```ts
 * function listAgents(filter: string) {
 *   const r = safeCheck(filter, schedulingSchema, 'agent');
 *   if (!r.ok) return { status: 400, body: r.error.toJSON() }; // { code, message, issues }
 *   return { status: 200, body: filterRecords(r.value, sampleData().agents) };
 * }
 * listAgents('agent.name LIKE jo').status; // → 200
 * listAgents('agent.name eq jo').status; // → 400
 * ```
 */
export function safeCheck<S extends Schema>(
  text: string,
  schema: S,
  entity: S['entityNames'][number],
  options?: CheckOptions,
): Result<ValidatedQuery> {
  const r = checkOrError(text, schema, entity, options);
  return r instanceof TqlError ? { ok: false, error: r } : { ok: true, value: r };
}

/** What {@link check} and {@link safeCheck} share: the query, or the error returned rather than thrown. */
function checkOrError(text: string, schema: Schema, entity: string, options: CheckOptions | undefined): ValidatedQuery | TqlError {
  // `?? {}`: plain JavaScript callers may pass null where the types say undefined.
  let opts: CheckOptions;
  try {
    opts = options == null ? NO_OPTIONS : plainOptions(options);
  } catch (error) {
    if (isTqlError(error)) return error;
    throw error;
  }
  // The common call has no options: its key depends on the entity alone, so it is built once.
  const key = options == null ? defaultKey(entity) : opts.cache !== false ? optionsKey(entity, opts) : undefined;
  // A text that is not a string misses (only strings are kept) and parse reports it.
  const hit = key === undefined ? undefined : caches.get(schema)?.get(key)?.get(text);
  if (hit !== undefined) return hit;
  let parsed;
  try {
    // The options were read once, above: parse and validate take what was read.
    parsed = parseText(text, opts.limits);
  } catch (error) {
    if (isTqlError(error)) return error;
    throw error;
  }
  const validated = validateParsed(parsed, schema, entity, opts.profile, opts.timeZone);
  // Only a successful check proves `schema` is a schema object, fit to key a WeakMap.
  if (key !== undefined && !(validated instanceof TqlError)) cacheFor(schema, key).set(text, frozen(validated));
  return validated;
}

/**
 * `query` frozen, with its condition tree (nodes, operand and value lists, spans; not the
 * schema's entity and attributes it points to), before the cache hands it to every caller of
 * its text: no caller can change it for another. Done once, on the miss; a hit costs nothing
 * more. Walked with a stack, as a caller's limits may allow deep trees.
 */
function frozen(query: ValidatedQuery): ValidatedQuery {
  const stack: Condition[] = [query.condition];
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (c.kind === 'Comparison') {
      if (Array.isArray(c.value)) Object.freeze(c.value);
      Object.freeze(c.span);
    } else if (c.kind === 'Not') {
      Object.freeze(c.span);
      stack.push(c.operand);
    } else {
      for (const o of c.operands) stack.push(o);
      Object.freeze(c.operands);
    }
    Object.freeze(c);
  }
  return Object.freeze(query);
}

const NO_OPTIONS: CheckOptions = Object.freeze({});

/**
 * The options as plain values, each read once: a getter or proxy trap that throws, at the top
 * or in `limits`, is an `invalid_option` rather than its own exception. Written out rather than
 * through `readOptions`, as it runs on every call with options (a list endpoint's every request).
 */
function plainOptions(options: CheckOptions): CheckOptions {
  let reading = 'profile';
  try {
    const profile = options.profile;
    reading = 'timeZone';
    const timeZone = options.timeZone;
    reading = 'cache';
    const cache = options.cache;
    reading = 'limits';
    const given = options.limits;
    if (typeof given !== 'object' || given === null) return { profile, timeZone, cache, limits: given };
    const limits: { -readonly [K in keyof Limits]?: number | undefined } = {};
    for (const name of LIMIT_NAMES) {
      reading = `limits.${name}`;
      limits[name] = given[name];
    }
    return { profile, timeZone, cache, limits: limits as Partial<Limits> };
  } catch {
    throw optionError(`check could not read its option ${reading}: reading it threw an exception (a getter or a proxy trap). Pass the options as plain values.`);
  }
}

const defaultKeys = new Map<unknown, string | undefined>();

/** {@link optionsKey} for a call without options, remembered per entity name. */
function defaultKey(entity: unknown): string | undefined {
  let key = defaultKeys.get(entity);
  if (key === undefined && !defaultKeys.has(entity)) {
    key = optionsKey(entity, NO_OPTIONS);
    // Entity names come from code, not users, but keep the memo bounded all the same.
    if (defaultKeys.size >= MAX_OPTION_SETS) defaultKeys.clear();
    defaultKeys.set(entity, key);
  }
  return key;
}

/** The cache of one schema and options key, made on first use. */
function cacheFor(schema: Schema, key: string): BoundedCache<string, ValidatedQuery> {
  let bySchema = caches.get(schema);
  if (bySchema === undefined) {
    bySchema = new Map();
    caches.set(schema, bySchema);
  }
  let cache = bySchema.get(key);
  if (cache === undefined) {
    // Options may come from users (limits, time zones): keep a bounded number of option sets.
    if (bySchema.size >= MAX_OPTION_SETS) bySchema.clear();
    cache = new BoundedCache(CACHE_SIZE);
    bySchema.set(key, cache);
  }
  return cache;
}

const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as (keyof Limits)[];

/**
 * A key for the entity and options, unambiguous for every combination (each string is prefixed
 * with its length, numbers and strings are told apart), or undefined when an argument has a
 * type no valid call has: such a call fails, uncached.
 */
function optionsKey(entity: unknown, o: CheckOptions): string | undefined {
  const l: Partial<Limits> | null | undefined = o.limits;
  if (l !== undefined && typeof l !== 'object') return undefined;
  // No limits and null limits both mean the defaults.
  const parts: unknown[] = [entity, o.profile, o.timeZone];
  // Every limit by its name in DEFAULT_LIMITS: a new limit is part of the key without a change here.
  for (const name of LIMIT_NAMES) parts.push(l?.[name]);
  let key = '';
  for (const p of parts) {
    if (typeof p === 'string') key += `s${p.length}:${p}`;
    else if (typeof p === 'number') key += `n${p};`;
    else if (p === undefined || p === null) key += `${p === null ? 'N' : 'u'};`;
    else return undefined;
  }
  return key;
}
