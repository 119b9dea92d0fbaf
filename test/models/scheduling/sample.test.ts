/** The shared default dataset and the records of each entity. */
import { expect, test } from 'vitest';
import { isTqlError } from '../../../src/errors/tql-error.js';
import { generateSchedulingData } from '../../../src/models/scheduling/generate.js';
import { recordsOf, sampleData, SAMPLE_OPTIONS } from '../../../src/models/scheduling/sample.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../src/models/scheduling/schema.js';

test('sampleData is seed 42 with 200 agents, 30 teams and 1,000 requests', () => {
  const data = sampleData();
  expect(SAMPLE_OPTIONS).toEqual({ seed: 42, agents: 200, teams: 30, requests: 1000 });
  expect([data.agents.length, data.teams.length, data.schedulingRequests.length]).toEqual([200, 30, 1000]);
  expect(data).toEqual(generateSchedulingData(SAMPLE_OPTIONS));
});

test('sampleData is generated once and shared', () => {
  expect(sampleData()).toBe(sampleData());
});

test('sampleData is deeply frozen, so no caller can change it for the others', () => {
  const data = sampleData();
  expect(Object.isFrozen(data.agents)).toBe(true);
  expect(Object.isFrozen(data.agents[0])).toBe(true);
  expect(Object.isFrozen(data.schedulingRequests[0]?.associated_entities)).toBe(true);
  expect(() => {
    (data.agents as unknown as unknown[]).push({});
  }).toThrow(TypeError);
});

test.for([
  ['scheduling_request', 'schedulingRequests'],
  ['agent', 'agents'],
  ['resource', 'resources'],
  ['team', 'teams'],
] as const)('recordsOf(data, %j) is data.%s', ([entity, key]) => {
  const data = sampleData();
  expect(recordsOf(data, entity)).toBe(data[key]);
});

test('every entity of schedulingSchema has records', () => {
  for (const entity of schedulingSchema.entityNames) expect(recordsOf(sampleData(), entity).length).toBeGreaterThan(0);
});

test.for(['agents', '__proto__', 'constructor', 'toString'])('recordsOf(data, %j) is refused with invalid_option', (entity) => {
  let thrown: unknown;
  try {
    recordsOf(sampleData(), entity as SchedulingEntityName);
  } catch (e) {
    thrown = e;
  }
  expect(isTqlError(thrown) && thrown.code).toBe('invalid_option');
});

test('the message lists the entity names', () => {
  expect(() => recordsOf(sampleData(), 'agents' as SchedulingEntityName)).toThrowErrorMatchingInlineSnapshot(`[TqlError: invalid_option: The scheduling data has no entity "agents"; use one of scheduling_request, agent, resource, team.]`);
});
