/**
 * Relative time (`now`, `now-7d`, `now+90m`): read by the validator as an offset, kept in the
 * checked (and cached) query, printed as written, resolved by each compile against its own clock.
 */
import { fc, test as propertyTest } from '../support/property.js';
import Database from 'better-sqlite3';
import { Query as MingoQuery } from 'mingo';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { print } from '../../src/ast/print.js';
import { parse } from '../../src/parser/parse.js';
import { compilePredicate, filterRecords } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/compile-mongo.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { selectSql } from '../../src/backends/sql/select-sql.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/sql/index.js';
import { resolveNow } from '../../src/validate/resolve-now.js';
import { relativeOffset, relativeText } from '../../src/validate/relative-time.js';
import { toAst } from '../../src/validate/to-ast.js';
import type { AnyComparison, Condition } from '../../src/validate/validated-query.js';
import { TEST_NOW } from '../../src/testing/value-pools.js';
import { arbQueryText } from '../properties/arbitraries/valid-query.js';
import { operandsOf } from '../support/condition-operands.js';
import { tqlErrorOf } from '../support/tql-error.js';

const NOW = 1_700_000_000; // 2023-11-14T22:13:20Z

const agentQuery = (text: string, profile?: 'timezest') => check(text, schedulingSchema, 'agent', { profile });
const comparison = (text: string) => {
  const c = agentQuery(`agent.created_at GTE ${text}`).condition;
  return c.kind === 'Comparison' ? { value: c.value, fromNow: c.fromNow } : undefined;
};
const messageOf = (query: string, profile?: 'timezest') =>
  tqlErrorOf(() => agentQuery(query, profile))
    .issues.map((i) => `${i.code}: ${i.message}${i.suggestion === undefined ? '' : ` (suggestion: ${i.suggestion})`}`)
    .join('\n');

describe('a relative time is an offset from now in whole seconds', () => {
  test.for([
    ['now', 0],
    ['now-7d', -604_800],
    ['now+90m', 5_400],
    ['now-1s', -1],
    ['now+2h', 7_200],
    ['now-1w', -604_800],
    ['now-0d', 0],
    ['"now-7d"', -604_800],
    ['now+9007199254740991s', 9_007_199_254_740_991],
  ] as const)('agent.created_at GTE %s holds the offset %d', ([text, offset]) => {
    expect(comparison(text)).toEqual({ value: offset, fromNow: true });
  });

  test('an absolute instant is no relative time', () => {
    expect(comparison('2023-07-01')).toEqual({ value: 1_688_169_600, fromNow: undefined });
  });

  test('on a String attribute now-7d is text', () => {
    const c = agentQuery('agent.name EQ now-7d').condition;
    expect(c).toMatchObject({ value: 'now-7d' });
    expect(c).not.toHaveProperty('fromNow');
  });
});

