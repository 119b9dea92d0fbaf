/**
 * A list endpoint resolves relative times (`now-7d`) once per request, at its clock: two requests
 * with one filter text under two clocks list the records of their own instants.
 */
import { describe, expect, test } from 'vitest';
import { createListEndpoint, type ListBody } from '../../src/http/list-endpoint.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { tqlErrorOf } from '../support/tql-error.js';

const NOW = 1_700_000_000;
const DAY = 86_400;
const agents = [
  { id: 'agnt_today', created_at: NOW - 3_600 },
  { id: 'agnt_yesterday', created_at: NOW - DAY },
  { id: 'agnt_last_week', created_at: NOW - 7 * DAY },
  { id: 'agnt_last_month', created_at: NOW - 30 * DAY },
];
const BASE = 'http://127.0.0.1:8080';

describe('GET /v1/agents?filter=agent.created_at GTE now-… at a clock', () => {
  let clock = NOW;
  const reads: number[] = [];
  const list = createListEndpoint({
    schema: schedulingSchema,
    entity: 'agent',
    store: memoryListStore(agents),
    baseUrl: BASE,
    now: () => {
      reads.push(clock);
      return clock;
    },
  });
  const ids = async (filter: string) => {
    const r = await list(new URL(`/v1/agents?filter=${encodeURIComponent(filter)}`, BASE));
    expect(r.status).toBe(200);
    return (r.body as ListBody<{ id: string }>).data.map((a) => a.id);
  };

  test.for([
    [NOW, 'agent.created_at GTE now-1d', ['agnt_today', 'agnt_yesterday']],
    [NOW + 3_000, 'agent.created_at GTE now-1d', ['agnt_today']],
    [NOW, 'agent.created_at~GTE~now-7d', ['agnt_today', 'agnt_yesterday', 'agnt_last_week']],
    [NOW + 60 * DAY, 'agent.created_at GTE now-7d', []],
    [NOW, 'agent.created_at LT now-30d', []],
    [NOW + 1, 'agent.created_at LT now-30d', ['agnt_last_month']],
  ] as const)('at %d: %s', async ([at, filter, expected]) => {
    clock = at;
    reads.length = 0;
    expect(await ids(filter)).toEqual(expected);
    expect(reads).toEqual([at]); // once per request
  });

  test('a filter without relative times never reads the clock', async () => {
    reads.length = 0;
    expect(await ids('agent.created_at GTE 0')).toHaveLength(4);
    expect(reads).toEqual([]);
  });

  test('an instant out of range is a 400 that names the predicate', async () => {
    clock = NOW;
    const r = await list(new URL(`/v1/agents?filter=${encodeURIComponent('agent.created_at GTE now+9007199254740991s')}`, BASE));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'invalid_value', issues: [{ span: { start: 0, end: 42 } }] });
  });

  test('now must be a function', () => {
    const e = tqlErrorOf(() => createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents), now: 5 as never }));
    expect(e.code).toBe('invalid_option');
  });
});
