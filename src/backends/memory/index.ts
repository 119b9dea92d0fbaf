/**
 * The in-memory backend: compile a validated query into a predicate, or filter an array.
 *
 * @example
 * ```ts
 * import { check } from 'tql';
 * import { schedulingSchema } from 'tql/scheduling';
 * import { filterRecords } from 'tql/memory';
 *
 * const q = check('agent.url_slug EQ null', schedulingSchema, 'agent');
 * filterRecords(q, agents); // the agents without a slug (null or missing)
 * ```
 *
 * @module tql/memory
 */
export { compilePredicate, filterRecords, memoryBackend, type CompilePredicateOptions } from './compile-predicate.js';
export { likeMatcher, type LikeMatcher } from './like.js';