describe('what is not a relative time says what to write', () => {
  test('messages', () => {
    expect(messageOf('agent.created_at GTE now-1y')).toMatchInlineSnapshot(`"invalid_value: agent.created_at is a Timestamp: "now-1y" counts years, whose length varies; count days or weeks instead. (suggestion: now-365d)"`);
    expect(messageOf('agent.created_at GTE now-3mo')).toMatchInlineSnapshot(`"invalid_value: agent.created_at is a Timestamp: "now-3mo" counts months, whose length varies; count days or weeks instead. (suggestion: now-90d)"`);
    expect(messageOf('agent.created_at GTE now-7')).toMatchInlineSnapshot(`"invalid_value: agent.created_at is a Timestamp: "now-7" has no unit: add s, m, h, d or w. (suggestion: now-7d)"`);
    expect(messageOf('agent.created_at GTE now-d')).toMatchInlineSnapshot(`"invalid_value: agent.created_at is a Timestamp: "now-d" has no count after -: a relative time is now, or now followed by + or -, a count and a unit (now-7d, now+90m; units s m h d w)."`);
    expect(messageOf('agent.created_at GTE now-7days')).toMatchInlineSnapshot(`"invalid_value: agent.created_at is a Timestamp: "now-7days" has the unit "days"; the units are s, m, h, d and w. (suggestion: now-7d)"`);
    expect(messageOf('agent.created_at GTE NOW-7d')).toMatchInlineSnapshot(`"invalid_value: agent.created_at is a Timestamp: write now in lower case, not "NOW". (suggestion: now-7d)"`);
    expect(messageOf('agent.created_at GTE now7d')).toMatchInlineSnapshot(`"invalid_value: agent.created_at is a Timestamp: "now7d" is not a relative time: a relative time is now, or now followed by + or -, a count and a unit (now-7d, now+90m; units s m h d w)."`);
  });

  test('an offset beyond 2^53 - 1 seconds is out of range, never Infinity', () => {
    expect(messageOf('agent.created_at GTE now+99999999999w')).toMatchInlineSnapshot(`"invalid_value: agent.created_at is a Timestamp: "now+99999999999w" is out of range: an offset is at most 9007199254740991 seconds."`);
    expect(messageOf(`agent.created_at GTE now-${'9'.repeat(1000)}s`)).toContain('is out of range');
  });

  test('the timezest profile refuses it, naming the extension', () => {
    expect(messageOf('agent.created_at GTE now-7d', 'timezest')).toMatchInlineSnapshot(`"profile_violation: A relative time (now-7d) is not part of the timezest profile, which only joins predicates with AND; write the instant (Unix seconds or a date), or use the extended profile."`);
  });
});

describe('the printer keeps it as written; the normalized form keeps the unit written, without leading zeros', () => {
  test.for([
    ['agent.created_at GTE now-7d', 'agent.created_at~GTE~now-7d', 'agent.created_at GTE now-7d'],
    ['agent.created_at GTE now-120m', 'agent.created_at~GTE~now-120m', 'agent.created_at GTE now-120m'],
    ['agent.created_at GTE now+007d', 'agent.created_at~GTE~now+007d', 'agent.created_at GTE now+7d'],
    ['agent.created_at GTE now-0h', 'agent.created_at~GTE~now-0h', 'agent.created_at GTE now'],
    ['agent.created_at LT now+90m', 'agent.created_at~LT~now+90m', 'agent.created_at LT now+90m'],
    ['agent.created_at EQ now', 'agent.created_at~EQ~now', 'agent.created_at EQ now'],
    ['agent.created_at GT now-86400s', 'agent.created_at~GT~now-86400s', 'agent.created_at GT now-86400s'],
  ] as const)('%s', ([text, printed, normalized]) => {
    expect(print(parse(text), { style: 'url' })).toBe(printed);
    const q = agentQuery(text);
    expect(print(toAst(q))).toBe(normalized);
    // The normalized form checks to the same offset and prints the same: a fixpoint.
    expect(agentQuery(normalized).condition).toMatchObject({ value: (q.condition as { value: number }).value, fromNow: true });
    expect(print(toAst(agentQuery(normalized)))).toBe(normalized);
  });

  test.for([0, 1, -1, 60, -3600, 86_400 * 3, -604_800 * 52, 5_401, 9_007_199_254_740_991])('relativeText(%d) reads back as the same offset', (offset) => {
    expect(relativeOffset(relativeText(offset))).toEqual({ relative: offset });
  });
});

const AGENTS = [
  { id: 'week_ago', created_at: NOW - 604_800 },
  { id: 'week_ago_less_a_second', created_at: NOW - 604_801 },
  { id: 'week_ago_fraction', created_at: NOW - 604_800 + 0.9 },
  { id: 'now', created_at: NOW },
  { id: 'soon', created_at: NOW + 5_400 },
  { id: 'null', created_at: null },
  { id: 'missing' },
] as const;

