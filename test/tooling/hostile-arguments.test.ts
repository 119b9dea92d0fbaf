/**
 * The tooling functions called the way plain JavaScript callers call them: wrong types, options
 * of any shape, offsets of any kind, instants past JavaScript's dates. Each answers with a result
 * or a TqlError (`invalid_input` for the text, the offset and the query; `invalid_option` for the
 * options), as `check` does.
 */
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { schedulingSchema as S } from '../../src/models/scheduling/schema.js';
import { parse } from '../../src/parser/parse.js';
import { complete } from '../../src/tooling/completion.js';
import { hover } from '../../src/tooling/hover.js';
import { warnings } from '../../src/tooling/warnings.js';
import { tqlErrorOf } from '../support/tql-error.js';

/** Plain JavaScript: any argument at all. */
type Loose = (...args: unknown[]) => unknown;
const completeAny = complete as Loose;
const hoverAny = hover as Loose;
const warningsAny = warnings as Loose;

const NOW = Date.UTC(2026, 10, 25, 12);

describe('hover shows an instant past JavaScript’s dates in Unix seconds', () => {
  test('hover("agent.created_at EQ 8640000000001", 33)', () => {
    const h = hover('agent.created_at EQ 8640000000001', 33, S, 'agent');
    expect(h?.detail).toMatchInlineSnapshot(`"8640000000001 in Unix seconds, past the dates JavaScript can show (the year 275760). In milliseconds it would be 2243-10-17T00:00:00.001Z: divide by 1000."`);
  });

  test.for<[string, string]>([
    ['agent.created_at GT 99999999999999', '99999999999999 in Unix seconds, past the dates JavaScript can show (the year 275760).'],
    ['agent.created_at LT 8640000000000', '8640000000000 in Unix seconds: +275760-09-13T00:00:00Z, 275760-09-13 02:00 in Europe/Berlin. In milliseconds it would be 2243-10-17T00:00:00Z: divide by 1000.'],
  ])('hover(%j) at its end, in Europe/Berlin', ([text, detail]) => {
    expect(check(text, S, 'agent').text).toBe(text);
    expect(hover(text, text.length, S, 'agent', { timeZone: 'Europe/Berlin' })?.detail).toBe(detail);
  });

  test('the milliseconds warning names the year of such an instant', () => {
    const [w] = warnings(check('agent.created_at EQ 8640000000001', S, 'agent'));
    expect(w?.message).toMatchInlineSnapshot(`"8640000000001 is read as Unix seconds, a date in the year 275760; in milliseconds it would be 2243-10-17T00:00:00.001Z: divide by 1000."`);
  });
});

describe('complete(…, { now }) takes a time a query can write, else invalid_option', () => {
  test.for<[string, unknown]>([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['1e20', 1e20],
    ["'yesterday'", 'yesterday'],
    ['-1', -1],
    ['the first millisecond of 10000', Date.UTC(10000, 0, 1)],
    ['a Date', new Date(NOW)],
  ])('now: %s', ([, now]) => {
    const e = tqlErrorOf(() => completeAny('agent.created_at EQ ', 20, S, 'agent', { now }));
    expect([e.code, e.message.startsWith('invalid_option: now is a time in Unix milliseconds from 0 (1970) to 253402300799999 (the end of 9999)')]).toEqual(['invalid_option', true]);
  });

  test('the message', () => {
    expect(tqlErrorOf(() => completeAny('agent.created_at EQ ', 20, S, 'agent', { now: NaN })).message).toMatchInlineSnapshot(
      `"invalid_option: now is a time in Unix milliseconds from 0 (1970) to 253402300799999 (the end of 9999), such as Date.now(), not NaN."`,
    );
  });

  test.for<[string, unknown, string[]]>([
    ['null: now', null, []],
    ['0', 0, ['1970-01-01', '1970-01-01T00:00:00Z', '0', 'now-1d', 'now-7d']],
    ['the last millisecond of 9999', Date.UTC(9999, 11, 31, 23, 59, 59, 999), ['9999-12-31', '9999-12-31T23:59:59Z', '253402300799', 'now-1d', 'now-7d']],
  ])('now: %s', ([, now, labels]) => {
    const items = completeAny('agent.created_at EQ ', 20, S, 'agent', { now }) as ReturnType<typeof complete>;
    expect(items.items).toHaveLength(5);
    if (labels.length > 0) expect(items.items.map((i) => i.label)).toEqual(labels);
    for (const i of items.items) expect(check(`agent.created_at EQ ${i.insert}`, S, 'agent').text).toContain(i.insert);
  });
});

