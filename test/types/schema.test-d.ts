/**
 * `defineSchema` keeps the literal names of entities and attributes, so a misspelt entity or
 * attribute is a type error, in the schema and in `check` / `validate`.
 */
import { describe, expectTypeOf, test } from 'vitest';
import { check, safeCheck } from '../../src/api/check.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { parse } from '../../src/parser/parse.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { Attribute, Entity } from '../../src/schema/types.js';
import { validate } from '../../src/validate/validate.js';

const schema = defineSchema({
  entities: {
    agent: { attributes: { name: { type: 'String' }, created_at: { type: 'Timestamp', operators: ['LT', 'GTE'] } } },
    team: { attributes: { internal_name: { type: 'String' } } },
  },
});

describe('defineSchema infers literal names', () => {
  test('entities and attributes by name', () => {
    expectTypeOf(schema.entities.agent.attributes.name).toEqualTypeOf<Attribute>();
    expectTypeOf(schema.entities.agent).toEqualTypeOf<Entity<'agent', 'name' | 'created_at'>>();
    expectTypeOf(schema.entityNames).toEqualTypeOf<readonly ('agent' | 'team')[]>();
    expectTypeOf(schema.entities.team.attributeNames).toEqualTypeOf<readonly 'internal_name'[]>();
  });

  test('an entity or attribute that is not defined is a type error', () => {
    // @ts-expect-error no entity nope
    void schema.entities.nope;
    // @ts-expect-error agent has no attribute email
    void schema.entities.agent.attributes.email;
    // @ts-expect-error team has no attribute name
    void schema.entities.team.attributes.name;
  });

  test('a definition with an unknown type or operator is a type error', () => {
    // @ts-expect-error Decimal is not an attribute type
    defineSchema({ entities: { a: { attributes: { b: { type: 'Decimal' } } } } });
    // @ts-expect-error eq is not an operator
    defineSchema({ entities: { a: { attributes: { b: { type: 'String', operators: ['eq'] } } } } });
  });
});

describe('check and validate take only the schema’s entities', () => {
  test('the scheduling entities', () => {
    expectTypeOf<SchedulingEntityName>().toEqualTypeOf<'scheduling_request' | 'agent' | 'resource' | 'team'>();
    expectTypeOf(check('agent.name EQ x', schedulingSchema, 'agent').kind).toEqualTypeOf<'ValidatedQuery'>();
  });

  test('an entity the schema does not have is a type error', () => {
    // @ts-expect-error no entity nope in the scheduling schema
    check('agent.name EQ x', schedulingSchema, 'nope');
    // @ts-expect-error entity names are singular
    safeCheck('agent.name EQ x', schedulingSchema, 'agents');
    // @ts-expect-error no entity nope in the scheduling schema
    validate(parse('agent.name EQ x'), schedulingSchema, 'nope');
    // @ts-expect-error scheduling_request is an entity of another schema
    check('agent.name EQ x', schema, 'scheduling_request');
  });

  test('options are typed', () => {
    // @ts-expect-error there is no profile strict
    check('agent.name EQ x', schedulingSchema, 'agent', { profile: 'strict' });
    // @ts-expect-error limits are numbers
    check('agent.name EQ x', schedulingSchema, 'agent', { limits: { maxDepth: '4' } });
  });
});
