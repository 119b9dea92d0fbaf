/** The check() cache keeps apart every option that changes the answer, each limit included. */
import { expect, test } from 'vitest';
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
