/** Relative time in the editor tools: completion offers it, hover shows the instant it is now. */
import { describe, expect, test } from 'vitest';
import { complete } from '../../src/tooling/completion.js';
import { hover } from '../../src/tooling/hover.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';

const NOW = 1_700_000_000;

describe('complete() after a Timestamp operator', () => {
  const labels = (text: string, profile?: 'timezest') =>
    complete(text, text.length, schedulingSchema, 'agent', { now: NOW * 1000, profile }).items.map((i) => `${i.label}: ${i.detail}`);

  test('agent.created_at GTE | offers now-1d and now-7d after the absolute forms', () => {
    expect(labels('agent.created_at GTE ')).toMatchInlineSnapshot(`
      [
        "2023-11-14: a date: midnight of that day in the query’s time zone",
        "2023-11-14T22:13:20Z: a date and time in UTC (Z), or with an offset such as +02:00",
        "1700000000: Unix seconds (not milliseconds)",
        "now-1d: a day before the instant the query is compiled (units s m h d w)",
        "now-7d: a week before the instant the query is compiled",
      ]
    `);
  });

  test('agent.created_at GTE n| narrows to the relative forms', () => {
    expect(labels('agent.created_at GTE n').map((l) => l.split(':')[0])).toEqual(['now-1d', 'now-7d']);
  });

  test('the timezest profile offers none', () => {
    expect(labels('agent.created_at GTE ', 'timezest').some((l) => l.startsWith('now'))).toBe(false);
  });

  test('a String attribute is offered none', () => {
    expect(labels('agent.name EQ ').some((l) => l.startsWith('now'))).toBe(false);
  });
});

describe('hover() over a relative time', () => {
  const detail = (text: string, options: Parameters<typeof hover>[4] = {}) => hover(text, text.length - 1, schedulingSchema, 'agent', { now: NOW * 1000, ...options })?.detail;

  test.for([
    ['agent.created_at GTE now-7d', {}, '1 week before now: at now = 1700000000, 1699395200 in Unix seconds: 2023-11-07T22:13:20Z. Resolved again at every compile.'],
    ['agent.created_at LT now+90m', { timeZone: 'Europe/Berlin' }, '90 minutes after now: at now = 1700000000, 1700005400 in Unix seconds: 2023-11-14T23:43:20Z, 2023-11-15 00:43 in Europe/Berlin. Resolved again at every compile.'],
    ['agent.created_at EQ now', { now: NOW * 1000 + 999 }, 'The instant of compiling: at now = 1700000000, 1700000000 in Unix seconds: 2023-11-14T22:13:20Z. Resolved again at every compile.'],
    ['agent.created_at EQ now-1s', { profile: 'timezest' }, '1 second before now: at now = 1700000000, 1699999999 in Unix seconds: 2023-11-14T22:13:19Z. Resolved again at every compile.\nNot part of the timezest profile, which only joins predicates with AND.'],
    ['agent.created_at EQ now-1y', {}, 'agent.created_at is a Timestamp: "now-1y" counts years, whose length varies; count days or weeks instead.'],
    ['agent.created_at EQ now+9007199254740991s', {}, '9007199254740991 seconds after now: at now = 1700000000, outside the instants a timestamp can be: compiling it is an error. Resolved again at every compile.'],
  ] as const)('%s', ([text, options, expected]) => {
    expect(detail(text, options)).toBe(expected);
  });

  test('its now is the one of complete: Unix milliseconds, else an invalid_option', () => {
    expect(() => hover('agent.created_at EQ now', 21, schedulingSchema, 'agent', { now: 'soon' as never })).toThrow(/now is a time in Unix milliseconds/);
  });
});
