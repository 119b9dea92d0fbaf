/** Deriving a tql schema from a JSON Schema: each property as the table in from-json-schema.ts says. */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { schemaFromJsonSchema } from '../../src/schema/from-json-schema.js';
import { tqlErrorOf } from '../support/tql-error.js';

const expectTqlError = (run: () => unknown, code: string) => expect(tqlErrorOf(run).code).toBe(code);

const derive = (properties: Record<string, unknown>) => schemaFromJsonSchema({ $defs: { ticket: { type: 'object', properties } } });
const attributeOf = (property: unknown) => derive({ p: property }).definition.entities['ticket']!.attributes['p'];
const reasonOf = (property: unknown) => derive({ p: property }).skipped[0]?.reason;

describe('a property becomes an attribute', () => {
  test.for([
    [{ type: 'string' }, { type: 'String' }],
    [{ type: 'string', description: 'Shown to people.' }, { type: 'String', description: 'Shown to people.' }],
    [{ type: ['string', 'null'] }, { type: 'String', nullable: true }],
    [{ type: 'string', enum: ['open', 'closed'] }, { type: 'String', values: ['open', 'closed'] }],
    [{ enum: ['open', 'closed', null] }, { type: 'String', values: ['open', 'closed'], nullable: true }],
    [{ type: 'string', pattern: '^tkt_[A-Za-z0-9]+$' }, { type: 'ID', id: { kind: 'prefixed', prefix: 'tkt_' } }],
    [{ type: 'string', pattern: '[a-z]+' }, { type: 'String' }],
    [{ type: 'integer', format: 'unix-time' }, { type: 'Timestamp' }],
    [{ type: ['integer', 'null'], format: 'unix-time' }, { type: 'Timestamp', nullable: true }],
    [{ type: 'boolean' }, { type: 'Boolean' }],
    [{ type: 'integer' }, { type: 'Number' }],
    [{ type: 'number' }, { type: 'Number' }],
    [{ anyOf: [{ type: 'number' }, { type: 'null' }] }, { type: 'Number', nullable: true }],
  ] as const)('%j', ([property, attribute]) => {
    expect(attributeOf(property)).toEqual(attribute);
  });

  test('an integer named id or …_id is an integer ID', () => {
    const { definition } = derive({ id: { type: 'integer' }, account_id: { type: 'integer' } });
    expect(definition.entities['ticket']!.attributes).toEqual({ id: { type: 'ID', id: { kind: 'integer' } }, account_id: { type: 'ID', id: { kind: 'integer' } } });
  });
});

describe('a property tql cannot filter is skipped, with the reason', () => {
  test.for([
    [{ type: 'string', format: 'date-time' }, 'a date-time text: tql compares instants as Unix seconds; store them as an integer with "format": "unix-time"'],
    [{ type: 'array', items: { type: 'string' } }, 'an array: describe it in a tql schema with an element source to filter by its elements'],
    [{ type: 'object' }, 'an object: tql filters top-level fields; describe nested ones in a tql schema'],
    [{ type: ['string', 'integer'] }, 'one of several types (string, integer): tql attributes have one type'],
    [{}, 'no type: give it a "type"'],
  ] as const)('%j', ([property, reason]) => {
    expect(attributeOf(property)).toBeUndefined();
    expect(reasonOf(property)).toBe(reason);
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
          properties: {
            id: { type: 'string', pattern: '^tkt_[A-Za-z0-9]+$' },
            subject: { type: 'string' },
            status: { type: 'string', enum: ['open', 'pending', 'closed'] },
            closed_at: { type: ['integer', 'null'], format: 'unix-time' },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    });
    expect(skipped).toEqual([{ path: 'ticket.tags', reason: expect.stringMatching(/^an array/) }]);
    const helpdesk = defineSchema(definition);
    expect(check('ticket.status IN open,pending AND ticket.closed_at EQ null', helpdesk, 'ticket').text).toBe('ticket.status IN open,pending AND ticket.closed_at EQ null');
    expectTqlError(() => check('ticket.status EQ opne', helpdesk, 'ticket'), 'value_not_allowed');
    expectTqlError(() => check('ticket.id EQ 42', helpdesk, 'ticket'), 'invalid_value');
  });

  test.for([
    ['not an object', 42],
    ['no $defs', { type: 'object', properties: {} }],
    ['empty $defs', { $defs: {} }],
    ['an entry that is no object schema', { $defs: { ticket: { type: 'string' } } }],
  ] as const)('%s: invalid_schema', ([, document]) => {
    expectTqlError(() => schemaFromJsonSchema(document), 'invalid_schema');
  });

  test('a property named __proto__ is an own key of the definition, which defineSchema then refuses by name', () => {
    const { definition } = schemaFromJsonSchema(JSON.parse('{"$defs":{"ticket":{"type":"object","properties":{"__proto__":{"type":"string"}}}}}'));
    const attributes = definition.entities['ticket']!.attributes;
    expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
    expect(Object.hasOwn(attributes, '__proto__')).toBe(true);
    expectTqlError(() => defineSchema(definition), 'invalid_schema');
  });
});
