/**
 * The Mongo compiler: a few goldens (the exact documents MongoDB receives for representative
 * filters), then what filters select on mingo from small fixed sets of documents that hold what
 * breaks filters: null, missing fields, arrays where one value belongs, values of the wrong type.
 * Each row's ids are worked out by hand from docs/language.md (the rule is in the describe title);
 * the in-memory backend, the reference, must select the same. The contract runs every backend on
 * the shared records (`mingo.test.ts`, `real-mongo.test.ts`).
 */
import { Query } from 'mingo';
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { filterRecords } from '../../../src/backends/memory/index.js';
import { compileMongo, type MongoFilter } from '../../../src/backends/mongo/index.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';
import type { ValidatedQuery } from '../../../src/validate/validated-query.js';
import { sortedIds } from '../../support/ids.js';
import { mingoIds } from '../../support/mongo.js';
import { postSchema } from '../element-shapes.js';

const mongo = (entity: SchedulingEntityName, query: string): MongoFilter => compileMongo(check(query, schedulingSchema, entity));
const agent = (query: string) => mongo('agent', query);

/** A field holds one value of its type: never an array, which MongoDB would match elementwise. */
const ONE = { $not: { $type: 'array' } } as const;

describe('goldens: the document MongoDB receives', () => {
  test.for<[string, SchedulingEntityName, MongoFilter]>([
    ['agent.name EQ "Ada Lovelace"', 'agent', { name: { ...ONE, $eq: 'Ada Lovelace' } }],
    // A negation is $nor of the positive filter: the exact complement, missing fields included.
    ['agent.name NOT_IN Ada,Bob', 'agent', { $nor: [{ name: { ...ONE, $in: ['Ada', 'Bob'] } }] }],
    // A value of another type is no value, so "not null" asks for the type.
    ['agent.url_slug NOT_EQ null', 'agent', { url_slug: { ...ONE, $type: 'string' } }],
    // Finite bounds keep NaN and ±Infinity out of a range of seconds.
    ['agent.created_at LT 1700000000', 'agent', { created_at: { ...ONE, $gt: -Number.MAX_VALUE, $lt: 1700000000 } }],
    // Each letter a class of its cases, everything else escaped: never the i flag.
    ['agent.name LIKE "Jo.*"', 'agent', { name: { ...ONE, $regex: '[jJ][oO]\\.\\*' } }],
    ['NOT (agent.url_slug EQ ada)', 'agent', { $nor: [{ url_slug: { ...ONE, $eq: 'ada' } }] }],
    [
      'scheduling_request.psa_b_ticket_number EQ #1234',
      'scheduling_request',
      {
        associated_entities: {
          $elemMatch: { type: { ...ONE, $in: ['psa_b/project_ticket', 'psa_b/service_ticket'] }, number: { ...ONE, $in: ['1234', '#1234'] } },
        },
      },
    ],
    [
      'scheduling_request.agent_id NOT_EQ agnt_ada',
      'scheduling_request',
      {
        $nor: [
          { resources: { $elemMatch: { type: { ...ONE, $eq: 'agent' }, id: { ...ONE, $eq: 'agnt_ada' } } } },
          { scheduled_agents: { $elemMatch: { type: { ...ONE, $eq: 'agent' }, id: { ...ONE, $eq: 'agnt_ada' } } } },
        ],
      },
    ],
    [
      'resource.internal_name EQ Blue',
      'resource',
      {
        $or: [
          { object: { ...ONE, $eq: 'agent' }, name: { ...ONE, $eq: 'Blue' } },
          { object: { ...ONE, $eq: 'team' }, internal_name: { ...ONE, $eq: 'Blue' } },
        ],
      },
    ],
  ])('%s', ([query, entity, expected]) => {
    expect(mongo(entity, query)).toEqual(expected);
  });
});

/** Documents of one entity and, for each query, the ids it must select from them. */
interface SelectionTable {
  readonly entity: SchedulingEntityName;
  readonly documents: readonly { readonly id: string; readonly [field: string]: unknown }[];
  readonly rows: readonly (readonly [query: string, expected: readonly string[]])[];
}

