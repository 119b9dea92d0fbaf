/**
 * The in-memory backend on records the contract data cannot hold: wrong JS types, non-objects,
 * inherited and prototype-named properties, junk inside arrays; plus evaluation order, caching
 * and the errors for input that `check` did not make.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../../src/api/check.js';
import { compilePredicate, filterRecords, memoryBackend } from '../../../src/backends/memory/index.js';
import { schedulingSchema } from '../../../src/models/scheduling/schema.js';
import { defineSchema } from '../../../src/schema/define-schema.js';
import type { AnyComparison, ValidatedQuery } from '../../../src/validate/validated-query.js';
import { tqlErrorOf } from '../../support/tql-error.js';
import { entityOf } from '../../support/entity-of.js';
import { POST_CASES, postSchema, posts } from '../element-shapes.js';

// ---- shared ----

/** The compiled predicate of a query text (the entity is the text's prefix). */
const matches = (text: string) => compilePredicate(check(text, schedulingSchema, entityOf(text)));

// ---- tests ----

describe('a value of the wrong JS type counts as missing', () => {
  test.for([
    ['agent.name EQ john', { name: 'john' }, true],
    ['agent.name EQ john', { name: ['john'] }, false],
    ['agent.name NOT_EQ john', { name: ['john'] }, true],
    ['agent.name LIKE 23', { name: 1234 }, false],
    ['agent.name NOT_LIKE 23', { name: 1234 }, true],
    ['agent.role IN User,Administrator', { role: ['User'] }, false],
    ['agent.role NOT_IN User,Administrator', { role: { User: true } }, true],
    ['agent.url_slug EQ null', { url_slug: 5 }, true],
    ['agent.url_slug EQ null', { url_slug: {} }, true],
    ['agent.url_slug EQ null', { url_slug: '' }, false],
    ['agent.url_slug NOT_EQ null', { url_slug: false }, false],
    ['agent.created_at GTE 1700000000', { created_at: '1800000000' }, false],
    ['agent.created_at EQ 1700000000', { created_at: '1700000000' }, false],
    ['agent.created_at NOT_EQ 1700000000', { created_at: '1700000000' }, true],
    ['agent.created_at GTE 1700000000', { created_at: 1.8e9 }, true],
    ['agent.created_at GTE 1700000000', { created_at: true }, false],
    ['agent.created_at GTE 1700000000', { created_at: Number.POSITIVE_INFINITY }, false],
    ['agent.created_at LT 1700000000', { created_at: Number.NEGATIVE_INFINITY }, false],
    ['agent.created_at LT 1700000000', { created_at: Number.NaN }, false],
    ['agent.created_at GTE 1700000000', { created_at: [1.8e9] }, false],
    ['agent.schedulable EQ true', { schedulable: 'true' }, false],
    ['agent.schedulable EQ true', { schedulable: 1 }, false],
    ['agent.schedulable NOT_EQ true', { schedulable: 'true' }, true],
    ['agent.two_factor_enabled EQ false', { two_factor_enabled: 0 }, false],
    ['agent.two_factor_enabled EQ false', { two_factor_enabled: null }, false],
    ['scheduling_request.selected_start_time EQ null', { selected_start_time: '2024-01-01' }, true],
    ['scheduling_request.psa_a_company_id EQ 5', { associated_entities: [{ type: 'psa_a/company', id: '5' }] }, false],
    ['scheduling_request.psa_a_company_id EQ 5', { associated_entities: [{ type: 'psa_a/company', id: 5 }] }, true],
    ['scheduling_request.psa_b_ticket_number EQ 1234', { associated_entities: [{ type: 'psa_b/service_ticket', number: 1234 }] }, false],
    ['scheduling_request.agent_id EQ agnt_a', { resources: [{ type: 'agent', id: ['agnt_a'] }] }, false],
  ] as const)('%s on %j is %s', ([text, record, expected]) => {
    expect(matches(text)(record)).toBe(expected);
  });
});

describe('a record that is not an object has no attributes', () => {
  test.for([null, undefined, 5, 'john', true, [], ['john']])('%j', (record) => {
    expect(matches('agent.name EQ john')(record)).toBe(false);
    expect(matches('agent.name NOT_EQ john')(record)).toBe(true);
    expect(matches('agent.name LIKE ""')(record)).toBe(false);
    expect(matches('agent.url_slug EQ null')(record)).toBe(true);
    expect(matches('agent.created_at LT 1900000000')(record)).toBe(false);
    expect(matches('scheduling_request.team_id NOT_EQ team_a')(record)).toBe(true);
    expect(matches('resource.internal_name NOT_IN x')(record)).toBe(true);
  });

  test("a string's own length is not a field", () => {
    const schema = defineSchema({ entities: { word: { attributes: { length: { type: 'Timestamp' } } } } });
    expect(compilePredicate(check('word.length GT 0', schema, 'word'))('hello')).toBe(false);
  });
});