/** Query → ids at `NOW`, worked out from the records' offsets above (rule 6: whole seconds). */
const CASES: readonly (readonly [string, readonly string[]])[] = [
  ['agent.created_at GTE now-7d', ['now', 'soon', 'week_ago', 'week_ago_fraction']],
  ['agent.created_at LT now-7d', ['week_ago_less_a_second']],
  ['agent.created_at EQ now-7d', ['week_ago', 'week_ago_fraction']],
  ['agent.created_at NOT_EQ now-7d', ['missing', 'now', 'null', 'soon', 'week_ago_less_a_second']],
  ['agent.created_at EQ now', ['now']],
  ['agent.created_at GT now AND agent.created_at LTE now+90m', ['soon']],
  ['NOT (agent.created_at GTE now-1w)', ['missing', 'null', 'week_ago_less_a_second']],
];

describe('every backend gives the same answer at a fixed clock', () => {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE agent (id TEXT PRIMARY KEY, created_at REAL)');
  const insert = sqlite.prepare('INSERT INTO agent (id, created_at) VALUES (?, ?)');
  for (const a of AGENTS) insert.run(a.id, 'created_at' in a ? a.created_at : null);
  const mapping = { agent: { table: 'agent', key: 'id' } } as const;

  test.for(CASES)('%s', ([text, expected]) => {
    const q = agentQuery(text);
    const memory = filterRecords(q, AGENTS, { now: NOW }).map((a) => a.id);
    const mingo = new MingoQuery(compileMongo(q, { now: new Date(NOW * 1000) }) as Record<string, unknown>).find(AGENTS as unknown as Record<string, unknown>[]).all().map((a) => (a as { id: string }).id);
    const statement = selectSql(q, { dialect: 'sqlite', mapping, now: () => NOW });
    const sql = (sqlite.prepare(statement.text).all(...statement.values) as { id: string }[]).map((r) => r.id);
    for (const ids of [memory, mingo, sql]) expect([...ids].sort()).toEqual(expected);
  });
});

describe('resolved at compile time, never at check time', () => {
  test('two compiles of one cached query under two clocks answer for their own instants', () => {
    const first = agentQuery('agent.created_at GTE now-7d');
    const second = agentQuery('agent.created_at GTE now-7d');
    expect(second).toBe(first); // the check() cache
    const records = [{ id: 'old', created_at: NOW - 604_800 }];
    expect(filterRecords(first, records, { now: NOW }).map((r) => r.id)).toEqual(['old']);
    expect(filterRecords(second, records, { now: NOW + 1 })).toEqual([]);
    expect(filterRecords(first, records, { now: NOW }).map((r) => r.id)).toEqual(['old']);
    const mapping = schedulingSqlMapping;
    expect(compileSql(first, { dialect: 'postgres', mapping, now: NOW }).values).toEqual([NOW - 604_800]);
    expect(compileSql(second, { dialect: 'postgres', mapping, now: NOW + 60 }).values).toEqual([NOW - 604_740]);
    expect(compileMongo(first, { now: NOW })).toMatchObject({ created_at: { $gte: NOW - 604_800 } });
    expect(compileMongo(second, { now: NOW + 60 })).toMatchObject({ created_at: { $gte: NOW - 604_740 } });
    // The cached query still holds the offset, not an instant.
    expect(first.condition).toMatchObject({ value: -604_800, fromNow: true });
  });

  test('the instant is a bound value, never SQL text', () => {
    const s = compileSql(agentQuery('agent.created_at GTE now-7d'), { dialect: 'postgres', mapping: schedulingSqlMapping, now: NOW });
    expect(s.text).not.toContain(String(NOW - 604_800));
    expect(s.text).not.toMatch(/now|current_timestamp/i);
  });

  test('a query without relative times is the same object after resolving, and the clock is not read', () => {
    const q = agentQuery('agent.created_at GTE 2023-07-01');
    expect(resolveNow(q, () => { throw new Error('read'); })).toBe(q);
  });

  test('the clock is Unix seconds (a fraction dropped), a Date or a function returning one', () => {
    const q = agentQuery('agent.created_at EQ now');
    for (const now of [NOW, NOW + 0.999, new Date(NOW * 1000 + 999), () => NOW, () => new Date(NOW * 1000)]) {
      expect(resolveNow(q, now).condition).toMatchObject({ value: NOW });
    }
    expect(resolveNow(q, undefined).condition).not.toHaveProperty('fromNow');
  });

  test('a clock that is not one is an invalid_option', () => {
    const q = agentQuery('agent.created_at EQ now');
    for (const now of ['1700000000', NaN, new Date(Number.NaN), () => 'soon', {}, -1e15]) {
      expect(tqlErrorOf(() => compilePredicate(q, { now: now as never })).code).toBe('invalid_option');
    }
    expect(tqlErrorOf(() => compilePredicate(q, { now: () => { throw new Error('no clock'); } })).message).toContain('the now function threw');
    expect(tqlErrorOf(() => compilePredicate(q, { now: NOW * 1000 })).message).toMatchInlineSnapshot(`"invalid_option: now is 1700000000000 seconds, after the year 9999: Unix milliseconds (Date.now())? Divide by 1000, or pass a Date."`);
  });

  test('an instant beyond the range of timestamps is an invalid_value at the predicate', () => {
    const q = agentQuery('agent.name EQ x AND agent.created_at GTE now+9007199254740991s');
    const e = tqlErrorOf(() => compileMongo(q, { now: NOW }));
    expect(e.code).toBe('invalid_value');
    expect(e.issues[0]!.span).toEqual({ start: 20, end: 62 });
    expect(e.message).toMatchInlineSnapshot(`
      "1:21 invalid_value: now+9007199254740991s is after 9007199254740991 seconds at now = 1700000000, outside the instants a timestamp can be; use a smaller offset.
        agent.name EQ x AND agent.created_at GTE now+9007199254740991s
                            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"
    `);
  });

  test('a copy of a checked query (not made by check) is resolved too', () => {
    const q = agentQuery('agent.created_at GTE now-1d');
    const copy = { ...q, condition: { ...q.condition } } as typeof q;
    expect(compileSql(copy, { dialect: 'sqlite', mapping: schedulingSqlMapping, now: NOW }).values[0]).toBe(NOW - 86_400);
    const forged = { ...q, condition: { ...q.condition, fromNow: 'yes' } } as unknown as typeof q;
    expect(tqlErrorOf(() => compileSql(forged, { dialect: 'sqlite', mapping: schedulingSqlMapping, now: NOW })).code).toBe('invalid_input');
  });
});

