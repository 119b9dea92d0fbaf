/** Deriving a tql schema from a JSON Schema or OpenAPI document: each property as the table in from-json-schema.ts says. */
import { fc, test as property } from '../support/property.js';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { nameFields, snakeName } from '../../src/schema/field-names.js';
import { schemaFromJsonSchema } from '../../src/schema/from-json-schema.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { tqlErrorOf } from '../support/tql-error.js';

const expectTqlError = (run: () => unknown, code: string) => expect(tqlErrorOf(run).code).toBe(code);

const derive = (properties: Record<string, unknown>, required: string[] = Object.keys(properties), defs: Record<string, unknown> = {}) =>
  schemaFromJsonSchema({ $defs: { ...defs, ticket: { type: 'object', required, properties } } });
/** The attribute of a required property `p`. */
const attributeOf = (property: unknown, defs?: Record<string, unknown>) => derive({ p: property }, ['p'], defs).definition.entities['ticket']!.attributes['p'];
const reasonOf = (property: unknown, defs?: Record<string, unknown>) => derive({ p: property }, ['p'], defs).skipped.find((s) => s.path === 'ticket.p')?.reason;

describe('a required property becomes an attribute', () => {
  test.for([
    [{ type: 'string' }, { type: 'String' }],
    [{ type: 'string', description: 'Shown to people.' }, { type: 'String', description: 'Shown to people.' }],
    [{ type: 'string', enum: ['open', 'closed'] }, { type: 'String', values: ['open', 'closed'] }],
    [{ type: 'string', pattern: '^tkt_[A-Za-z0-9]+$' }, { type: 'ID', id: { kind: 'prefixed', prefix: 'tkt_' } }],
    [{ type: 'string', pattern: '[a-z]+' }, { type: 'String' }],
    [{ type: 'string', format: 'uuid' }, { type: 'ID', id: { kind: 'uuid' } }],
    [{ type: 'string', format: 'date-time' }, { type: 'Timestamp', storage: 'iso_text' }],
    [{ type: 'string', format: 'date' }, { type: 'Timestamp', storage: 'iso_text' }],
    [{ type: 'string', format: 'date-time-local' }, { type: 'Timestamp', storage: 'iso_text' }],
    [{ type: 'string', format: 'time' }, { type: 'String' }],
    [{ type: 'integer', format: 'unix-time' }, { type: 'Timestamp' }],
    [{ type: 'number', format: 'unixtime' }, { type: 'Timestamp' }],
    [{ type: 'boolean' }, { type: 'Boolean' }],
    [{ type: 'integer' }, { type: 'Number' }],
    [{ type: 'number' }, { type: 'Number' }],
  ] as const)('%j', ([property, attribute]) => {
    expect(attributeOf(property)).toEqual(attribute);
  });

  test('an integer named id or …_id (in any style) is an integer ID', () => {
    const { definition } = derive({ id: { type: 'integer' }, account_id: { type: 'integer' }, ownerId: { type: 'integer' }, paid: { type: 'number' } });
    expect(definition.entities['ticket']!.attributes).toEqual({
      id: { type: 'ID', id: { kind: 'integer' } },
      account_id: { type: 'ID', id: { kind: 'integer' } },
      owner_id: { type: 'ID', id: { kind: 'integer' }, source: { kind: 'field', field: 'ownerId' } },
      paid: { type: 'Number' },
    });
  });
});