/** Runs each row on mingo and on the in-memory backend: both select exactly the expected ids. */
function describeSelections(title: string, table: SelectionTable): void {
  describe(title, () => {
    test.for(table.rows)('%s', ([query, expected]) => {
      const validated = check(query, schedulingSchema, table.entity);
      const want = [...expected].sort();
      expect(mingoIds(compileMongo(validated), table.documents).sort(), 'mingo').toEqual(want);
      expect(sortedIds(filterRecords(validated, table.documents)), 'in memory').toEqual(want);
    });
  });
}

const AGENTS = [
  { id: 'ada', name: 'Ada Lovelace', url_slug: 'ada', schedulable: true, created_at: 1688169600 }, // 2023-07-01T00:00:00Z
  { id: 'lower', name: 'ada lovelace', url_slug: null, schedulable: false, created_at: 1688169599 },
  { id: 'missing' },
  { id: 'array', name: ['Ada Lovelace'], url_slug: ['ada'], schedulable: [true], created_at: [1688169600] },
  { id: 'wrong', name: 42, url_slug: 7, schedulable: 'true', created_at: '1688169600' },
  { id: 'nan', name: null, url_slug: '', schedulable: 1, created_at: NaN },
  { id: 'odd', name: 'Jo.* (50%_) İlkay', url_slug: 'jo', schedulable: true, created_at: 1700000000.5 },
] as const;
const agentsBut = (...ids: string[]) => AGENTS.map((a) => a.id).filter((id) => !ids.includes(id));

describeSelections('a text field: EQ and IN exact, negations keep what has no text (rules 2, 3, 5)', {
  entity: 'agent',
  documents: AGENTS,
  rows: [
    ['agent.name EQ "Ada Lovelace"', ['ada']],
    ['agent.name NOT_EQ "Ada Lovelace"', agentsBut('ada')],
    ['agent.name IN "Ada Lovelace","ada lovelace"', ['ada', 'lower']],
    ['agent.name NOT_IN "Ada Lovelace","ada lovelace"', agentsBut('ada', 'lower')],
    ['agent.url_slug EQ null', ['lower', 'missing', 'array', 'wrong']],
    ['agent.url_slug NOT_EQ null', ['ada', 'nan', 'odd']],
    ['agent.url_slug NOT_EQ ada', agentsBut('ada')],
    ['agent.url_slug EQ ""', ['nan']],
  ],
});

describeSelections('LIKE: contains, ignoring case, every character literal (rules 2, 4)', {
  entity: 'agent',
  documents: AGENTS,
  rows: [
    ['agent.name LIKE LOVELACE', ['ada', 'lower']],
    ['agent.name NOT_LIKE lovelace', agentsBut('ada', 'lower')],
    ['agent.name LIKE "jo.*"', ['odd']],
    ['agent.name LIKE "(50%_)"', ['odd']],
    ['agent.name LIKE ".+"', []],
    // 'İ' lower-cases to 'i' and a combining dot, so the name does not contain 'ilkay'.
    ['agent.name LIKE ilkay', []],
    ['agent.name LIKE ""', ['ada', 'lower', 'odd']],
    ['agent.name NOT_LIKE ""', ['missing', 'array', 'wrong', 'nan']],
  ],
});

describeSelections('a Boolean: true and false only (rules 2, 3)', {
  entity: 'agent',
  documents: AGENTS,
  rows: [
    ['agent.schedulable EQ true', ['ada', 'odd']],
    ['agent.schedulable EQ false', ['lower']],
    ['agent.schedulable NOT_EQ true', agentsBut('ada', 'odd')],
  ],
});

describeSelections('a Timestamp: whole seconds; NaN, strings and arrays are no instant (rules 3, 6)', {
  entity: 'agent',
  documents: AGENTS,
  rows: [
    ['agent.created_at EQ 2023-07-01', ['ada']],
    ['agent.created_at NOT_EQ 2023-07-01', agentsBut('ada')],
    ['agent.created_at LT 2023-07-01', ['lower']],
    ['agent.created_at GTE 2023-07-01', ['ada', 'odd']],
    // 1700000000.5 counts as the second 1700000000.
    ['agent.created_at LTE 1700000000', ['ada', 'lower', 'odd']],
    ['agent.created_at GT 1700000000', []],
    ['agent.created_at EQ 1700000000', ['odd']],
  ],
});