/** The comparisons of two conditions of one shape, side by side. */
function comparisonPairs(a: Condition, b: Condition): [AnyComparison, AnyComparison][] {
  if (a.kind === 'Comparison') return [[a, b as AnyComparison]];
  const left = operandsOf(a);
  const right = operandsOf(b);
  expect(right.length).toBe(left.length);
  return left.flatMap((o, i) => comparisonPairs(o, right[i]!));
}

/** The comparisons of a condition, in order, without spans: what two checks of one meaning share. */
function comparisons(c: Condition): unknown[] {
  if (c.kind === 'Comparison') return [[c.attribute.path, c.operator, c.value, c.fromNow]];
  return [c.kind, ...operandsOf(c).map(comparisons)];
}

describe('laws over generated queries with relative times', () => {
  const arbQuery = fc.constantFrom(...schedulingSchema.entityNames).chain((e) => arbQueryText(e, 3));

  propertyTest.prop([arbQuery], { numRuns: 150 })('the normalized form checks to the same condition', ({ entity, text }) => {
    const q = check(text, schedulingSchema, entity, { cache: false });
    expect(comparisons(check(print(toAst(q)), schedulingSchema, entity, { cache: false }).condition)).toEqual(comparisons(q.condition));
  });

  propertyTest.prop([arbQuery, fc.integer({ min: -1e9, max: 1e9 })], { numRuns: 150 })(
    'resolving at a clock adds it to exactly the relative times and leaves every other comparison as it is',
    ({ entity, text }, shift) => {
      const q = check(text, schedulingSchema, entity, { cache: false });
      const clock = TEST_NOW + shift;
      for (const [written, resolved] of comparisonPairs(q.condition, resolveNow(q, clock).condition)) {
        if (written.fromNow === true) {
          expect(resolved.value).toBe(clock + (written.value as number));
          expect(resolved).not.toHaveProperty('fromNow');
        } else expect(resolved).toBe(written);
      }
    },
  );
});