describe('nullable: null among the types, nullable: true, an anyOf with null, or not required', () => {
  test.for([
    ['2020-12 type array', { type: ['string', 'null'] }, ['p'], { type: 'String', nullable: true }],
    ['OpenAPI 3.0 nullable', { type: 'string', format: 'date-time', nullable: true }, ['p'], { type: 'Timestamp', storage: 'iso_text', nullable: true }],
    ['null in an enum', { enum: ['open', 'closed', null] }, ['p'], { type: 'String', values: ['open', 'closed'], nullable: true }],
    ['anyOf a type and null', { anyOf: [{ type: 'number' }, { type: 'null' }] }, ['p'], { type: 'Number', nullable: true }],
    ['oneOf a type and null', { oneOf: [{ type: 'null' }, { type: 'boolean' }] }, ['p'], { type: 'Boolean', nullable: true }],
    ['not in required', { type: 'string' }, [], { type: 'String', nullable: true }],
    ['no required list at all', { type: 'integer', format: 'unix-time' }, undefined, { type: 'Timestamp', nullable: true }],
  ] as const)('%s: %j', ([, property, required, attribute]) => {
    const document = { $defs: { ticket: { type: 'object', ...(required === undefined ? {} : { required }), properties: { p: property } } } };
    expect(schemaFromJsonSchema(document).definition.entities['ticket']!.attributes['p']).toEqual(attribute);
  });

  test('a missing optional field has no value: EQ null finds it', () => {
    const schema = defineSchema(derive({ id: { type: 'string' }, closedAt: { type: 'integer', format: 'unix-time' } }, ['id']).definition);
    expect(check('ticket.closed_at EQ null', schema, 'ticket').text).toBe('ticket.closed_at EQ null');
  });
});

describe('field names of any style become lower snake case names that read the original field', () => {
  test.for<[string, string]>([
    ['createdAt', 'created_at'],
    ['HTTPStatus', 'http_status'],
    ['user-id', 'user_id'],
    ['v2Name', 'v2_name'],
    ['created.at', 'created_at'],
    ['userIDs', 'user_ids'],
    ['PageRevision', 'page_revision'],
    ['_id', 'id'],
    ['Customer Name', 'customer_name'],
    ['already_snake', 'already_snake'],
  ])('%s → %s', ([field, name]) => {
    const { definition } = derive({ [field]: { type: 'string' } });
    expect(definition.entities['ticket']!.attributes).toEqual({ [name]: { type: 'String', ...(name === field ? {} : { source: { kind: 'field', field } }) } });
  });

  test.for<[string, string]>([
    ['2fa', 'it starts with a digit: tql names start with a letter; add it by hand with a name of your choice and a field source'],
    ['---', 'its name has no letters or digits'],
    ['prénom', 'its name has characters other than ASCII letters, digits and separators: add it by hand with a name of your choice and a field source'],
    ['__proto__', '"__proto__" names an object\'s prototype or constructor, which tql never reads'],
    ['constructor', '"constructor" names an object\'s prototype or constructor, which tql never reads'],
  ])('%j cannot be a name: %s', ([field, reason]) => {
    const { definition, skipped } = schemaFromJsonSchema(JSON.parse(JSON.stringify({ $defs: { ticket: { type: 'object', properties: { [field]: { type: 'string' }, ok: { type: 'string' } } } } })));
    expect(Object.keys(definition.entities['ticket']!.attributes)).toEqual(['ok']);
    expect(skipped).toEqual([{ path: `ticket.${field}`, reason }]);
  });

  test('two fields with one name are both reported, neither kept', () => {
    const { definition, skipped } = derive({ userId: { type: 'integer' }, user_id: { type: 'string' }, 'user-id': { type: 'string' }, name: { type: 'string' } });
    expect(Object.keys(definition.entities['ticket']!.attributes)).toEqual(['name']);
    expect(skipped).toMatchInlineSnapshot(`
      [
        {
          "path": "ticket.userId",
          "reason": "its name would be user_id, as for user_id, user-id: rename one, or add the one to filter by by hand",
        },
        {
          "path": "ticket.user_id",
          "reason": "its name would be user_id, as for userId, user-id: rename one, or add the one to filter by by hand",
        },
        {
          "path": "ticket.user-id",
          "reason": "its name would be user_id, as for userId, user_id: rename one, or add the one to filter by by hand",
        },
      ]
    `);
  });

  test('entities are named in snake case too', () => {
    const { definition } = schemaFromJsonSchema({ components: { schemas: { PageRevision: { type: 'object', properties: { title: { type: 'string' } } } } } });
    expect(Object.keys(definition.entities)).toEqual(['page_revision']);
  });

  test('many fields with one name: each reason names a few of the others', () => {
    const { unnamed } = nameFields(Array.from({ length: 1000 }, (_, i) => ({ field: `a${'_'.repeat(i + 1)}b`, value: i })));
    expect(unnamed).toHaveLength(1000);
    expect(unnamed[0]!.reason).toBe('its name would be a_b, as for a__b, a___b, a____b and 996 more: rename one, or add the one to filter by by hand');
  });

  property.prop([fc.array(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z][A-Za-z0-9_.-]{0,12}$/)), { maxLength: 12 })], { numRuns: 200 })(
    'every field is either named once with a lower snake case name or skipped with a reason; names are unique and idempotent',
    (fields) => {
      const { named, unnamed } = nameFields(fields.map((field, i) => ({ field, value: i })));
      expect([...named.map((n) => n.value), ...unnamed.map((u) => u.value)].sort((a, b) => a - b)).toEqual(fields.map((_, i) => i));
      expect(new Set(named.map((n) => n.name)).size).toBe(named.length);
      for (const n of named) {
        expect(n.name).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(snakeName(n.name)).toEqual({ name: n.name });
      }
      for (const u of unnamed) expect(u.reason.length).toBeGreaterThan(0);
    },
  );
});

