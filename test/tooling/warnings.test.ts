/** Warnings: what a valid query probably does not mean, with its code, span and fix. */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import type { SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import { warnings, type WarningCode } from '../../src/tooling/warnings.js';

const codes = (text: string, entity: SchedulingEntityName = 'agent') => warnings(check(text, schedulingSchema, entity)).map((w) => w.code);
const only = (text: string, entity: SchedulingEntityName = 'agent') => {
  const found = warnings(check(text, schedulingSchema, entity));
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('each warning, on the query that shows it', () => {
  test.for<[string, SchedulingEntityName, string[]]>([
    ['agent.role IN [User,Administrator]', 'agent', ['bracketed_list']],
    ['agent.name LIKE %john%', 'agent', ['percent_in_like']],
    ['agent.name NOT_LIKE john%', 'agent', ['percent_in_like']],
    ['agent.url_slug EQ NULL', 'agent', ['null_as_text']],
    ['agent.url_slug NOT_EQ "null"', 'agent', ['null_as_text']],
    ['agent.created_at GTE 1688169600000', 'agent', ['milliseconds_timestamp']],
    ['agent.name LIKE ""', 'agent', ['empty_like']],
    ['agent.role IN User,Administrator,User', 'agent', ['duplicate_value']],
    ['agent.name EQ a OR agent.name EQ a', 'agent', ['duplicate_predicate']],
    ['agent.created_at GT 2024-01-01 AND agent.created_at LT 2023-01-01', 'agent', ['empty_range']],
    ['agent.created_at GT 2024-01-01 AND agent.created_at LTE 2024-01-01', 'agent', ['empty_range']],
    ['agent.role EQ User AND agent.role EQ Owner', 'agent', ['empty_range']],
  ])('%s → %j', ([text, entity, expected]) => {
    expect(codes(text, entity)).toEqual(expected);
  });

  test.for<[string, SchedulingEntityName]>([
    ['agent.role IN User,Administrator', 'agent'],
    ['agent.name LIKE john', 'agent'],
    ['agent.name LIKE "50%"', 'agent'],
    ['agent.url_slug EQ null', 'agent'],
    ['agent.name EQ NULL', 'agent'],
    ['agent.created_at GTE 1688169600', 'agent'],
    ['agent.created_at GTE 2024-01-01 AND agent.created_at LTE 2024-01-01', 'agent'],
    ['agent.created_at GT 2024-01-01 OR agent.created_at LT 2023-01-01', 'agent'],
    // Some element may meet one predicate and another element the other.
    ['scheduling_request.agent_id EQ agnt_a AND scheduling_request.agent_id EQ agnt_b', 'scheduling_request'],
    ['agent.name EQ a AND (agent.name EQ a OR agent.role EQ User)', 'agent'],
  ])('no warning: %s', ([text, entity]) => {
    expect(codes(text, entity)).toEqual([]);
  });
});

describe('messages, spans and fixes', () => {
  test('agent.role IN [User,Administrator]', () => {
    const w = only('agent.role IN [User,Administrator]');
    expect(w.message).toMatchInlineSnapshot(`"agent.role IN reads "[User" and "Administrator]" with their brackets: a list is written without them."`);
    expect(w.fix).toBe('agent.role IN User,Administrator');
    expect([w.span, w.position]).toEqual([{ start: 0, end: 34 }, { offset: 0, line: 1, column: 1 }]);
  });
  test('agent.name LIKE %john%', () => {
    const w = only('agent.name LIKE %john%');
    expect(w.message).toMatchInlineSnapshot(`"LIKE finds "john" anywhere in agent.name by itself; the % is searched for as a character."`);
    expect(w.fix).toBe('agent.name LIKE john');
  });
  test('agent.url_slug EQ NULL', () => {
    expect(only('agent.url_slug EQ NULL').fix).toBe('agent.url_slug EQ null');
  });
  test('agent.created_at GTE 1688169600000', () => {
    const w = only('agent.created_at GTE 1688169600000');
    expect(w.message).toMatchInlineSnapshot(`"1688169600000 is read as Unix seconds, a date in the year 55465; in milliseconds it would be 2023-07-01T00:00:00.000Z: divide by 1000."`);
    expect(w.fix).toBe('agent.created_at GTE 1688169600');
  });
  test('the contradiction is reported at the last predicate of the attribute', () => {
    const w = only('agent.name LIKE a AND agent.created_at GT 2024-01-01 AND agent.created_at LT 2023-01-01');
    expect(w.position.column).toBe(58);
  });
});

const shop = defineSchema({ entities: { product: { attributes: { price: { type: 'Number' } } } } });

/**
 * A query that shows each code, and only it: the record's type wants one for every code, so a new
 * code does not compile until it has one. A `product.` query is of the shop schema above, the
 * others of the scheduling one; the entity is the attribute's prefix.
 */
const EXAMPLES: Record<WarningCode, string> = {
  bracketed_list: 'agent.role IN [User,Administrator]',
  percent_in_like: 'agent.name LIKE %john%',
  null_as_text: 'agent.url_slug EQ NULL',
  milliseconds_timestamp: 'agent.created_at GTE 1688169600000',
  empty_like: 'agent.name LIKE ""',
  duplicate_predicate: 'agent.name EQ a OR agent.name EQ a',
  duplicate_value: 'agent.role IN User,Administrator,User',
  empty_range: 'agent.created_at GT 2024-01-01 AND agent.created_at LT 2023-01-01',
  number_rounded: 'product.price LT 1.00000000000000001',
  negated_predicate: 'agent.role EQ User AND NOT (agent.name LIKE jo)',
  anchor_in_like: 'agent.name LIKE ^jo',
};

test.for(Object.entries(EXAMPLES))('every code has a query that shows it: %s', ([code, text]) => {
  const entity = text.slice(0, text.indexOf('.'));
  const found = entity === 'product' ? warnings(check(text, shop, 'product')) : warnings(check(text, schedulingSchema, entity as SchedulingEntityName));
  expect(found.map((w) => w.code)).toEqual([code]);
});

describe('number_rounded: a Number literal the double it is read as does not keep', () => {
  const found = (text: string) => warnings(check(text, shop, 'product')).map((w) => `${w.code}: ${w.message}`);

  test.for<[string, string[]]>([
    ['product.price EQ 1.00000000000000001', ['number_rounded: 1.00000000000000001 is read as 1: a Number keeps about 16 significant digits, so product.price is compared with 1.']],
    ['product.price GT 9007199254740993e0', ['number_rounded: 9007199254740993e0 is read as 9007199254740992: a Number keeps about 16 significant digits, so product.price is compared with 9007199254740992.']],
    ['product.price EQ 1e-400', ['number_rounded: 1e-400 is read as 0: it is closer to 0 than the smallest double, so product.price is compared with 0.']],
    // Written as the double prints back, in any spelling: nothing is lost.
    ['product.price IN 0.1, 2.50e3, -0, 0.30000000000000004, 1e21, -1.5E-7', []],
  ])('%s', ([text, expected]) => {
    expect(found(text)).toEqual(expected);
  });
});

describe('fixes that check accepts; quoted values are what the user meant', () => {
  const shelf = defineSchema({
    entities: {
      a: {
        attributes: {
          s: { type: 'String', values: ['b]', 'c', '[d', 'd', 'e]', 'e'] },
          t: { type: 'String' },
          n: { type: 'String', nullable: true },
        },
      },
    },
  });
  const found = (text: string, profile?: 'timezest') =>
    warnings(check(text, shelf, 'a', { profile }), { profile }).map((w) => `${w.code}${w.fix === undefined ? '' : ` → ${w.fix}`}`);

  test.for<[string, string[]]>([
    // Quoted, the bracket is part of the value on purpose.
    ['a.s IN "b]"', []],
    ['a.t IN "[x",y]', ['bracketed_list → a.t IN "[x",y']],
    ['a.t IN "[x","y]"', []],
    // The closed set holds b]: c,b] reads two of its values, and c,b is no better.
    ['a.s IN c,b]', []],
    // [d and e] are values of their own, but so are d and e: the brackets are more likely a mistake.
    ['a.s IN [d,e]', ['bracketed_list → a.s IN d,e']],
    ['a.t IN [x]', ['bracketed_list → a.t IN x']],
    ['a.t IN []', ['bracketed_list → a.t IN ""']],
    ['a.t IN [x,"m[n",y]', ['bracketed_list → a.t IN x,"m[n",y']],
    ['a.t NOT_IN [null]', ['bracketed_list → a.t NOT_IN "null"']],
    // The fix writes the value as the printer quotes it.
    ['a.t LIKE %a\u0001b%', ['percent_in_like → a.t LIKE a\u0001b']],
    ['a.t LIKE %null', ['percent_in_like → a.t LIKE "null"']],
    ['a.n EQ NULL', ['null_as_text → a.n EQ null']],
  ])('%s', ([text, expected]) => {
    expect(found(text)).toEqual(expected);
    for (const w of warnings(check(text, shelf, 'a'))) {
      if (w.fix !== undefined) expect(check(text.slice(0, w.span.start) + w.fix + text.slice(w.span.end), shelf, 'a').text).toContain(w.fix);
    }
  });

  test('under the timezest profile, which has no null, null_as_text comes without a fix', () => {
    expect(found('a.n EQ NULL', 'timezest')).toEqual(['null_as_text']);
    expect(warnings(check('a.n EQ NULL', shelf, 'a', { profile: 'timezest' }), { profile: 'timezest' })[0]!.message).toMatchInlineSnapshot(
      `"a.n EQ NULL compares with the text "NULL"; testing for no value (null) needs the extended profile."`,
    );
  });
});
