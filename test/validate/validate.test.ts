import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { OPERATORS } from '../../src/ast/nodes.js';
import { isTqlError, type TqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { ATTRIBUTE_TYPES } from '../../src/schema/types.js';
import { defineSchema } from '../../src/schema/define-schema.js';
import type { Condition } from '../../src/validate/validated-query.js';
import { safeValidate, validate } from '../../src/validate/validate.js';
import { parse } from '../../src/parser/parse.js';
import type { Query } from '../../src/ast/nodes.js';
import { tqlErrorOf } from '../support/tql-error.js';
import { entityOf } from '../support/entity-of.js';

// ---- helpers ----

/** A condition as a compact S-expression: `(and (EQ agent.name "x") …)`. */
function sexpr(c: Condition): string {
  switch (c.kind) {
    case 'And':
    case 'Or':
      return `(${c.kind.toLowerCase()} ${c.operands.map(sexpr).join(' ')})`;
    case 'Not':
      return `(not ${sexpr(c.operand)})`;
    case 'Comparison':
      return `(${c.operator} ${c.attribute.path} ${JSON.stringify(c.value)})`;
  }
}

function validated(text: string, options = {}): string {
  return sexpr(check(text, schedulingSchema, entityOf(text), { ...options, cache: false }).condition);
}

function failure(text: string, options = {}, entity = entityOf(text)): TqlError {
  return tqlErrorOf(() => check(text, schedulingSchema, entity, { ...options, cache: false }));
}

function codes(text: string, options = {}): string[] {
  return failure(text, options).issues.map((i) => i.code);
}

// ---- tests ----

describe('the examples of the public dialect validate and normalize', () => {
  test.for([
    ['agent.name~LIKE~john', '(LIKE agent.name "john")'],
    ['agent.two_factor_enabled EQ false', '(EQ agent.two_factor_enabled false)'],
    [
      'scheduling_request.selected_start_time GTE 2023-07-01 AND scheduling_request.selected_start_time LTE 2023-08-01',
      '(and (GTE scheduling_request.selected_start_time 1688169600) (LTE scheduling_request.selected_start_time 1690848000))',
    ],
    [
      'scheduling_request.status~EQ~scheduled~AND~scheduling_request.end_user_email~LIKE~@example.com',
      '(and (EQ scheduling_request.status "scheduled") (LIKE scheduling_request.end_user_email "@example.com"))',
    ],
    ['scheduling_request.status~IN~new,sent', '(IN scheduling_request.status ["new","sent"])'],
    ['scheduling_request.team_id~EQ~team_W4hPN4gKvru7c4BWerF4d', '(EQ scheduling_request.team_id "team_W4hPN4gKvru7c4BWerF4d")'],
    [
      'scheduling_request.end_user_name~EQ~"Pat Smith"~AND~scheduling_request.status~EQ~sent',
      '(and (EQ scheduling_request.end_user_name "Pat Smith") (EQ scheduling_request.status "sent"))',
    ],
    ['scheduling_request.selected_start_time~GTE~1700000000', '(GTE scheduling_request.selected_start_time 1700000000)'],
    ['resource.url_slug NOT_IN alice,bob', '(NOT_IN resource.url_slug ["alice","bob"])'],
  ] as const)('%s', ([text, expected]) => {
    expect(validated(text)).toBe(expected);
    expect(validated(text, { profile: 'timezest' }), 'timezest').toBe(expected);
  });
});

describe('values are typed and normalized', () => {
  test.for([
    ['agent.schedulable EQ true', '(EQ agent.schedulable true)'],
    ['scheduling_request.psa_a_company_id EQ 00042', '(EQ scheduling_request.psa_a_company_id 42)'],
    ['scheduling_request.psa_b_ticket_number EQ #1234', '(EQ scheduling_request.psa_b_ticket_number "1234")'],
    ['scheduling_request.psa_b_ticket_number IN #1,2', '(IN scheduling_request.psa_b_ticket_number ["1","2"])'],
    ['scheduling_request.psa_a_ticket_number EQ #1234', '(EQ scheduling_request.psa_a_ticket_number "#1234")'],
    ['scheduling_request.scheduled_at EQ null', '(EQ scheduling_request.scheduled_at null)'],
    ['scheduling_request.scheduled_at LT 2023-07-01T12:00:00Z', '(LT scheduling_request.scheduled_at 1688212800)'],
    ['agent.url_slug NOT_EQ null', '(NOT_EQ agent.url_slug null)'],
    ['agent.name EQ "null"', '(EQ agent.name "null")'],
    ['agent.name EQ AND', '(EQ agent.name "AND")'],
    ['agent.role LIKE Custom', '(LIKE agent.role "Custom")'],
    ['scheduling_request.status LIKE SCHED', '(LIKE scheduling_request.status "SCHED")'],
    [
      '(agent.name LIKE a OR (agent.name LIKE b OR agent.name LIKE c)) AND ((agent.schedulable EQ true))',
      '(and (or (LIKE agent.name "a") (LIKE agent.name "b") (LIKE agent.name "c")) (EQ agent.schedulable true))',
    ],
  ] as const)('%s', ([text, expected]) => {
    expect(validated(text)).toBe(expected);
  });

  test('dates without an offset are read in the caller’s time zone', () => {
    expect(validated('agent.created_at GTE 2023-07-01', { timeZone: 'Europe/Berlin' })).toBe('(GTE agent.created_at 1688162400)');
  });
});

describe('every (type, operator) pair outside the API spec’s tables is rejected', () => {
  const schema = defineSchema({
    entities: {
      t: {
        attributes: {
          id: { type: 'ID', id: { kind: 'integer' } },
          string: { type: 'String' },
          timestamp: { type: 'Timestamp' },
          boolean: { type: 'Boolean' },
          number: { type: 'Number' },
        },
      },
    },
  });
  const sample = { ID: '7', String: 'x', Timestamp: '2023-07-01', Boolean: 'true', Number: '-1.5' } as const;
  // The API spec's table, written out here rather than read from DEFAULT_OPERATORS, the table under test.
  const SPEC: { readonly [T in (typeof ATTRIBUTE_TYPES)[number]]: readonly string[] } = {
    ID: ['EQ', 'NOT_EQ'],
    String: ['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH'],
    Timestamp: ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE'],
    Boolean: ['EQ', 'NOT_EQ'],
    Number: ['EQ', 'NOT_EQ', 'LT', 'LTE', 'GT', 'GTE', 'IN', 'NOT_IN'],
  };
  const pairs = ATTRIBUTE_TYPES.flatMap((type) => OPERATORS.map((op) => [type, op] as const));
  test.for(pairs)('%s %s', ([type, op]) => {
    const text = `t.${type.toLowerCase()} ${op} ${sample[type]}`;
    const allowed = SPEC[type].includes(op);
    let code: string | undefined;
    try {
      check(text, schema, 't');
    } catch (e) {
      code = isTqlError(e) ? e.code : 'not a TqlError';
    }
    expect(code).toBe(allowed ? undefined : 'operator_not_allowed');
  });
});

describe('the timezest profile accepts only AND', () => {
  test.for([
    ['agent.name EQ a OR agent.name EQ b', ['profile_violation']],
    ['(agent.name EQ a) AND agent.schedulable EQ true', ['profile_violation']],
    ['agent.url_slug EQ null', ['profile_violation']],
    ['agent.name EQ a OR (agent.url_slug EQ null)', ['profile_violation', 'profile_violation', 'profile_violation']],
  ] as const)('%s', ([text, expected]) => {
    expect(codes(text, { profile: 'timezest' })).toEqual(expected);
    expect(() => check(text, schedulingSchema, 'agent', { cache: false }), 'extended').not.toThrow();
  });

  test('the message names the extension', () => {
    expect(failure('agent.name EQ a OR agent.name EQ b', { profile: 'timezest' }).message).toMatchInlineSnapshot(`
      "1:17 profile_violation: OR is not part of the timezest profile, which only joins predicates with AND; run one query per alternative, or use the extended profile.
        agent.name EQ a OR agent.name EQ b
                        ^^"
    `);
    expect(failure('(agent.name EQ a)', { profile: 'timezest' }).message).toMatchInlineSnapshot(`
      "1:1 profile_violation: Parentheses are not part of the timezest profile, which only joins predicates with AND; write the conditions joined by AND only, or use the extended profile.
        (agent.name EQ a)
        ^^^^^^^^^^^^^^^^^"
    `);
    expect(failure('agent.url_slug EQ null', { profile: 'timezest' }).message).toMatchInlineSnapshot(`
      "1:19 profile_violation: null is not part of the timezest profile, which only joins predicates with AND; leave the predicate out, or use the extended profile.
        agent.url_slug EQ null
                          ^^^^"
    `);
  });
});

describe('issues, all at once, with messages a person can act on', () => {
  test('unknown attribute with did-you-mean', () => {
    expect(failure('agent.emial LIKE x').message).toMatchInlineSnapshot(`
      "1:1 unknown_attribute: agent has no attribute emial. Did you mean agent.email? Filterable: name, email, role, schedulable, two_factor_enabled, url_slug, created_at.
        agent.emial LIKE x
        ^^^^^^^^^^^"
    `);
  });
  test('plural entity prefix', () => {
    expect(failure('agents.two_factor_enabled EQ false', {}, 'agent').message).toMatchInlineSnapshot(`
      "1:1 unknown_entity: agents.two_factor_enabled: "agents" is not an entity of this schema; this query filters agent, so write agent.<attribute>. Did you mean agent.two_factor_enabled?
        agents.two_factor_enabled EQ false
        ^^^^^^"
    `);
  });
  test('order list filtered by agent.name~EQ~x: what was written first, then the entity to write', () => {
    const orders = defineSchema({ entities: { order: { attributes: { name: { type: 'String' } } } } });
    expect(tqlErrorOf(() => check('agent.name~EQ~x', orders, 'order')).message).toMatchInlineSnapshot(`
      "1:1 unknown_entity: agent.name: "agent" is not an entity of this schema; this query filters order, so write order.<attribute>.
        agent.name~EQ~x
        ^^^^^"
    `);
    expect(tqlErrorOf(() => check('ordr.name~EQ~x', orders, 'order')).message).toMatchInlineSnapshot(`
      "1:1 unknown_entity: ordr.name: "ordr" is not an entity of this schema; this query filters order, so write order.<attribute>. Did you mean order.name?
        ordr.name~EQ~x
        ^^^^"
    `);
  });
  test('attribute of another entity', () => {
    expect(failure('agent.name EQ x', {}, 'resource').message).toMatchInlineSnapshot(`
      "1:1 wrong_entity: agent.name: agent is another entity of this schema; this query filters resource, so write resource.<attribute>.
        agent.name EQ x
        ^^^^^"
    `);
  });
  test('operator not allowed for the type', () => {
    expect(failure('agent.created_at LIKE 2023').message).toMatchInlineSnapshot(`
      "1:18 operator_not_allowed: LIKE is not allowed on a Timestamp (agent.created_at); use EQ, NOT_EQ, LT, LTE, GT or GTE.
        agent.created_at LIKE 2023
                         ^^^^"
    `);
  });
  test('bad values for each type', () => {
    expect(failure('agent.created_at GTE 2023-02-30').message).toMatchInlineSnapshot(`
      "1:22 invalid_value: agent.created_at is a Timestamp: 2023-02-30 is not a date: February 2023 has 28 days.
        agent.created_at GTE 2023-02-30
                             ^^^^^^^^^^"
    `);
    expect(failure('agent.schedulable EQ yes').message).toMatchInlineSnapshot(`
      "1:22 invalid_value: agent.schedulable is a Boolean: write true or false, not "yes".
        agent.schedulable EQ yes
                             ^^^"
    `);
    expect(failure('scheduling_request.psa_a_company_id EQ agnt_x').message).toMatchInlineSnapshot(`
      "1:40 invalid_value: scheduling_request.psa_a_company_id takes integer ids (such as 12345); "agnt_x" is not an integer id.
        scheduling_request.psa_a_company_id EQ agnt_x
                                               ^^^^^^"
    `);
    expect(failure('scheduling_request.team_id EQ agnt_2FLuERxvOVglKiEzLbqW7').message).toMatchInlineSnapshot(`
      "1:31 wrong_id_prefix: "agnt_2FLuERxvOVglKiEzLbqW7" is the id of an agent, so it can never match scheduling_request.team_id, which takes the id of a team (team_…).
        scheduling_request.team_id EQ agnt_2FLuERxvOVglKiEzLbqW7
                                      ^^^^^^^^^^^^^^^^^^^^^^^^^^"
    `);
    expect(failure('scheduling_request.agent_id EQ 42').message).toMatchInlineSnapshot(`
      "1:32 invalid_value: scheduling_request.agent_id takes the id of an agent: agnt_ followed by letters and digits, not "42".
        scheduling_request.agent_id EQ 42
                                       ^^"
    `);
  });
  test('list given to a single-value operator', () => {
    expect(failure('agent.name EQ john,jane').message).toMatchInlineSnapshot(`
      "1:15 list_not_allowed: EQ takes one value, but 2 were given; to match any of several values use IN.
        agent.name EQ john,jane
                      ^^^^^^^^^"
    `);
    expect(failure('agent.created_at GT 1,2').message).toMatchInlineSnapshot(`
      "1:21 list_not_allowed: GT takes one value, but 2 were given; to compare with several values, join predicates with OR.
        agent.created_at GT 1,2
                            ^^^"
    `);
  });
  test('null where it cannot be', () => {
    expect(failure('agent.name EQ null').message).toMatchInlineSnapshot(`
      "1:15 null_not_allowed: agent.name is never null, so comparing it with null is always false; to compare with the text null, write "null".
        agent.name EQ null
                      ^^^^"
    `);
    expect(failure('scheduling_request.scheduled_at GT null').message).toMatchInlineSnapshot(`
      "1:36 null_not_allowed: null can only be compared with EQ or NOT_EQ, not GT.
        scheduling_request.scheduled_at GT null
                                           ^^^^"
    `);
    expect(failure('agent.url_slug IN a,null').message).toMatchInlineSnapshot(`
      "1:21 null_not_allowed: null cannot be in a list; write agent.url_slug EQ null OR agent.url_slug IN … instead.
        agent.url_slug IN a,null
                            ^^^^"
    `);
  });
  test('value outside a closed set', () => {
    expect(failure('scheduling_request.status IN new,Scheduled,canceled').message).toMatchInlineSnapshot(`
      "1:34 value_not_allowed: "Scheduled" is not a value of scheduling_request.status, which is one of new, sent, scheduled, cancelled, closed. Did you mean scheduled?
        scheduling_request.status IN new,Scheduled,canceled
                                         ^^^^^^^^^
      1:44 value_not_allowed: "canceled" is not a value of scheduling_request.status, which is one of new, sent, scheduled, cancelled, closed. Did you mean cancelled?
        scheduling_request.status IN new,Scheduled,canceled
                                                   ^^^^^^^^"
    `);
  });
  test('characters that cannot be stored', () => {
    expect(failure('agent.name EQ "a\u0000b"').message).toMatchInlineSnapshot(`
      "1:15 invalid_character: Values cannot contain the NUL character (U+0000); remove it.
        agent.name EQ "a␀b"
                      ^^^^^"
    `);
  });
  test('characters that cannot be stored, bare or quoted, in any value of a list', () => {
    // check() skips the scan for values the parser saw to be plain: these must still be found.
    expect(codes('agent.name EQ a\u0000b')).toEqual(['invalid_character']);
    expect(codes('agent.name IN x,"y\ud800",z')).toEqual(['invalid_character']);
    expect(codes('agent.name IN x,y\udc00z')).toEqual(['invalid_character']);
    expect(failure('agent.name EQ "\udfff"').issues[0]?.message).toBe('Values cannot contain a lone surrogate (U+DFFF); remove it.');
    // Characters above U+8000 that are not surrogates are fine, as is a surrogate pair.
    expect(check('agent.name IN 日本,"\u8001",\ud83d\ude00', schedulingSchema, 'agent', { cache: false }).condition).toMatchObject({
      value: ['日本', '\u8001', '\ud83d\ude00'],
    });
  });
  test('every issue is reported, in text order', () => {
    expect(codes('agent.nme EQ x AND agent.schedulable EQ maybe AND agent.created_at LIKE y')).toEqual([
      'unknown_attribute',
      'invalid_value',
      'operator_not_allowed',
    ]);
  });
  test('an unknown entity or time zone is a TqlError about the options', () => {
    expect(() => check('agent.name EQ x', schedulingSchema, 'agnet' as 'agent')).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: The schema has no entity "agnet". Did you mean agent? Entities: scheduling_request, agent, resource, team.]`);
    expect(() => check('agent.name EQ x', schedulingSchema, 'agent', { timeZone: 'Mars/Olympus' })).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: "Mars/Olympus" is not an IANA time zone this runtime knows (for example "Europe/Berlin" or "UTC").]`);
  });
});

