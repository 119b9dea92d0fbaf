/**
 * STARTS_WITH and ENDS_WITH through the language's front end: parsing and printing, the
 * timezest profile's refusal, and what hover, completion and warnings say of them.
 */
import { describe, expect, test } from 'vitest';
import { check, safeCheck } from '../../src/api/check.js';
import { print } from '../../src/ast/print.js';
import { stripSpans } from '../../src/ast/strip-spans.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { parse } from '../../src/parser/parse.js';
import { complete } from '../../src/tooling/completion.js';
import { hover } from '../../src/tooling/hover.js';
import { warnings } from '../../src/tooling/warnings.js';

describe('parsing and printing', () => {
  test.for([
    ['agent.name~STARTS_WITH~jo', 'agent.name STARTS_WITH jo'],
    ['agent.name ENDS_WITH "son, jr."', 'agent.name~ENDS_WITH~"son, jr."'],
  ] as const)('%s prints back to the same tree in both styles', ([text, other]) => {
    const tree = (t: string) => stripSpans(parse(t).expression);
    expect(tree(print(parse(text), { style: 'url' }))).toEqual(tree(text));
    expect(tree(print(parse(text), { style: 'readable' }))).toEqual(tree(text));
    expect(tree(other)).toEqual(tree(text));
  });

  test('agent.name STARTS_WITHjo: the operator must end at a separator', () => {
    expect(() => parse('agent.name STARTS_WITHjo')).toThrow(/STARTS_WITH/);
  });
});

describe('the timezest profile refuses each, naming it', () => {
  test('agent.name STARTS_WITH jo AND agent.email ENDS_WITH .com', () => {
    const r = safeCheck('agent.name STARTS_WITH jo AND agent.email ENDS_WITH .com', schedulingSchema, 'agent', { profile: 'timezest' });
    expect(r.ok ? undefined : r.error.issues.map((i) => `${i.code} ${i.span.start}-${i.span.end}: ${i.message}`)).toMatchInlineSnapshot(`
      [
        "profile_violation 11-22: STARTS_WITH is not part of the timezest profile, which only joins predicates with AND; use LIKE, which finds the value anywhere in the text, or use the extended profile.",
        "profile_violation 42-51: ENDS_WITH is not part of the timezest profile, which only joins predicates with AND; use LIKE, which finds the value anywhere in the text, or use the extended profile.",
      ]
    `);
  });

  test('the extended profile (the default) takes them', () => {
    expect(safeCheck('agent.name STARTS_WITH jo AND agent.email ENDS_WITH .com', schedulingSchema, 'agent').ok).toBe(true);
  });

  test('team.created_at STARTS_WITH 2023: only String attributes take them', () => {
    const r = safeCheck('team.created_at STARTS_WITH 2023', schedulingSchema, 'team');
    expect(r.ok ? undefined : r.error.issues[0]!.code).toBe('operator_not_allowed');
  });
});

describe('hover', () => {
  test('the operator, under timezest: its meaning and that the profile leaves it out', () => {
    expect(hover('agent.name STARTS_WITH jo', 13, schedulingSchema, 'agent', { profile: 'timezest' })?.detail).toMatchInlineSnapshot(`
      "begins with the value, ignoring case; every character is literal.
      Not part of the timezest profile, which only joins predicates with AND."
    `);
  });

  test.for([
    ['agent.name STARTS_WITH jo', 'The text "jo", found at the start of agent.name, ignoring case.'],
    ['agent.name ENDS_WITH jo', 'The text "jo", found at the end of agent.name, ignoring case.'],
    ['agent.name LIKE jo', 'The text "jo", found anywhere in agent.name, ignoring case.'],
  ] as const)('the value of %s', ([text, detail]) => {
    expect(hover(text, text.length, schedulingSchema, 'agent')?.detail).toBe(detail);
  });
});

describe('completion of an operator', () => {
  const operators = (profile: 'extended' | 'timezest') => complete('agent.name ', 11, schedulingSchema, 'agent', { profile }).items.map((i) => i.label);

  test('extended offers both; timezest neither', () => {
    expect(operators('extended')).toEqual(['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN', 'STARTS_WITH', 'ENDS_WITH']);
    expect(operators('timezest')).toEqual(['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN']);
  });
});

describe('warnings: LIKE ^jo and LIKE son$ search for the anchor as a character', () => {
  const found = (text: string, profile: 'extended' | 'timezest' = 'extended') =>
    warnings(check(text, schedulingSchema, 'agent', { profile }), { profile }).map((w) => ({ code: w.code, fix: w.fix }));

  test.for([
    ['agent.name LIKE ^jo', [{ code: 'anchor_in_like', fix: 'agent.name STARTS_WITH jo' }]],
    ['agent.name LIKE son$', [{ code: 'anchor_in_like', fix: 'agent.name ENDS_WITH son' }]],
    ['agent.name~LIKE~^jo', [{ code: 'anchor_in_like', fix: 'agent.name~STARTS_WITH~jo' }]],
    // Quoted, the ^ is meant; NOT_LIKE has no prefix form to suggest; a lone ^ is a search for it.
    ['agent.name LIKE "^jo"', []],
    ['agent.name NOT_LIKE ^jo', []],
    ['agent.name LIKE ^', []],
    ['agent.name STARTS_WITH jo%', [{ code: 'percent_in_like', fix: 'agent.name STARTS_WITH jo' }]],
    ['agent.name ENDS_WITH ""', [{ code: 'empty_like', fix: undefined }]],
  ] as const)('%s', ([text, expected]) => {
    expect(found(text)).toEqual(expected);
  });

  test('under timezest the warning stays, without a fix it could not check', () => {
    expect(found('agent.name LIKE ^jo', 'timezest')).toEqual([{ code: 'anchor_in_like', fix: undefined }]);
    expect(warnings(check('agent.name LIKE ^jo', schedulingSchema, 'agent', { profile: 'timezest' }), { profile: 'timezest' })[0]!.message).toMatchInlineSnapshot(
      `"LIKE finds "^jo" anywhere in agent.name, ^ included: the ^ is searched for as a character."`,
    );
  });

  test('the message of agent.name LIKE ^jo', () => {
    expect(warnings(check('agent.name LIKE ^jo', schedulingSchema, 'agent'))[0]!.message).toMatchInlineSnapshot(
      `"LIKE finds "^jo" anywhere in agent.name, ^ included: the ^ is searched for as a character; to find it at the start of agent.name, write STARTS_WITH."`,
    );
  });
});