describe('only own properties count', () => {
  test.for([
    ['inherited from a prototype', Object.create({ name: 'john' }), false],
    ['own, on an object without a prototype', Object.assign(Object.create(null), { name: 'john' }), true],
    ['own, on a class instance', new (class { name = 'john'; })(), true],
    ['a getter on the class prototype', new (class { get name() { return 'john'; } })(), false],
    ['an own "__proto__" key from JSON.parse', JSON.parse('{"__proto__": {"name": "john"}}'), false],
  ] as const)('name %s', ([, record, expected]) => {
    expect(matches('agent.name EQ john')(record)).toBe(expected);
    expect(matches('agent.name NOT_EQ john')(record)).toBe(!expected);
    expect(matches('agent.name LIKE JOHN')(record)).toBe(expected);
  });

  test('a polluted Object.prototype is not read', () => {
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto.name = 'john';
      proto.url_slug = 'slug';
      proto.object = 'agent';
      proto.resources = [{ type: 'agent', id: 'agnt_a' }];
      expect(matches('agent.name EQ john')({})).toBe(false);
      expect(matches('agent.name LIKE john')({})).toBe(false);
      expect(matches('agent.url_slug EQ null')({})).toBe(true);
      expect(matches('resource.internal_name EQ john')({})).toBe(false);
      expect(matches('resource.internal_name EQ john')({ object: 'agent' })).toBe(false);
      expect(matches('scheduling_request.agent_id EQ agnt_a')({})).toBe(false);
      expect(matches('agent.name EQ john AND agent.url_slug EQ slug')({})).toBe(false);
      expect(matches('agent.name EQ john AND agent.url_slug EQ slug')({ name: 'john' })).toBe(false);
      expect(matches('agent.name EQ john AND agent.url_slug EQ slug')({ name: 'john', url_slug: 'slug' })).toBe(true);
    } finally {
      delete proto.name;
      delete proto.url_slug;
      delete proto.object;
      delete proto.resources;
    }
  });

  test.for([
    ['agent.name EQ john AND agent.schedulable EQ true', false],
    ['agent.schedulable EQ true AND agent.name LIKE jo', false],
    ['agent.name NOT_EQ john AND agent.schedulable EQ true', true],
    ['agent.name EQ john OR agent.schedulable EQ false', false],
    ['(agent.name EQ john OR agent.role EQ x) AND agent.schedulable EQ true', false],
    ['agent.url_slug EQ null AND agent.name NOT_LIKE j', true],
    ['agent.url_slug NOT_EQ null AND agent.schedulable EQ true', false],
  ] as const)('with name and url_slug inherited and schedulable own, %s is %s', ([text, expected]) => {
    const record = Object.assign(Object.create({ name: 'john', url_slug: 'j' }), { schedulable: true });
    expect(matches(text)(record)).toBe(expected);
  });

  test('inherited elements and element fields do not count', () => {
    const inherited = Object.create({ type: 'agent', id: 'agnt_a' });
    expect(matches('scheduling_request.agent_id EQ agnt_a')({ resources: [inherited] })).toBe(false);
    expect(matches('scheduling_request.agent_id EQ agnt_a')(Object.create({ resources: [{ type: 'agent', id: 'agnt_a' }] }))).toBe(false);
    expect(matches('scheduling_request.agent_id EQ agnt_a')({ resources: [{ type: 'agent', id: 'agnt_a' }] })).toBe(true);
  });

  test.for(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'a resource whose object tag is %j has no value',
    (tag) => {
      const record = JSON.parse(`{"object": ${JSON.stringify(tag)}, "name": "john", "internal_name": "john"}`);
      expect(matches('resource.internal_name EQ john')(record)).toBe(false);
      expect(matches('resource.external_name EQ null')(record)).toBe(true);
    },
  );
});

