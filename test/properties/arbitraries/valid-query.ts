/**
 * Schema-valid TQL text for the entities of `schedulingSchema`, from tql/testing's
 * `queryArbitrary` (the generator the package gives its users): every operator an attribute
 * allows, `null` where it is allowed, IN lists, AND/OR with groups and NOT groups, relative
 * times that name pool instants at the testing clock, and values from the pools the records of
 * `data.ts` use, so predicates often match. Valid by construction: the tests check every query
 * with `check`, and a generated query it rejects is a failure, never skipped.
 */
import fc from 'fast-check';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import { queryArbitrary } from '../../../src/testing/query-arbitrary.js';

/** A generated query: its entity and its text. */
export interface GeneratedQuery {
  readonly entity: SchedulingEntityName;
  readonly text: string;
}

/**
 * Schema-valid query text for `entity`, in either print style, at most `maxDepth` levels of
 * AND / OR deep. Timestamp values are now and then relative times (`now-7d`): resolve them at
 * tql/testing's `TEST_NOW` to meet pool instants.
 *
 * @example
 * ```ts
 * fc.sample(arbQueryText('agent'), 1); // [{ entity: 'agent', text: 'agent.name NOT_LIKE "ẞ" OR agent.created_at GT now-7d' }]
 * ```
 */
export function arbQueryText(entity: SchedulingEntityName, maxDepth = 3): fc.Arbitrary<GeneratedQuery> {
  return queryArbitrary(schedulingSchema, entity, { depth: maxDepth }).map((text) => ({ entity, text }));
}