describeSelections('NOT groups: the exact complement (rule 9)', {
  entity: 'agent',
  documents: AGENTS,
  rows: [
    ['NOT (agent.created_at LT 2023-07-01)', agentsBut('lower')],
    ['NOT (agent.name LIKE ada OR agent.schedulable EQ true)', ['missing', 'array', 'wrong', 'nan']],
    ['NOT (NOT (agent.url_slug EQ null))', ['lower', 'missing', 'array', 'wrong']],
  ],
});

const REQUESTS = [
  {
    id: 'r1',
    associated_entities: [
      { type: 'psa_a/company', id: 5 },
      { type: 'psa_b/project_ticket', number: '#1234' },
    ],
    resources: [{ type: 'agent', id: 'agnt_ada' }],
  },
  {
    id: 'r2',
    associated_entities: [
      { type: 'psa_b/company', id: 5 },
      { type: 'psa_b/service_ticket', number: '1234' },
    ],
    scheduled_agents: [{ type: 'agent', id: 'agnt_ada' }],
  },
  { id: 'r3', associated_entities: [], resources: [{ type: 'team', id: 'agnt_ada' }] },
  { id: 'r4' },
  {
    id: 'r5',
    associated_entities: [
      { type: 'psa_a/company', id: '5' },
      { type: 'psa_a/company', id: [5] },
      { type: ['psa_a/company'], id: 5 },
    ],
    resources: { type: 'agent', id: 'agnt_ada' },
  },
  {
    id: 'r6',
    associated_entities: [
      { type: 'psa_a/company', id: 6 },
      { type: 'psa_b/project_ticket', number: '##1234' },
    ],
  },
] as const;
const requestsBut = (...ids: string[]) => REQUESTS.map((r) => r.id).filter((id) => !ids.includes(id));

describeSelections('a collection: some element; negations, no element (rules 2, 7)', {
  entity: 'scheduling_request',
  documents: REQUESTS,
  rows: [
    // Not psa_b's company 5, not the string "5", an array [5] or a type in an array.
    ['scheduling_request.psa_a_company_id EQ 5', ['r1']],
    ['scheduling_request.psa_a_company_id NOT_EQ 5', requestsBut('r1')],
    ['scheduling_request.psa_a_company_id EQ 6', ['r6']],
    ['scheduling_request.psa_b_company_id EQ 5', ['r2']],
    ['scheduling_request.agent_id EQ agnt_ada', ['r1', 'r2']],
    ['scheduling_request.agent_id NOT_EQ agnt_ada', requestsBut('r1', 'r2')],
    ['NOT (scheduling_request.psa_a_company_id EQ 5 OR scheduling_request.agent_id EQ agnt_ada)', ['r3', 'r4', 'r5', 'r6']],
  ],
});

describeSelections('a collection whose numbers may carry one leading # (rule 7)', {
  entity: 'scheduling_request',
  documents: REQUESTS,
  rows: [
    ['scheduling_request.psa_b_ticket_number EQ 1234', ['r1', 'r2']],
    ['scheduling_request.psa_b_ticket_number EQ #1234', ['r1', 'r2']],
    ['scheduling_request.psa_b_ticket_number EQ ##1234', ['r6']],
    ['scheduling_request.psa_b_ticket_number LIKE 23', ['r1', 'r2', 'r6']],
    ['scheduling_request.psa_b_ticket_number NOT_LIKE 23', ['r3', 'r4', 'r5']],
    ['scheduling_request.psa_b_project_ticket_number EQ 1234', ['r1']],
  ],
});