describe('collections: some element', () => {
  const companyFive = { type: 'psa_a/company', id: 5 };
  test.for([
    ['not an array', { associated_entities: companyFive }, false],
    ['junk around the element', { associated_entities: [null, 5, 'x', [], { type: 5, id: 5 }, companyFive] }, true],
    ['an element of another type', { associated_entities: [{ type: 'psa_b/company', id: 5 }] }, false],
    ['an element without a type', { associated_entities: [{ id: 5 }] }, false],
    ['a sparse array', { associated_entities: [, , companyFive] }, true], // eslint-disable-line no-sparse-arrays
    ['an empty array', { associated_entities: [] }, false],
  ] as const)('psa_a_company_id EQ 5 with %s', ([, record, expected]) => {
    expect(matches('scheduling_request.psa_a_company_id EQ 5')(record)).toBe(expected);
    expect(matches('scheduling_request.psa_a_company_id NOT_EQ 5')(record)).toBe(!expected);
  });

  test.for([
    ['a resource', { resources: [{ type: 'agent', id: 'agnt_a' }] }, true],
    ['a scheduled agent', { scheduled_agents: [{ type: 'agent', id: 'agnt_a' }] }, true],
    ['a team with that id', { resources: [{ type: 'team', id: 'agnt_a' }] }, false],
    ['resources that are not an array', { resources: 'agnt_a', scheduled_agents: [{ type: 'agent', id: 'agnt_a' }] }, true],
  ] as const)('agent_id EQ agnt_a finds the agent in %s', ([, record, expected]) => {
    expect(matches('scheduling_request.agent_id EQ agnt_a')(record)).toBe(expected);
  });

  test.for([
    ['scheduling_request.psa_b_ticket_number EQ 1234', '#1234', true],
    ['scheduling_request.psa_b_ticket_number EQ #1234', '1234', true],
    ['scheduling_request.psa_b_ticket_number EQ 1234', '##1234', false],
    ['scheduling_request.psa_b_ticket_number EQ ##1234', '##1234', true],
    ['scheduling_request.psa_b_ticket_number LIKE #12', '#1234', true],
    ['scheduling_request.psa_b_ticket_number LIKE "#"', '#1234', true],
    ['scheduling_request.psa_b_ticket_number LIKE 4#', '#1234', false],
    ['scheduling_request.psa_b_ticket_number IN 99,#1234', '1234', true],
    ['scheduling_request.psa_b_ticket_number NOT_IN 99,#1234', '#1234', false],
  ] as const)('%s on the ticket number %j is %s', ([text, number, expected]) => {
    expect(matches(text)({ associated_entities: [{ type: 'psa_b/service_ticket', id: 1, number }] })).toBe(expected);
  });
});

describe('AND and OR test cheap predicates first', () => {
  /** A record whose fields log when they are read (own accessors, so they count). */
  function logging(values: Record<string, unknown>) {
    const reads: string[] = [];
    const record = {};
    for (const [k, v] of Object.entries(values)) {
      Object.defineProperty(record, k, { enumerable: true, get: () => (reads.push(k), v) });
    }
    return { record, reads };
  }

  test('agent.name LIKE john AND agent.schedulable EQ true reads schedulable first, and name not at all', () => {
    const { record, reads } = logging({ name: 'John', schedulable: false });
    expect(matches('agent.name LIKE john AND agent.schedulable EQ true')(record)).toBe(false);
    expect(reads).toEqual(['schedulable']);
  });

  test('agent.name LIKE zz OR agent.schedulable EQ false reads schedulable first', () => {
    const { record, reads } = logging({ name: 'John', schedulable: false });
    expect(matches('agent.name LIKE zz OR agent.schedulable EQ false')(record)).toBe(true);
    expect(reads).toEqual(['schedulable']);
  });

  test('predicates of equal cost keep the order of the query', () => {
    const { record, reads } = logging({ schedulable: false, two_factor_enabled: false });
    matches('agent.two_factor_enabled EQ true AND agent.schedulable EQ true')(record);
    expect(reads).toEqual(['two_factor_enabled']);
  });

  test('a long IN list (one Set look-up) runs before a LIKE', () => {
    const { record, reads } = logging({ name: 'Zoë', role: 'x' });
    const roles = Array.from({ length: 20 }, (_, i) => `r${i}`).join(',');
    matches(`agent.name LIKE zoë AND agent.role IN ${roles}`)(record);
    expect(reads).toEqual(['role']);
  });
});

describe('filterRecords', () => {
  const records = [{ name: 'b' }, { name: 'a' }, null, { name: 'ab' }];

  test('keeps matching records in their order, as the same objects', () => {
    const out = filterRecords(check('agent.name LIKE a', schedulingSchema, 'agent'), records);
    expect(out).toEqual([{ name: 'a' }, { name: 'ab' }]);
    expect(out[0]).toBe(records[1]);
  });

  test('returns a new array, even when everything matches', () => {
    const out = filterRecords(check('agent.name NOT_EQ zzz', schedulingSchema, 'agent'), records);
    expect(out).toEqual(records);
    expect(out).not.toBe(records);
  });

  test.for([null, undefined, 'records', { length: 1, 0: {} }])('refuses %j with invalid_input', (notAnArray) => {
    expect(tqlErrorOf(() => filterRecords(check('agent.name EQ a', schedulingSchema, 'agent'), notAnArray as never)).code).toBe('invalid_input');
  });
});