describe('local references are followed, others refused with the reason', () => {
  const Status = { type: 'string', enum: ['open', 'closed'], description: 'Where the ticket is.' };

  test.for([
    ['$defs', { $defs: { Status } }, '#/$defs/Status'],
    ['definitions', { definitions: { Status } }, '#/definitions/Status'],
    ['components.schemas', { components: { schemas: { Status } } }, '#/components/schemas/Status'],
    ['an escaped pointer', { $defs: { 'a/b~c': Status } }, '#/$defs/a~1b~0c'],
  ] as const)('into %s', ([, container, ref]) => {
    const document = { ...container, $defs: { ...(container as { $defs?: object }).$defs, ticket: { type: 'object', required: ['status'], properties: { status: { $ref: ref } } } } };
    const { definition, skipped } = schemaFromJsonSchema(document);
    expect(definition.entities['ticket']!.attributes['status']).toEqual({ type: 'String', values: ['open', 'closed'], description: 'Where the ticket is.' });
    expect(skipped).toEqual([]);
  });

  test('the property’s own keywords win over the referenced schema’s; nullable and allOf are merged', () => {
    expect(attributeOf({ allOf: [{ $ref: '#/$defs/Status' }], nullable: true, description: 'Now.' }, { Status })).toEqual({
      type: 'String',
      values: ['open', 'closed'],
      nullable: true,
      description: 'Now.',
    });
    expect(attributeOf({ anyOf: [{ $ref: '#/$defs/Status' }, { type: 'null' }] }, { Status })).toEqual({ type: 'String', values: ['open', 'closed'], nullable: true, description: 'Where the ticket is.' });
  });

  test.for([
    ['a remote reference', { $ref: 'https://example.com/schemas/status.json' }, {}, 'a reference to another document (https://example.com/schemas/status.json): tql follows only references inside this one, such as #/$defs/Name'],
    ['a file reference', { $ref: './common.yaml#/Status' }, {}, 'a reference to another document (./common.yaml#/Status): tql follows only references inside this one, such as #/$defs/Name'],
    ['an anchor', { $ref: '#status' }, {}, 'an anchor reference (#status): tql follows JSON pointers such as #/$defs/Name'],
    ['a pointer to nothing', { $ref: '#/$defs/Missing' }, {}, '$ref #/$defs/Missing points to nothing in this document'],
    ['a pointer through a prototype', { $ref: '#/__proto__/constructor' }, {}, '$ref #/__proto__/constructor points to nothing in this document'],
    ['a pointer to a non-schema', { $ref: '#/$defs/list' }, { list: [1, 2] }, '$ref #/$defs/list points to something that is not a schema'],
    ['a bad pointer', { $ref: '#/$defs/%E0%A4%A' }, {}, '$ref #/$defs/%E0%A4%A is not a valid JSON pointer'],
    ['a cycle', { $ref: '#/$defs/A' }, { A: { $ref: '#/$defs/B' }, B: { allOf: [{ $ref: '#/$defs/A' }] } }, 'a $ref cycle (#/$defs/A → #/$defs/B → #/$defs/A)'],
    ['two alternatives', { oneOf: [{ type: 'string' }, { type: 'integer' }] }, {}, 'one of 2 schemas (anyOf/oneOf): tql attributes have one type'],
  ] as const)('%s', ([, property, defs, reason]) => {
    expect(attributeOf(property, defs)).toBeUndefined();
    expect(reasonOf(property, defs)).toBe(reason);
  });

  test('a chain of references is bounded: the 65th step is refused, not followed', () => {
    const defs = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`S${i}`, i === 99 ? { type: 'string' } : { $ref: `#/$defs/S${i + 1}` }]));
    expect(attributeOf({ $ref: '#/$defs/S40' }, defs)).toEqual({ type: 'String' });
    expect(reasonOf({ $ref: '#/$defs/S0' }, defs)).toBe('nested too deeply: more than 64 $ref, allOf and anyOf steps');
  });
});

