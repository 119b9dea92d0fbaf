import { expect, test } from 'vitest';
import { closest, editDistance } from '../../src/errors/suggest.js';

test.for([
  ['agents', ['agent', 'team'], 'agent'],
  ['scheduling_requests', ['scheduling_request', 'agent'], 'scheduling_request'],
  ['Name', ['name', 'email'], 'name'],
  ['emial', ['name', 'email'], 'email'],
  ['sched', ['schedulable', 'name'], 'schedulable'],
  ['xyz', ['agent', 'team'], undefined],
] as const)('closest(%s) is %s', ([input, candidates, expected]) => {
  expect(closest(input, candidates)).toBe(expected);
});

test('edit distance counts a transposition as one edit', () => {
  expect(editDistance('emial', 'email')).toBe(1);
  expect(editDistance('kitten', 'sitting')).toBe(3);
});
