/**
 * Element sources of every shape, with the ids each query selects: arrays of objects without a
 * tag (a post's comments) and arrays of scalars (its tags), next to a tagged array. Every backend
 * answers the same table: memory (memory/compile-predicate.test.ts), mingo (mongo/mingo.test.ts)
 * and SQL engines, loaded through the mapping below (sql/element-shapes.test.ts).
 */
import { defineSchema } from '../../src/schema/define-schema.js';
import type { SqlMapping } from '../../src/backends/sql/mapping.js';

export const postSchema = defineSchema({
  entities: {
    post: {
      attributes: {
        // Arrays of scalars: the element is the value.
        tag: { type: 'String', source: { kind: 'element', arrays: ['tags'] } },
        label: { type: 'String', source: { kind: 'element', arrays: ['labels', 'topics'], ignorePrefix: '#', ignoreCase: true } },
        edited_at: { type: 'Timestamp', source: { kind: 'element', arrays: ['edits'] } },
        // Objects without a tag: every element counts.
        commenter_id: { type: 'ID', id: { kind: 'integer' }, source: { kind: 'element', arrays: ['comments'], value: 'author_id' } },
        comment: { type: 'String', source: { kind: 'element', arrays: ['comments'], value: 'body' } },
        // Objects picked by a tag, as before.
        reviewer_id: { type: 'ID', id: { kind: 'integer' }, source: { kind: 'element', arrays: ['people'], where: { field: 'role', oneOf: ['reviewer'] }, value: 'id' } },
      },
    },
  },
});

/** Each array in its table; the scalar arrays `labels` and `topics` share one, told apart by `kind`. */
export const postMapping: SqlMapping = {
  post: {
    table: 'post',
    key: 'id',
    collections: {
      tags: { table: 'post_tag', foreignKey: 'post_id', valueColumn: 'tag' },
      labels: { table: 'post_label', foreignKey: 'post_id', discriminator: { column: 'kind', value: 'label' } },
      topics: { table: 'post_label', foreignKey: 'post_id', discriminator: { column: 'kind', value: 'topic' } },
      edits: { table: 'post_edit', foreignKey: 'post_id', valueColumn: 'at' },
      comments: { table: 'comment', foreignKey: 'post_id' },
      people: { table: 'post_person', foreignKey: 'post_id' },
    },
  },
};

export const posts = [
  {
    id: 'p1',
    tags: ['urgent', 'vip'],
    edits: [1_700_000_000],
    comments: [{ author_id: 7, body: 'Looks good' }],
    people: [{ role: 'reviewer', id: 7 }],
  },
  {
    id: 'p2',
    tags: ['vip', 5, null],
    labels: ['#Bug'],
    edits: [],
    comments: [{ author_id: 8 }, { body: 'spam' }],
    people: [{ role: 'author', id: 8 }],
  },
  // Not arrays, or arrays of the wrong things: no elements, no values.
  { id: 'p3', tags: 'urgent', topics: ['bug'], comments: { author_id: 7 } },
  { id: 'p4', tags: [['urgent']], edits: ['1700000000'], comments: [null, {}, { author_id: '7' }] },
  { id: 'p5' },
];

/** Query → the ids it selects, on every backend. */
export const POST_CASES: readonly (readonly [string, readonly string[]])[] = [
  ['post.tag EQ urgent', ['p1']],
  ['post.tag NOT_EQ urgent', ['p2', 'p3', 'p4', 'p5']],
  ['post.tag IN vip,urgent', ['p1', 'p2']],
  ['post.tag NOT_IN vip', ['p3', 'p4', 'p5']],
  ['post.tag STARTS_WITH v', ['p1', 'p2']],
  ['post.tag NOT_LIKE rg', ['p2', 'p3', 'p4', 'p5']],
  ['post.label EQ bug', ['p2', 'p3']],
  ['post.label EQ "#BUG"', ['p2', 'p3']],
  ['post.edited_at EQ 1700000000', ['p1']],
  ['post.edited_at GTE 2023-11-14', ['p1']],
  ['post.edited_at LT 2023-11-14', []],
  ['post.commenter_id EQ 7', ['p1']],
  ['post.commenter_id NOT_EQ 7', ['p2', 'p3', 'p4', 'p5']],
  ['post.comment LIKE spam', ['p2']],
  ['post.comment NOT_LIKE good', ['p2', 'p3', 'p4', 'p5']],
  ['post.reviewer_id EQ 7', ['p1']],
  ['post.reviewer_id EQ 8', []],
  ['post.tag EQ vip AND post.commenter_id EQ 8', ['p2']],
  ['post.tag EQ urgent OR post.label EQ bug', ['p1', 'p2', 'p3']],
  ['NOT (post.tag EQ vip)', ['p3', 'p4', 'p5']],
];