describe('a property tql cannot filter is skipped, with the reason', () => {
  test.for([
    [{ type: 'array' }, 'an array whose elements have no schema: give it "items", such as "items": { "type": "string" }'],
    [{ type: 'array', items: {} }, 'an array whose elements have no schema: give it "items", such as "items": { "type": "string" }'],
    [{ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } }, 'an array of objects: describe it in a tql schema with an element source whose value names the field to filter by'],
    [{ type: 'array', items: { type: 'array', items: { type: 'string' } } }, 'an array of arrays: tql reads one level of arrays'],
    [{ type: 'array', items: { type: ['string', 'integer'] } }, 'an array whose elements cannot be filtered: one of several types (string, integer): tql attributes have one type'],
    [{ type: 'array', items: { $ref: 'other.json#/Tag' } }, 'an array whose elements cannot be read: a reference to another document (other.json#/Tag): tql follows only references inside this one, such as #/$defs/Name'],
    [{ type: 'object' }, 'an object: tql filters top-level fields; describe nested ones in a tql schema'],
    [{ properties: { a: { type: 'string' } } }, 'an object: tql filters top-level fields; describe nested ones in a tql schema'],
    [{ type: ['string', 'integer'] }, 'one of several types (string, integer): tql attributes have one type'],
    [{ type: 'null' }, 'no type: give it a "type"'],
    [{ type: 'string', writeOnly: true }, 'writeOnly: records never carry it'],
    [{}, 'no type: give it a "type"'],
  ] as const)('%j', ([property, reason]) => {
    expect(attributeOf(property)).toBeUndefined();
    expect(reasonOf(property)).toBe(reason);
  });
});

