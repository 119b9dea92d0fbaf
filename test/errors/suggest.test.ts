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

// A transposition (emial → email) counts as one edit.
test.for([
  ['', '', 0],
  ['EQ', 'EQ', 0],
  ['EQ', '', 2],
  ['NOTEQ', 'NOT_EQ', 1],
  ['LIEK', 'LIKE', 1],
  ['emial', 'email', 1],
  ['kitten', 'sitting', 3],
  ['GTE', 'LTE', 1],
] as const)('editDistance(%j, %j) = %i', ([a, b, d]) => {
  expect(editDistance(a, b)).toBe(d);
  expect(editDistance(b, a)).toBe(d);
});