const RESOURCES = [
  { id: 'agent', object: 'agent', name: 'Blue', url_slug: 'blue' },
  { id: 'team', object: 'team', internal_name: 'Blue', external_name: null, url_slug: 'blue' },
  { id: 'team2', object: 'team', name: 'Blue', internal_name: 'Red', external_name: 'Blue' },
  { id: 'bot', object: 'bot', name: 'Blue', internal_name: 'Blue', url_slug: 'blue' },
  { id: 'untagged', name: 'Blue', internal_name: 'Blue' },
  { id: 'tags', object: ['agent'], name: 'Blue' },
] as const;

describeSelections("a variant: the tag picks the field; another tag has no value (rules 3, 8)", {
  entity: 'resource',
  documents: RESOURCES,
  rows: [
    ['resource.internal_name EQ Blue', ['agent', 'team']],
    ['resource.internal_name NOT_EQ Blue', ['team2', 'bot', 'untagged', 'tags']],
    ['resource.external_name EQ Blue', ['agent', 'team2']],
    ['resource.external_name EQ null', ['team', 'bot', 'untagged', 'tags']],
    ['resource.url_slug LIKE BLU', ['agent', 'team']],
  ],
});

describe('goldens: collections without a tag, and arrays of scalars', () => {
  const schema = defineSchema({
    entities: {
      post: {
        attributes: {
          ...postSchema.definition.entities.post.attributes,
          published_on: { type: 'Timestamp', storage: 'iso_text', source: { kind: 'element', arrays: ['published'] } },
        },
      },
    },
  });
  test.for<[string, MongoFilter]>([
    // The condition on the element itself, inside $elemMatch: a string beside the array is no element.
    ['post.tag EQ urgent', { tags: { $elemMatch: { ...ONE, $eq: 'urgent' } } }],
    ['post.tag NOT_IN vip,urgent', { $nor: [{ tags: { $elemMatch: { ...ONE, $in: ['vip', 'urgent'] } } }] }],
    // Case ignored and a prefix dropped, as on any source: one anchored pattern for both stored forms.
    [
      'post.label EQ bug',
      {
        $or: [
          { labels: { $elemMatch: { ...ONE, $regex: '^(?:[bB][uU][gG]|#[bB][uU][gG])(?![\\s\\S])' } } },
          { topics: { $elemMatch: { ...ONE, $regex: '^(?:[bB][uU][gG]|#[bB][uU][gG])(?![\\s\\S])' } } },
        ],
      },
    ],
    // Every element counts: no condition on a tag.
    ['post.commenter_id EQ 7', { comments: { $elemMatch: { author_id: { ...ONE, $eq: 7 } } } }],
    // An ISO-8601 instant: the $map reads each element itself.
    [
      'post.published_on GTE 2024-01-01',
      {
        $expr: {
          $anyElementTrue: [{ $map: { input: { $cond: [{ $isArray: '$published' }, '$published', []] }, as: 'element', in: expect.anything() } }],
        },
      },
    ],
  ])('%s', ([query, expected]) => {
    expect(compileMongo(check(query, schema, 'post'))).toEqual(expected);
  });

  test('an ISO-8601 instant in an array of texts is compared as an instant', () => {
    const docs = [
      { id: 'a', published: ['2023-12-31', '2024-02-01T10:00:00Z'] },
      { id: 'b', published: ['2023-12-31', 1_800_000_000] },
      { id: 'c', published: '2024-02-01' },
    ];
    const query = check('post.published_on GTE 2024-01-01', schema, 'post');
    expect(mingoIds(compileMongo(query), docs)).toEqual(['a']);
    expect(filterRecords(query, docs).map((d) => d.id)).toEqual(['a']);
  });
});

describe('values stay values', () => {
  test.for([
    ['agent.name EQ $where', '$where'],
    ['agent.name EQ "{\\"$gt\\":\\"\\"}"', '{"$gt":""}'],
    ['agent.name EQ __proto__', '__proto__'],
    ['agent.name EQ constructor', 'constructor'],
  ])('%s', ([query, value]) => {
    expect(agent(query!)).toEqual({ name: { $not: { $type: 'array' }, $eq: value } });
  });
});

