/**
 * A contract over arrays of scalars (language rule 7: a comparison matches when some element
 * does, its NOT_ form when none does): posts with tags, levels, reviewer ids and scores, as zod's
 * `z.array(z.string())` and JSON Schema's arrays of scalars derive them. The records hold what
 * apps store, and what they should not: a text where an array belongs, a number among texts,
 * an element in another case, an empty array, null. Every backend runs it beside the reference
 * contract; a SQL backend may hold each array in a table of its own or in a column of the row.
 */
import { defineSchema } from '../../schema/define-schema.js';
import type { ContractCase, ContractSuite } from './suite.js';

const UUID_A = '0b5c1f5e-8d2a-4c1e-9f3b-2a6d7e8f9a0b';
const UUID_B = '7f3e2d1c-0b9a-4876-a543-210fedcba987';

const element = (field: string) => ({ source: { kind: 'element', arrays: [field] } }) as const;

const schema = defineSchema({
  entities: {
    post: {
      attributes: {
        id: { type: 'String' },
        tags: { type: 'String', ...element('tags') },
        levels: { type: 'String', values: ['low', 'high'], ...element('levels') },
        reviewer_ids: { type: 'ID', id: { kind: 'uuid' }, ...element('reviewerIds') },
        scores: { type: 'Number', ...element('scores') },
      },
    },
  },
});

/** p4's tags are a text, not an array (no elements); p5 holds a number among its tags and a text among its scores. */
const posts = [
  { id: 'p1', tags: ['urgent', 'vip'], levels: ['high'], reviewerIds: [UUID_A], scores: [4.5, 2] },
  { id: 'p2', tags: ['vip'], reviewerIds: [UUID_B.toUpperCase()], scores: null },
  { id: 'p3', tags: [], levels: [], reviewerIds: [], scores: [] },
  { id: 'p4', tags: 'urgent', reviewerIds: [UUID_A, UUID_B], scores: [10] },
  { id: 'p5', tags: ['Urgent', 5], levels: ['low', 'high'], reviewerIds: [], scores: ['4.5'] },
];

const post = (rule: ContractCase['rule'], query: string, expected: readonly string[]): ContractCase<'post'> => ({ rule, entity: 'post', query, expected });

const cases: readonly ContractCase<'post'>[] = [
  post(7, 'post.tags EQ urgent', ['p1']),
  post([7, 2], 'post.tags NOT_EQ urgent', ['p2', 'p3', 'p4', 'p5']),
  post(7, 'post.tags IN vip,urgent', ['p1', 'p2']),
  post([7, 2], 'post.tags NOT_IN vip', ['p3', 'p4', 'p5']),
  post([7, 4], 'post.tags LIKE URG', ['p1', 'p5']),
  post([7, 4], 'post.tags NOT_LIKE urg', ['p2', 'p3', 'p4']),
  post([7, 4], 'post.tags STARTS_WITH ur', ['p1', 'p5']),
  post(7, 'post.levels EQ high', ['p1', 'p5']),
  post([7, 2], 'post.levels NOT_EQ high', ['p2', 'p3', 'p4']),
  post([7, 5], `post.reviewer_ids EQ ${UUID_B}`, ['p2', 'p4']),
  post([7, 2], `post.reviewer_ids NOT_EQ ${UUID_A}`, ['p2', 'p3', 'p5']),
  post(7, 'post.scores GT 4', ['p1', 'p4']),
  post(7, 'post.scores LTE 2', ['p1']),
  post([7, 2], 'post.scores NOT_IN 2,10', ['p2', 'p3', 'p5']),
  post(7, 'post.tags EQ vip AND post.scores EQ 10', []),
  post([7, 9], 'NOT (post.tags EQ vip)', ['p3', 'p4', 'p5']),
  post([7, 3], 'post.scores GTE 4.5', ['p1', 'p4']),
  post([7, 5], 'post.levels IN low', ['p5']),
];

/**
 * The arrays-of-scalars contract: run it as the reference one, with `runContract`.
 *
 * @example
 * ```ts
 * const outcomes = await runContract(scalarArraysContract, (query, entity) =>
 *   filterRecords(query, scalarArraysContract.data[entity]).map((r) => r.id));
 * outcomes.every((o) => o.status === 'passed'); // true
 * ```
 */
export const scalarArraysContract: ContractSuite<'post'> = { schema, data: { post: posts }, cases, now: 1_700_000_000 };
