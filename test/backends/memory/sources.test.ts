/**
 * Collections are scanned with `Array.prototype.some` before the exact test: these records are
 * built to make that scan and the exact test disagree, and the answer must be the exact one.
 */
import { describe, expect, test } from 'vitest';
import { sourcePredicate } from '../../../src/backends/memory/sources.js';
import type { AttributeSource } from '../../../src/schema/types.js';

const agentId: AttributeSource = {
  kind: 'element',
  arrays: ['resources', 'scheduled_agents'],
  where: { field: 'type', oneOf: ['agent'] },
  value: 'id',
};
const is = sourcePredicate(agentId, { kind: 'equals', value: 'agnt_a' }, true, (k) => k);
const isNot = sourcePredicate(agentId, { kind: 'equals', value: 'agnt_a' }, false, (k) => k);
const agent = { type: 'agent', id: 'agnt_a' };

describe('element sources: the scan never decides alone', () => {
  test.for([
    ['an array with its own some', { resources: Object.assign([agent], { some: () => false }) }, true],
    ['an array-like inheriting Array.prototype', { resources: Object.assign(Object.create(Array.prototype), { 0: agent, length: 1 }) }, false],
    ['a plain object holding the element', { resources: { 0: agent, length: 1 } }, false],
    // Scanning this as an array-like would run for ever; it is never scanned.
    ['an array-like inheriting Array.prototype, of length 2^53 - 1', { resources: Object.assign(Object.create(Array.prototype), { length: Number.MAX_SAFE_INTEGER }) }, false],
    ['a long array-like inheriting Array.prototype', { resources: Object.assign(Object.create(Array.prototype), { 0: agent, length: 5000 }) }, false],
    ['an inherited array', Object.create({ resources: [agent] }), false],
    ['an element with an inherited id', { resources: [Object.create(agent)] }, false],
    ['a string element', { resources: ['agent', 'agnt_a'] }, false],
    ['the agent in the second array', { resources: [{ type: 'team', id: 'agnt_a' }], scheduled_agents: [agent] }, true],
    ['the first array inherited, the second own', Object.assign(Object.create({ resources: [agent] }), { scheduled_agents: [agent] }), true],
  ] as const)('%s', ([, record, expected]) => {
    expect(is(record)).toBe(expected);
    expect(isNot(record)).toBe(!expected);
  });

  test('a string element is no record, even where its characters would pass', () => {
    const first: AttributeSource = { kind: 'element', arrays: ['xs'], where: { field: '0', oneOf: ['a'] }, value: 'length' };
    const p = sourcePredicate(first, { kind: 'equals', value: 3 }, true, (k) => k);
    expect(p({ xs: ['abc'] })).toBe(false);
    expect(p({ xs: [{ 0: 'a', length: 3 }] })).toBe(true);
  });
});