describe('bad input', () => {
  test('a field name from the schema that MongoDB would read as an operator', () => {
    const odd = defineSchema({
      entities: { thing: { attributes: { name: { type: 'String', source: { kind: 'field', field: '$where' } } } } },
    });
    expect(() => compileMongo(check('thing.name EQ x', odd, 'thing'))).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 unsupported: The schema maps thing.name to the MongoDB field "$where", which the Mongo backend does not use: name fields with letters, digits and underscores (not starting with a digit).
        thing.name EQ x
        ^^^^^^^^^^^^^^^]
    `);
  });
  test('a dotted field name', () => {
    const odd = defineSchema({
      entities: {
        thing: {
          attributes: {
            owner: {
              type: 'ID',
              id: { kind: 'integer' },
              source: { kind: 'element', arrays: ['links'], where: { field: 'a.b', oneOf: ['x'] }, value: 'id' },
            },
          },
        },
      },
    });
    expect(() => compileMongo(check('thing.owner EQ 1', odd, 'thing'))).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 unsupported: The schema maps thing.owner to the MongoDB field "a.b", which the Mongo backend does not use: name fields with letters, digits and underscores (not starting with a digit).
        thing.owner EQ 1
        ^^^^^^^^^^^^^^^^]
    `);
  });
  describe('a LIKE value whose pattern MongoDB would refuse (over 16,384 bytes)', () => {
    const LONG = { limits: { maxLength: Infinity, maxValueLength: Infinity } };
    const like = (needle: string) => () => compileMongo(check(`agent.name LIKE "${needle}"`, schedulingSchema, 'agent', LONG));
    test.for([
      // the needle is count × char; bytes of its pattern; accepted
      ['a', 4096, 4096 * 4, true], // [aA]
      ['a', 4097, 4097 * 4, false],
      ['1', 16_384, 16_384, true],
      ['1', 16_385, 16_385, false],
      ['1', 40_000, 40_000, false], // V8 itself refuses from 32,768 atoms
      // The costliest character, 13 bytes: so no value within the default 1,024 characters is refused.
      ['İ', 1260, 1260 * 13, true],
      ['İ', 1261, 1261 * 13, false],
    ] as const)('a needle of %s × %i', ([char, count, bytes, accepted]) => {
      const needle = char.repeat(count);
      if (accepted) {
        const filter = like(needle)();
        const pattern = (filter as { name: { $regex: string } }).name.$regex;
        expect(new TextEncoder().encode(pattern).length).toBe(bytes);
        // mingo (V8) runs what MongoDB takes.
        expect(new Query(filter).find([{ id: 'agnt_1', name: needle }]).all()).toHaveLength(1);
      } else {
        expect(like(needle)).toThrow(expect.objectContaining({ code: 'unsupported', message: expect.stringContaining(`pattern of ${bytes} bytes`) }));
      }
    });
    test('the message', () => {
      expect(like('İ'.repeat(1261))).toThrow(
        'This LIKE value makes a MongoDB pattern of 16393 bytes, and MongoDB takes at most 16384: shorten it (letters cost a class of their cases each; digits and punctuation one character).',
      );
    });
  });
  test('not a validated query', () => {
    expect(() => compileMongo('agent.name EQ x' as unknown as ValidatedQuery)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_input: compileMongo takes the result of check() or validate(), but this is not a validated query (a query text or a syntax tree?).]`);
  });
});

describe('empty AND and OR (only a copied or hand-made query has one)', () => {
  const base = check('agent.name EQ ada', schedulingSchema, 'agent');
  test.for([
    ['And', {}, true],
    ['Or', { $nor: [{}] }, false],
  ] as const)('an empty %s is %j: it matches %s documents, as in SQL', ([kind, filter, matchesAll]) => {
    const q = { ...base, condition: { kind, operands: [] } } as unknown as ValidatedQuery;
    expect(compileMongo(q)).toEqual(filter);
    for (const doc of [{}, { name: 'ada' }, { other: 1 }]) expect(new Query(compileMongo(q) as object).test(doc)).toBe(matchesAll);
  });
});
