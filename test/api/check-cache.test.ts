/** The check() cache keeps apart every option that changes the answer, each limit included. */
import { describe, expect, test } from 'vitest';
import { filterRecords } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/compile-sql.js';
import { schedulingSqlMapping } from '../../src/models/scheduling/index.js';
import { checkAgreement } from '../../src/testing/check-agreement.js';
import type { ValidatedQuery } from '../../src/validate/validated-query.js';
import { TEST_NOW } from '../../src/testing/value-pools.js';
import { check, safeCheck } from '../../src/api/check.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { DEFAULT_LIMITS, type Limits } from '../../src/parser/options.js';

/** A query within the default limits, and a lowered limit it exceeds. */
const EXCEEDS: { readonly [L in keyof Limits]: readonly [text: string, lowered: number] } = {
  maxLength: ['agent.name EQ abcdef', 10],
  maxPredicates: ['agent.name EQ a AND agent.name EQ b', 1],
  maxDepth: ['((agent.name EQ a))', 1],
  maxListValues: ['agent.name IN a,b,c', 2],
  maxValueLength: ['agent.name EQ abcdef', 3],
};

test.for(Object.keys(DEFAULT_LIMITS) as (keyof Limits)[])('%s: a result cached under the defaults is not reused when it is lowered', (name) => {
  const [text, lowered] = EXCEEDS[name];
  expect(check(text, schedulingSchema, 'agent').text).toBe(text);
  const r = safeCheck(text, schedulingSchema, 'agent', { limits: { [name]: lowered } });
  expect(r.ok).toBe(false);
});

describe('a cached query no caller can change for another', () => {
  const text = 'agent.name EQ ada AND (agent.role IN Owner,User OR NOT (agent.created_at GTE now-7d))';
  const records = [{ id: 'agnt_1', name: 'ada', role: 'Owner', created_at: 0 }];

  /** Every way a caller might write into the query it was handed. */
  const POISONS: readonly [string, (q: any) => unknown][] = [
    ['q.condition = null', (q) => (q.condition = null)],
    ['q.text = ""', (q) => (q.text = '')],
    ['q.condition.operands.length = 0', (q) => (q.condition.operands.length = 0)],
    ['q.condition.operands[0].value = "eve"', (q) => (q.condition.operands[0].value = 'eve')],
    ['q.condition.operands[1].operands[0].value.push("Admin")', (q) => q.condition.operands[1].operands[0].value.push('Admin')],
    ['q.condition.operands[1].operands[1].operand = null', (q) => (q.condition.operands[1].operands[1].operand = null)],
    ['q.condition.operands[0].span.start = 99', (q) => (q.condition.operands[0].span.start = 99)],
    ['delete q.condition.kind', (q) => delete q.condition.kind],
  ];

  test.for(POISONS)('%s: a TypeError for the writer; later check, filterRecords and compileSql callers see the query as written', ([, poison]) => {
    const q = check(text, schedulingSchema, 'agent');
    expect(() => poison(q)).toThrow(TypeError);
    const later = check(text, schedulingSchema, 'agent');
    expect(later).toBe(q);
    expect(later).toEqual(check(text, schedulingSchema, 'agent', { cache: false }));
    expect(filterRecords(later, records, { now: 1_000_000 })).toEqual(records);
    expect(compileSql(later, { dialect: 'sqlite', mapping: schedulingSqlMapping, now: 1_000_000 }).values).toMatchInlineSnapshot(`
      [
        "ada",
        "Owner",
        "User",
        395200,
        Infinity,
      ]
    `);
  });

  test('a checkAgreement run that writes q.condition = null: later callers of the same texts compile them as written', async () => {
    const texts: string[] = [];
    await checkAgreement({
      schema: schedulingSchema,
      entity: 'agent',
      runs: 3,
      seed: 7,
      load: () => undefined,
      run: (q) => {
        texts.push(q.text);
        expect(() => ((q as { condition: unknown }).condition = null)).toThrow(TypeError);
        return [];
      },
    }).catch(() => undefined);
    expect(texts.length).toBeGreaterThan(0);
    const sql = (q: ValidatedQuery) => compileSql(q, { dialect: 'sqlite', mapping: schedulingSqlMapping, now: TEST_NOW });
    for (const text of texts) expect(sql(check(text, schedulingSchema, 'agent'))).toEqual(sql(check(text, schedulingSchema, 'agent', { cache: false })));
  });
});