describe('compiling', () => {
  test('the same query object gives the same predicate (compiled once)', () => {
    const q = check('agent.name LIKE john', schedulingSchema, 'agent');
    expect(compilePredicate(q)).toBe(compilePredicate(q));
    expect(memoryBackend.compile(q)).toBe(compilePredicate(q));
  });

  test('a copy of a validated query (a spread, parsed JSON) is checked and compiled afresh, and gives the same answers', () => {
    const q = check('agent.name LIKE john', schedulingSchema, 'agent');
    const copies = [{ ...q }, { ...q, condition: structuredClone(q.condition) }];
    for (const copy of copies) {
      expect(copy).toEqual(q);
      expect(compilePredicate(copy)).not.toBe(compilePredicate(q));
      expect(compilePredicate(copy)({ name: 'Little John' })).toBe(true);
    }
    expect(() => compilePredicate({ ...q, condition: { kind: 'Nope' } } as never)).toThrow(/is not a kind of condition/);
  });

  test.for([
    ['its operands replaced by junk', (q: any): void => void (q.condition.operands = 'junk')],
    ['an operator replaced by junk', (q: any): void => void (q.condition.operands[0].operator = 'NEAR')],
    ['an attribute replaced by junk', (q: any): void => void (q.condition.operands[1].attribute = null)],
    ['a value of the wrong type', (q: any): void => void (q.condition.operands[0].value = 42)],
  ] as const)('a validated query changed in place (%s) gets a TqlError, nothing else', ([, change]) => {
    const q = check('agent.name LIKE jo AND agent.two_factor_enabled EQ false', schedulingSchema, 'agent', { cache: false });
    change(q);
    expect(tqlErrorOf(() => compilePredicate(q)).code).toBe('invalid_input');
  });

  test('what is kept with a query is invisible: not a key, not in JSON, not copied', () => {
    const q = check('agent.name LIKE jo', schedulingSchema, 'agent');
    compilePredicate(q);
    expect(Object.keys(q)).toEqual(['kind', 'entity', 'condition', 'text']);
    expect(Object.getOwnPropertySymbols(q)).toEqual([]);
    expect(JSON.parse(JSON.stringify(q)).kind).toBe('ValidatedQuery');
  });

  test('a schema source naming __proto__ is refused when compiling', () => {
    const schema = defineSchema({
      entities: { thing: { attributes: { owner: { type: 'String', source: { kind: 'field', field: '__proto__' } } } } },
    });
    expect(() => compilePredicate(check('thing.owner EQ x', schema, 'thing'))).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 unsupported: The in-memory backend cannot read thing.owner: its schema source names the key "__proto__", which leads into object prototypes. Rename the field in the schema.
        thing.owner EQ x
        ^^^^^^^^^^^^^^^^]
    `);
  });

  test.for([
    ['field', { kind: 'field', field: 'constructor' }],
    ['variant field', { kind: 'variant', tag: 'object', fields: { agent: 'prototype' } }],
    ['variant tag', { kind: 'variant', tag: '__proto__', fields: { agent: 'name' } }],
    ['element array', { kind: 'element', arrays: ['constructor'], where: { field: 'type', oneOf: ['a'] }, value: 'id' }],
    ['element value', { kind: 'element', arrays: ['items'], where: { field: 'type', oneOf: ['a'] }, value: '__proto__' }],
  ] as const)('a %s named after a prototype key is refused with unsupported', ([, source]) => {
    const schema = defineSchema({ entities: { thing: { attributes: { owner: { type: 'String', source } } } } });
    expect(tqlErrorOf(() => compilePredicate(check('thing.owner EQ x', schema, 'thing'))).code).toBe('unsupported');
  });
});

describe('input that check() did not make', () => {
  const valid = check('agent.name LIKE john', schedulingSchema, 'agent');
  const withCondition = (condition: unknown) => ({ ...valid, condition }) as unknown as ValidatedQuery;
  const comparison = valid.condition as AnyComparison;

  test.for([
    ['null', null],
    ['a string', 'agent.name LIKE john'],
    ['an object of another kind', { kind: 'Query' }],
    ['no condition', { ...valid, condition: undefined }],
    ['an unknown condition kind', withCondition({ kind: 'Xor' })],
    ['Not without a span', withCondition({ kind: 'Not', operand: comparison })],
    ['Not without an operand', withCondition({ kind: 'Not', span: comparison.span })],
    ['And without operands', withCondition({ kind: 'And' })],
    ['an unknown operator', withCondition({ ...comparison, operator: 'MATCHES' })],
    ['LIKE with a number', withCondition({ ...comparison, value: 5 })],
    ['GT on text', withCondition({ ...comparison, operator: 'GT', value: 5 })],
    ['EQ with an object', withCondition({ ...comparison, operator: 'EQ', value: { a: 1 } })],
    ['IN without a list', withCondition({ ...comparison, operator: 'IN', value: 'john' })],
    ['IN with a number on text', withCondition({ ...comparison, operator: 'IN', value: ['a', 5] })],
    ['no attribute', withCondition({ ...comparison, attribute: undefined })],
    ['a source of an unknown kind', withCondition({ ...comparison, attribute: { ...comparison.attribute, source: { kind: 'xpath' } } })],
    ['an element source without arrays', withCondition({ ...comparison, attribute: { ...comparison.attribute, source: { kind: 'element', where: {} } } })],
    ['no span', withCondition({ ...comparison, span: undefined })],
  ] as const)('%s is refused with invalid_input', ([, query]) => {
    expect(tqlErrorOf(() => compilePredicate(query as unknown as ValidatedQuery)).code).toBe('invalid_input');
  });

  test('a cyclic condition is refused, not followed forever', () => {
    const cyclic: { kind: 'And'; operands: unknown[] } = { kind: 'And', operands: [] };
    cyclic.operands.push(cyclic);
    expect(tqlErrorOf(() => compilePredicate(withCondition(cyclic))).code).toBe('invalid_input');
  });

  test('the message says where valid input comes from', () => {
    expect(() => compilePredicate(withCondition({ ...comparison, value: 5 }))).toThrowErrorMatchingInlineSnapshot(`
      [TqlError: 1:1 invalid_input: The in-memory backend takes the result of check() or validate(), but the value of a LIKE comparison is 5.
        agent.name LIKE john
        ^^^^^^^^^^^^^^^^^^^^]
    `);
  });

  test('empty AND matches everything and empty OR nothing', () => {
    expect(compilePredicate(withCondition({ kind: 'And', operands: [] }))({})).toBe(true);
    expect(compilePredicate(withCondition({ kind: 'Or', operands: [] }))({})).toBe(false);
  });
});

describe('collections of every shape: objects without a tag, arrays of scalars', () => {
  test.for(POST_CASES)('%s selects %j', ([text, ids]) => {
    expect(filterRecords(check(text, postSchema, 'post'), posts).map((p) => p.id)).toEqual(ids);
  });

  test.for([
    ['a hole before the value', { tags: [, 'urgent'] }, true], // eslint-disable-line no-sparse-arrays
    ['an inherited index', { tags: Object.setPrototypeOf(new Array(1), Object.assign(Object.create(Array.prototype), { 0: 'urgent' })) }, false],
    ['an own getter', { tags: Object.defineProperty([], 0, { get: () => 'urgent', enumerable: true }) }, true],
    ['a String object', { tags: [new String('urgent')] }, false],
  ] as const)('post.tag EQ urgent with %s', ([, record, expected]) => {
    expect(compilePredicate(check('post.tag EQ urgent', postSchema, 'post'))(record)).toBe(expected);
    expect(compilePredicate(check('post.tag NOT_EQ urgent', postSchema, 'post'))(record)).toBe(!expected);
  });

  test('an element with an inherited value field, or a scalar among objects, does not count', () => {
    const p = compilePredicate(check('post.commenter_id EQ 7', postSchema, 'post'));
    expect(p({ comments: [Object.create({ author_id: 7 })] })).toBe(false);
    expect(p({ comments: [7, 'Looks good'] })).toBe(false);
    expect(p({ comments: [{ author_id: 7 }] })).toBe(true);
  });

  test('a record whose reading throws is read again through its own properties, scalars kept', () => {
    const throwing = new Proxy(Object.create(null), {
      get() {
        throw new Error('inherited read');
      },
    });
    const record = Object.assign(Object.create(throwing), { tags: ['urgent'], edits: [new Date(0)] });
    expect(compilePredicate(check('post.tag EQ urgent AND post.comment EQ x', postSchema, 'post'))(record)).toBe(false);
    expect(compilePredicate(check('post.tag EQ urgent OR post.comment EQ x', postSchema, 'post'))(record)).toBe(true);
  });
});
