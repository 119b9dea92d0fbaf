import { expect, test } from 'vitest';
import { defineSchema, isDefinedAttribute } from '../../src/schema/define-schema.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';

test('defaults are filled in and operators can be narrowed', () => {
  const schema = defineSchema({
    entities: {
      person: {
        attributes: {
          name: { type: 'String' },
          born: { type: 'Timestamp', operators: ['GTE', 'LT'] },
        },
      },
    },
  });
  const { name, born } = schema.entities.person.attributes;
  expect(name.operators).toEqual(['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN']);
  expect(name.source).toEqual({ kind: 'field', field: 'name' });
  expect(born.operators).toEqual(['LT', 'GTE']);
  expect(schema.entityNames).toEqual(['person']);
});

test('a schema loaded from JSON works the same', () => {
  const json = JSON.stringify(schedulingSchema.definition);
  const again = defineSchema(JSON.parse(json));
  expect(again.entities.agent).toEqual(schedulingSchema.entities.agent);
});

test('every inconsistency of a definition is reported at once', () => {
  expect(() =>
    defineSchema({
      entities: {
        Person: {
          attributes: {
            id: { type: 'ID' },
            age: { type: 'Number' as 'String' },
            flag: { type: 'Boolean', operators: ['EQ', 'LIKE'] },
            kind: { type: 'Timestamp', values: ['a'] },
          },
        },
      },
    }),
  ).toThrowErrorMatchingInlineSnapshot(`
    [TqlError: invalid_schema: Invalid schema: entity name "Person" is not lower snake case.
    invalid_schema: Invalid schema: Person.id: ID attributes need an id format ({ kind: "prefixed", prefix } or { kind: "integer" }).
    invalid_schema: Invalid schema: Person.age: type must be one of ID, String, Timestamp, Boolean.
    invalid_schema: Invalid schema: Person.flag: Boolean attributes cannot take LIKE.
    invalid_schema: Invalid schema: Person.kind: only String attributes can have a closed set of values.]
  `);
});

test('the scheduling schema has the attributes of the API spec', () => {
  expect(schedulingSchema.entities.scheduling_request.attributeNames).toHaveLength(19);
  expect(schedulingSchema.entities.agent.attributeNames).toEqual([
    'name', 'email', 'role', 'schedulable', 'two_factor_enabled', 'url_slug', 'created_at',
  ]);
  expect(schedulingSchema.entities.resource.attributeNames).toEqual(['internal_name', 'external_name', 'url_slug']);
});

test('changing the definition afterwards does not change the schema: sources and id formats are frozen copies', () => {
  const source = { kind: 'element' as const, arrays: ['people'] as [string], where: { field: 'kind', oneOf: ['agent'] as [string] }, value: 'id' };
  const id = { kind: 'prefixed' as const, prefix: 'agnt_' };
  const schema = defineSchema({ entities: { team: { attributes: { member: { type: 'ID', id, source } } } } });
  source.arrays[0] = '__proto__';
  source.where.oneOf[0] = 'nobody';
  id.prefix = 'x_';
  const { member } = schema.entities.team.attributes;
  expect(member.source).toEqual({ kind: 'element', arrays: ['people'], where: { field: 'kind', oneOf: ['agent'] }, value: 'id' });
  expect(member.id).toEqual({ kind: 'prefixed', prefix: 'agnt_' });
  expect(Object.isFrozen(member.source) && Object.isFrozen((member.source as typeof source).where.oneOf)).toBe(true);
});

test.each([
  ['an attribute of a defined schema', schedulingSchema.entities.agent.attributes.name, true],
  ['a copy of one', { ...schedulingSchema.entities.agent.attributes.name }, false],
  ['a hand-made attribute', { path: 'agent.name', type: 'String', source: { kind: 'field', field: 'name' } }, false],
  ['null', null, false],
])('isDefinedAttribute(%s) is %s', (_, value, expected) => {
  expect(isDefinedAttribute(value)).toBe(expected);
});