describe('an array of scalars is a collection attribute: some element matches (language rule 7)', () => {
  const element = (arrays: string) => ({ source: { kind: 'element', arrays: [arrays] } });
  test.for([
    [{ type: 'array', items: { type: 'string' } }, { type: 'String', ...element('p') }],
    [{ type: 'array', items: { type: 'string', enum: ['low', 'high'] } }, { type: 'String', values: ['low', 'high'], ...element('p') }],
    [{ type: 'array', items: { $ref: '#/$defs/Level' } }, { type: 'String', values: ['low', 'high'], ...element('p') }],
    [{ type: 'array', items: { type: 'string', format: 'uuid' } }, { type: 'ID', id: { kind: 'uuid' }, ...element('p') }],
    [{ type: 'array', items: { type: 'string', format: 'date-time' } }, { type: 'Timestamp', storage: 'iso_text', ...element('p') }],
    [{ type: 'array', items: { type: 'integer' } }, { type: 'Number', ...element('p') }],
    [{ type: 'array', items: { type: 'boolean' } }, { type: 'Boolean', ...element('p') }],
    [{ type: 'array', items: { type: ['number', 'null'] } }, { type: 'Number', ...element('p') }],
    [{ type: 'array', items: { type: 'string' }, description: 'Labels.' }, { type: 'String', description: 'Labels.', ...element('p') }],
  ] as const)('%j', ([property, attribute]) => {
    expect(attributeOf(property, { Level: { type: 'string', enum: ['low', 'high'] } })).toEqual(attribute);
  });

  test('a missing or nullable array has no element, never a null value: the attribute is not nullable', () => {
    const { definition } = derive({ tags: { type: ['array', 'null'], items: { type: 'string' } }, labelIds: { type: 'array', items: { type: 'integer' } } }, []);
    expect(definition.entities['ticket']!.attributes).toEqual({
      tags: { type: 'String', ...element('tags') },
      // …_ids holds ids, as …_id would.
      label_ids: { type: 'ID', id: { kind: 'integer' }, ...element('labelIds') },
    });
  });

  test('the derived attribute filters records: some element, or none for the NOT_ forms', () => {
    const { definition } = derive({ id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } }, ['id']);
    const schema = defineSchema(definition);
    const records = [{ id: 1, tags: ['vip', 'eu'] }, { id: 2, tags: [] }, { id: 3 }, { id: 4, tags: ['us'] }];
    const ids = (text: string) => filterRecords(check(text, schema, 'ticket'), records).map((r) => r.id);
    expect([ids('ticket.tags EQ vip'), ids('ticket.tags NOT_EQ vip'), ids('ticket.tags IN eu,us'), ids('ticket.tags LIKE v')]).toEqual([[1], [2, 3, 4], [1, 4], [1]]);
  });
});

describe('named schemas that are not entities', () => {
  test('a shared enum is no entity: used through $ref it is silent, unused it is reported', () => {
    const { definition, skipped } = schemaFromJsonSchema({
      $defs: {
        Status: { type: 'string', enum: ['open', 'closed'] },
        Colour: { type: 'string', enum: ['red'] },
        ticket: { type: 'object', required: ['status'], properties: { status: { $ref: '#/$defs/Status' } } },
      },
    });
    expect(Object.keys(definition.entities)).toEqual(['ticket']);
    expect(skipped).toEqual([{ path: '#/$defs/Colour', reason: 'not an entity: not an object schema with "properties", and no property refers to it' }]);
  });

  test('two entities with one name are both reported', () => {
    const { definition, skipped } = schemaFromJsonSchema({ $defs: { ticket: { properties: { a: { type: 'string' } } } }, definitions: { Ticket: { properties: { b: { type: 'string' } } } }, components: { schemas: { other: { properties: { c: { type: 'string' } } } } } });
    expect(Object.keys(definition.entities)).toEqual(['other']);
    expect(skipped.map((s) => s.path)).toEqual(['#/$defs/ticket', '#/definitions/Ticket']);
    expect(skipped[0]!.reason).toBe('not an entity: its name would be ticket, as for Ticket: rename one, or add the one to filter by by hand');
  });

  test.for([
    ['not an object', 42],
    ['no $defs', { type: 'object', properties: {} }],
    ['empty $defs', { $defs: {} }],
    ['only a shared enum', { $defs: { Status: { type: 'string', enum: ['a'] } } }],
  ] as const)('%s: invalid_schema', ([, document]) => {
    expectTqlError(() => schemaFromJsonSchema(document), 'invalid_schema');
  });

  test('the message of a document without entities says what one looks like', () => {
    expect(tqlErrorOf(() => schemaFromJsonSchema({ $defs: { Status: { type: 'string' } } })).message).toMatchInlineSnapshot(
      `"invalid_schema: None of #/$defs/Status is an object schema with "properties": each entity is one, such as { "type": "object", "properties": { … } }."`,
    );
  });
});