describe('wrong types: invalid_input, as check answers', () => {
  test.for<[string, () => unknown, string]>([
    ['complete(t, 20, S, "agent", null)', () => completeAny('agent.created_at EQ ', 20, S, 'agent', null), 'result'],
    ['complete(5, 0, S, "agent")', () => completeAny(5, 0, S, 'agent'), 'invalid_input: complete takes the query text as a string, not 5.'],
    ['complete("agent.na", "8", S, "agent")', () => completeAny('agent.na', '8', S, 'agent'), 'invalid_input: complete takes the cursor as a number (UTF-16 code units from the start of the text), not "8".'],
    ['complete("agent.na", 8, S, "agent", "timezest")', () => completeAny('agent.na', 8, S, 'agent', 'timezest'), 'invalid_option: complete\'s options are an object such as { profile: "timezest" }, not "timezest".'],
    ['hover(null, 0, S, "agent")', () => hoverAny(null, 0, S, 'agent'), 'invalid_input: hover takes the query text as a string, not null.'],
    ['hover(["a"], 0, S, "agent")', () => hoverAny(['a'], 0, S, 'agent'), 'invalid_input: hover takes the query text as a string, not a list.'],
    ['hover("agent.name", 0, S, "agent", null)', () => hoverAny('agent.name', 0, S, 'agent', null), 'result'],
    ['hover("agent.name", 0, S, "agent", [])', () => hoverAny('agent.name', 0, S, 'agent', []), 'invalid_option: hover\'s options are an object such as { profile: "timezest" }, not a list.'],
    ['hover("agent.name", 0, { entities: {} }, "agent")', () => hoverAny('agent.name', 0, { entities: {} }, 'agent'), 'invalid_option: The schema was not made by defineSchema(); build it with defineSchema({ entities: … }).'],
    ['warnings(null)', () => warningsAny(null), 'invalid_input: warnings takes the result of check() or validate(), but this is not a validated query (a query text or a syntax tree?).'],
    ['warnings({})', () => warningsAny({}), 'invalid_input: warnings takes the result of check() or validate(), but this is not a validated query (a query text or a syntax tree?).'],
    ['warnings("agent.name EQ x")', () => warningsAny('agent.name EQ x'), 'invalid_input: warnings takes the result of check() or validate(), but this is not a validated query (a query text or a syntax tree?).'],
    ['warnings(parse("agent.name EQ x"))', () => warningsAny(parse('agent.name EQ x')), 'invalid_input: warnings takes the result of check() or validate(), but this is not a validated query (a query text or a syntax tree?).'],
    ['warnings({ ...q, condition: { kind: "Comparison" } })', () => warningsAny({ ...check('agent.name EQ x', S, 'agent'), condition: { kind: 'Comparison' } }), 'invalid_input: warnings takes the result of check() or validate(), but undefined is not an operator.'],
    ['warnings(q, { profile: "strict" })', () => warningsAny(check('agent.name EQ x', S, 'agent'), { profile: 'strict' }), 'invalid_option: The profile is "extended" or "timezest", not "strict".'],
  ])('%s', ([, run, expected]) => {
    if (expected === 'result') expect(run()).toBeDefined();
    else expect(tqlErrorOf(run).message).toBe(expected);
  });
});

describe('offsets of any kind are the nearest place in the text', () => {
  const text = 'agent.name EQ x';
  test.for<[string, number, number, string]>([
    ['NaN', NaN, 0, 'agent.name: String'],
    ['-5', -5, 0, 'agent.name: String'],
    ['3.7', 3.7, 3, 'agent.name: String'],
    ['-0', -0, 0, 'agent.name: String'],
    ['12.9', 12.9, 12, 'EQ'],
    ['1e300', 1e300, 15, 'x'],
    ['Infinity', Infinity, 15, 'x'],
    ['-Infinity', -Infinity, 0, 'agent.name: String'],
  ])('at %s: as at %i', ([, offset, place, title]) => {
    expect(hover(text, offset, S, 'agent')?.title).toBe(title);
    expect(complete(text, offset, S, 'agent', { now: NOW })).toEqual(complete(text, place, S, 'agent', { now: NOW }));
  });
});