describe('check caches', () => {
  test('a repeated query returns the same validated object', () => {
    const a = check('agent.name LIKE cache', schedulingSchema, 'agent');
    expect(check('agent.name LIKE cache', schedulingSchema, 'agent')).toBe(a);
    expect(check('agent.name LIKE cache', schedulingSchema, 'agent', { timeZone: 'Europe/Berlin' })).not.toBe(a);
    expect(check('agent.name LIKE cache', schedulingSchema, 'agent', { cache: false })).not.toBe(a);
  });
});

describe('hand-built trees', () => {
  test('an AND of 300,000 operands is checked without overflowing the call stack', () => {
    const leaf = parse('agent.name EQ x').expression;
    const span = { start: 0, end: 15 };
    const tree = { kind: 'Query', text: 'agent.name EQ x', span, expression: { kind: 'And', span, operands: new Array(300_000).fill(leaf) } };
    // With the predicate limit lifted: by default such a tree is refused (tree-limits.test.ts).
    const r = safeValidate(tree as unknown as Query, schedulingSchema, 'agent', { limits: { maxPredicates: Infinity } });
    expect(r.ok && r.value.condition.kind === 'And' && r.value.condition.operands.length).toBe(300_000);
  });
});

describe('safeValidate returns what validate throws, bad options included', () => {
  const tree = parse('agent.name EQ x');
  test.for([
    ['limits.maxPredicates -1', { limits: { maxPredicates: -1 } }],
    ['limits 5', { limits: 5 }],
    ['limits.maxDepth "x"', { limits: { maxDepth: 'x' } }],
    ['profile "nope"', { profile: 'nope' }],
    ['timeZone "Mars/Base"', { timeZone: 'Mars/Base' }],
  ] as const)('%s', ([, options]) => {
    const r = safeValidate(tree, schedulingSchema, 'agent', options as never);
    expect(r.ok ? 'ok' : r.error.code).toBe('invalid_option');
    expect(() => validate(tree, schedulingSchema, 'agent', options as never)).toThrow(r.ok ? 'nothing' : r.error.message);
  });
});