describe('documents', () => {
  test('an API’s records, filtered with the derived schema', () => {
    const { definition, skipped } = schemaFromJsonSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: {
        ticket: {
          type: 'object',
          description: 'GET /v1/tickets',
          required: ['id', 'subject', 'status'],
          properties: {
            id: { type: 'string', pattern: '^tkt_[A-Za-z0-9]+$' },
            subject: { type: 'string' },
            status: { type: 'string', enum: ['open', 'pending', 'closed'] },
            closed_at: { type: ['integer', 'null'], format: 'unix-time' },
            tags: { type: 'array', items: { type: 'string' } },
            comments: { type: 'array', items: { type: 'object', properties: { body: { type: 'string' } } } },
          },
        },
      },
    });
    expect(skipped).toEqual([{ path: 'ticket.comments', reason: expect.stringMatching(/^an array of objects/) }]);
    const helpdesk = defineSchema(definition);
    expect(check('ticket.status IN open,pending AND ticket.closed_at EQ null', helpdesk, 'ticket').text).toBe('ticket.status IN open,pending AND ticket.closed_at EQ null');
    expectTqlError(() => check('ticket.status EQ opne', helpdesk, 'ticket'), 'value_not_allowed');
    expectTqlError(() => check('ticket.id EQ 42', helpdesk, 'ticket'), 'invalid_value');
  });
});

describe('any document', () => {
  const arbRef = fc.constantFrom('#', '#/$defs/a', '#/$defs/ticket', '#/$defs/ticket/properties/p', '#/components/schemas/b', 'x.json#/a', '#a', '#/$defs/%zz');
  const arbSchema = fc.letrec((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small' },
      fc.jsonValue({ maxDepth: 2 }),
      fc.record({ $ref: arbRef }, { requiredKeys: [] }),
      fc.record({ type: fc.constantFrom('string', 'integer', 'null', 'object', ['string', 'null'], 7), format: fc.constantFrom('date-time', 'uuid', 'unix-time'), nullable: fc.boolean(), enum: fc.array(fc.jsonValue({ maxDepth: 0 }), { maxLength: 3 }) }, { requiredKeys: [] }),
      fc.record({ allOf: fc.array(tie('schema'), { maxLength: 3 }), anyOf: fc.array(tie('schema'), { maxLength: 3 }) }, { requiredKeys: [] }),
      fc.record({ properties: fc.dictionary(fc.string({ maxLength: 6 }), tie('schema'), { maxKeys: 4 }), required: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }) }, { requiredKeys: [] }),
    ),
  })).schema;

  property.prop([fc.dictionary(fc.constantFrom('a', 'ticket', 'Ticket', '__proto__', 'b'), arbSchema, { maxKeys: 4 }), fc.dictionary(fc.constantFrom('b', 'a'), arbSchema, { maxKeys: 2 })], { numRuns: 300 })(
    'gives a definition that defineSchema takes (with the reasons of what it skipped), or throws a TqlError; nothing else',
    (defs, schemas) => {
      let derived;
      try {
        derived = schemaFromJsonSchema({ $defs: defs, components: { schemas } });
      } catch (error) {
        expect(isTqlError(error) && error.code === 'invalid_schema').toBe(true);
        return;
      }
      for (const s of derived.skipped) expect(s.reason).toMatch(/\S/);
      expect(defineSchema(derived.definition).entityNames).toEqual(Object.keys(derived.definition.entities));
    },
  );
});
