/**
 * Completion: what can come next at the cursor (`|` marks it in the titles). The candidates follow
 * the grammar's position and the schema: operators the attribute allows, values of its type,
 * `AND`/`OR`/`)` after a predicate, and the profile's limits.
 */
import { describe, expect, test } from 'vitest';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { complete, type CompleteOptions } from '../../src/tooling/completion.js';
import { tqlErrorOf } from '../support/tql-error.js';

type Entity = (typeof schedulingSchema.entityNames)[number];

/** `text` with `|` at the cursor → the inserts offered, in order. */
function inserts(marked: string, entity: Entity, options: CompleteOptions = {}): string[] {
  const at = marked.indexOf('|');
  const text = marked.slice(0, at) + marked.slice(at + 1);
  return complete(text, at, schedulingSchema, entity, { now: Date.UTC(2026, 10, 25, 9, 30), ...options }).items.map((i) => i.insert);
}

const AGENT_ATTRIBUTES = ['agent.name', 'agent.email', 'agent.role', 'agent.schedulable', 'agent.two_factor_enabled', 'agent.url_slug', 'agent.created_at'];

describe('complete()', () => {
  test.for<[string, Entity, string[]]>([
    // Where a predicate starts: every attribute, then a group.
    ['|', 'agent', [...AGENT_ATTRIBUTES, '(', 'NOT (']],
    ['(|', 'agent', [...AGENT_ATTRIBUTES, '(', 'NOT (']],
    // NOT comes with its group, in the text's separator style; after NOT only the group's ( fits.
    ['agent.name EQ x AND N|', 'agent', ['agent.name', 'NOT (']],
    ['agent.name~EQ~x~AND~NOT|', 'agent', ['NOT~(']],
    ['NOT |', 'agent', ['(']],
    ['NOT (|', 'agent', [...AGENT_ATTRIBUTES, '(', 'NOT (']],
    ['NOT (agent.name EQ x |', 'agent', ['AND', 'OR', ')']],
    ['agent.na|', 'agent', ['agent.name']],
    // The attribute's name alone, in any case, finds it.
    ['NAM|', 'agent', ['agent.name']],
    ['agent.url|', 'agent', ['agent.url_slug']],
    // After an attribute: only its operators.
    ['agent.two_factor_enabled |', 'agent', ['EQ', 'NOT_EQ']],
    ['agent.created_at |', 'agent', ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE']],
    ['agent.name NOT|', 'agent', ['NOT_EQ', 'NOT_LIKE', 'NOT_IN']],
    ['agent.name eq|', 'agent', ['EQ']],
    // An unknown attribute still gets every operator.
    ['agent.nmae |', 'agent', ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH']],
    // After an operator: the values of the type.
    ['agent.two_factor_enabled EQ |', 'agent', ['true', 'false']],
    ['agent.two_factor_enabled EQ F|', 'agent', ['false']],
    ['agent.url_slug EQ |', 'agent', ['null']],
    ['agent.url_slug LIKE |', 'agent', []],
    ['agent.created_at GTE |', 'agent', ['2026-11-25', '2026-11-25T09:30:00Z', '1795599000', 'now-1d', 'now-7d']],
    ['scheduling_request.status EQ |', 'scheduling_request', ['new', 'sent', 'scheduled', 'cancelled', 'closed']],
    // In a list: the values not already in it, and never null.
    ['scheduling_request.status IN new,|', 'scheduling_request', ['sent', 'scheduled', 'cancelled', 'closed']],
    ['scheduling_request.status IN new, sent, s|', 'scheduling_request', ['scheduled']],
    ['scheduling_request.status IN "se|', 'scheduling_request', ['sent']],
    ['scheduling_request.agent_id EQ |', 'scheduling_request', ['agnt_']],
    // After a value: the keywords, and `)` inside a group.
    ['agent.name EQ x |', 'agent', ['AND', 'OR']],
    ['(agent.name EQ x |', 'agent', ['AND', 'OR', ')']],
    ['agent.name EQ x O|', 'agent', ['OR']],
    ['agent.name EQ x and|', 'agent', ['AND']],
    // A keyword must be separated: after `)` or a quote it brings its separator, in the text's style.
    ['(agent.name EQ x)|', 'agent', [' AND', ' OR']],
    ['(agent.name~EQ~x)|', 'agent', ['~AND', '~OR']],
    ['agent.name EQ "x"|', 'agent', [' AND', ' OR']],
    // Either separator style.
    ['agent.name~LIKE~jo~|', 'agent', ['AND', 'OR']],
    ['agent.name~EQ~x~AND~agent.sch|', 'agent', ['agent.schedulable']],
    // The word at the cursor is what the candidates replace, also from its middle.
    ['agent.|na AND agent.role EQ User', 'agent', AGENT_ATTRIBUTES],
  ])('%s (%s) → %j', ([marked, entity, expected]) => {
    expect(inserts(marked, entity)).toEqual(expected);
  });

  test('the profile timezest offers no OR, no (, no NOT ( and no null', () => {
    const timezest = { profile: 'timezest' } as const;
    expect(inserts('|', 'agent', timezest)).toEqual(AGENT_ATTRIBUTES);
    expect(inserts('agent.url_slug EQ |', 'agent', timezest)).toEqual([]);
    expect(inserts('agent.name EQ x |', 'agent', timezest)).toEqual(['AND']);
  });

  test('an item replaces the whole word at the cursor', () => {
    const [item] = complete('agent.na AND agent.role EQ User', 3, schedulingSchema, 'agent').items;
    expect(item).toEqual({
      label: 'agent.name',
      kind: 'attribute',
      insert: 'agent.name',
      replace: { start: 0, end: 8 },
      detail: 'String; EQ, NOT_EQ, LIKE, NOT_LIKE, IN, NOT_IN, STARTS_WITH, ENDS_WITH',
    });
  });

  test('details say what an item is', () => {
    const details = (marked: string, entity: Entity) => {
      const at = marked.indexOf('|');
      return complete(marked.replace('|', ''), at, schedulingSchema, entity).items.map((i) => `${i.label}: ${i.detail}`);
    };
    expect(details('agent.url_slug LIKE jo |', 'agent')).toMatchInlineSnapshot(`
      [
        "AND: both sides hold; binds tighter than OR",
        "OR: either side holds",
      ]
    `);
    expect(details('scheduling_request.agent_id |', 'scheduling_request')).toMatchInlineSnapshot(`
      [
        "EQ: equals; EQ null: has no value",
        "NOT_EQ: does not equal, or has no value",
      ]
    `);
    expect(details('agent.url_slug|', 'agent')).toMatchInlineSnapshot(`
      [
        "agent.url_slug: String, nullable; EQ, NOT_EQ, LIKE, NOT_LIKE, IN, NOT_IN, STARTS_WITH, ENDS_WITH",
      ]
    `);
  });

  test('an id prefix is marked incomplete: the rest is to be typed', () => {
    const [item] = complete('scheduling_request.agent_id EQ ', 31, schedulingSchema, 'scheduling_request').items;
    expect(item).toMatchObject({ insert: 'agnt_', incomplete: true });
  });

  test('an offset outside the text is read as the nearest end', () => {
    expect(complete('agent.name ', 99, schedulingSchema, 'agent').items[0]!.label).toBe('EQ');
    expect(complete('agent.name ', -5, schedulingSchema, 'agent').items[0]!.replace).toEqual({ start: 0, end: 10 });
  });

  test('an unknown entity is an invalid_option error, as in check', () => {
    expect(tqlErrorOf(() => complete('', 0, schedulingSchema, 'agents' as Entity)).message).toMatchInlineSnapshot(`"invalid_option: The schema has no entity "agents". Did you mean agent? Entities: scheduling_request, agent, resource, team."`);
  });
});
