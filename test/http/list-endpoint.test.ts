/** A list endpoint over the sample agents in memory: bodies, links, separators and 400s. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { filterRecords } from '../../src/backends/memory/index.js';
import { createListEndpoint, type ListBody } from '../../src/http/list-endpoint.js';
import type { ListStore } from '../../src/http/list-store.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import type { Agent } from '../../src/models/scheduling/records.js';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';

const agents = sampleData().agents;
const BASE = 'http://127.0.0.1:8080';
const list = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents), baseUrl: BASE });
const get = (path: string) => list(new URL(path, BASE));

/** Negative when `a` is newer: by created_at, then by id (both descending). */
const newestFirst = (a: Agent, b: Agent) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The agents a filter selects, newest first. */
function expected(filter: string): Agent[] {
  return filterRecords(check(filter, schedulingSchema, 'agent'), agents).sort(newestFirst);
}

async function ok(path: string): Promise<ListBody<Agent>> {
  const r = await get(path);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as ListBody<Agent>;
}

describe('GET /v1/agents', () => {
  test('/v1/agents: the 20 newest agents, a next page and no previous one', async () => {
    const body = await ok('/v1/agents');
    const newest = expected('agent.created_at GTE 0').slice(0, 20);
    expect(Object.keys(body)).toEqual(['object', 'next_page', 'previous_page', 'data']);
    expect(body.object).toBe('list');
    expect(body.data.map((a) => a.id)).toEqual(newest.map((a) => a.id));
    expect(body.next_page).toBe(`${BASE}/v1/agents?starting_after=${newest[19]!.id}`);
    expect(body.previous_page).toBeNull();
  });

  test.for([
    '/v1/agents?filter=agent.name~LIKE~jo',
    '/v1/agents?filter=agent.name+LIKE+jo',
    '/v1/agents?filter=agent.name%20LIKE%20jo',
    '/v1/agents?filter=agent.name~LIKE+jo',
    '/v1/agents?filter=agent.name%20~%20LIKE~~jo',
  ])('%s: every separator style gives the same page', async (path) => {
    const body = await ok(path);
    expect(body.data.map((a) => a.id)).toEqual(expected('agent.name LIKE jo').slice(0, 20).map((a) => a.id));
  });

  test('links keep the filter and the limit, and swap the cursor', async () => {
    const first = await ok('/v1/agents?filter=agent.schedulable~EQ~true+AND+agent.name~LIKE~a&limit=3');
    const matching = expected('agent.schedulable EQ true AND agent.name LIKE a');
    expect(first.next_page).toBe(`${BASE}/v1/agents?filter=agent.schedulable~EQ~true%20AND%20agent.name~LIKE~a&limit=3&starting_after=${matching[2]!.id}`);
    const second = await ok(first.next_page!);
    expect(second.data.map((a) => a.id)).toEqual(matching.slice(3, 6).map((a) => a.id));
    expect(second.previous_page).toBe(`${BASE}/v1/agents?filter=agent.schedulable~EQ~true%20AND%20agent.name~LIKE~a&limit=3&ending_before=${matching[3]!.id}`);
    const back = await ok(second.previous_page!);
    expect(back).toEqual(first);
  });

  test('the last page has no next page', async () => {
    const matching = expected('agent.role EQ Administrator');
    const last = await ok(`/v1/agents?filter=agent.role+EQ+Administrator&starting_after=${matching.at(-3)!.id}`);
    expect(last.data.map((a) => a.id)).toEqual(matching.slice(-2).map((a) => a.id));
    expect(last.next_page).toBeNull();
    expect(last.previous_page).not.toBeNull();
  });

  test('a filter that matches nothing: an empty list without links', async () => {
    expect(await ok('/v1/agents?filter=agent.name+EQ+nobody')).toEqual({ object: 'list', next_page: null, previous_page: null, data: [] });
  });

  test('a cursor that does not match the filter still marks a place in the list', async () => {
    const outsider = agents.find((a) => !a.schedulable)!;
    const body = await ok(`/v1/agents?filter=agent.schedulable+EQ+true&starting_after=${outsider.id}&limit=100`);
    const after = expected('agent.schedulable EQ true').filter((a) => newestFirst(a, outsider) > 0);
    expect(body.data.map((a) => a.id)).toEqual(after.slice(0, 100).map((a) => a.id));
  });

  test('a node:http request is read with the base URL, not its Host header', async () => {
    const req = { url: '/v1/agents?limit=1', headers: { host: 'evil.example' }, socket: {} } as unknown as IncomingMessage;
    const r = await list(req);
    expect(r.status).toBe(200);
    expect((r.body as ListBody<Agent>).next_page).toMatch(/^http:\/\/127\.0\.0\.1:8080\/v1\/agents\?limit=1&starting_after=agnt_/);
  });
});

describe('bad requests are 400 with { error, code, issues }', () => {
  test('filter=agent.name+eq+john', async () => {
    expect(await get('/v1/agents?filter=agent.name+eq+john')).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "unknown_operator",
          "error": "Invalid filter at 1:12: "eq" is not an operator: write EQ. Operators are upper case.",
          "issues": [
            {
              "code": "unknown_operator",
              "message": ""eq" is not an operator: write EQ. Operators are upper case.",
              "position": {
                "column": 12,
                "line": 1,
                "offset": 11,
              },
              "span": {
                "end": 13,
                "start": 11,
              },
              "suggestion": "EQ",
            },
          ],
          "parameter": "filter",
        },
        "status": 400,
      }
    `);
  });

  test('filter=agents.name~LIKE~john~AND~agent.role~EQ~a,b (every issue at once)', async () => {
    const r = await get('/v1/agents?filter=agents.name~LIKE~john~AND~agent.role~EQ~a,b');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'unknown_entity', issues: [{ code: 'unknown_entity' }, { code: 'list_not_allowed' }] });
    expect((r.body as { error: string }).error).toMatchInlineSnapshot(`"Invalid filter (2 problems): at 1:1: agents.name: "agents" is not an entity of this schema; this query filters agent, so write agent.<attribute>. Did you mean agent.name? at 1:41: EQ takes one value, but 2 were given; to match any of several values use IN."`);
  });

  test('filter=scheduling_request.status~EQ~new on the agents endpoint', async () => {
    const r = await get('/v1/agents?filter=scheduling_request.status~EQ~new');
    expect(r).toMatchObject({ status: 400, body: { code: 'wrong_entity' } });
  });

  test.for<[string, string, string]>([
    ['/v1/agents?starting_after=agnt_nobody', 'starting_after', 'starting_after: there is no record with id "agnt_nobody"; use an id from a list response.'],
    ['/v1/agents?starting_after=a&ending_before=b', 'ending_before', 'Use one of starting_after, ending_before and cursor, not starting_after and ending_before: each names the place next to the page you want.'],
    ['/v1/agents?limit=1000', 'limit', 'limit takes a whole number from 1 to 100, not "1000".'],
    ['/v1/agents?limit=0&filter=agent.name+LIKE+a', 'limit', 'limit takes a whole number from 1 to 100, not "0".'],
    ['/v1/agents?sort=-create_at', 'sort', 'sort: agent has no attribute "create_at" to sort by. Did you mean created_at? Sortable: name, email, role, url_slug, created_at, id.'],
    ['/v1/agents?sort=schedulable', 'sort', 'sort: schedulable is a Boolean, which has no order; sort by another attribute.'],
    ['/v1/agents?sort=name,name', 'sort', 'sort names name twice; name each attribute once.'],
    ['/v1/agents?cursor=abc', 'cursor', 'cursor is not one this API wrote: follow next_page or previous_page as they are, or leave cursor out for the first page.'],
    ['/v1/agents?include=total_count', 'include', 'include=total_count: this endpoint does not count its records; leave include out.'],
    ['/v1/agents?include=everything', 'include', 'include takes total_count (the number of records the filter matches), not "everything".'],
  ])('%s: a 400 that names the parameter %s, with no filter position', async ([path, parameter, error]) => {
    expect(await get(path)).toEqual({ status: 400, body: { error, code: 'invalid_option', issues: [], parameter } });
  });

  test('a timezest-profile endpoint refuses OR', async () => {
    const strict = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents), profile: 'timezest' });
    const r = await strict(new URL('http://h/v1/agents?filter=agent.name~EQ~a~OR~agent.name~EQ~b'));
    expect(r).toMatchObject({ status: 400, body: { code: 'profile_violation' } });
  });
});

describe('createListEndpoint options', () => {
  const store = memoryListStore(agents);
  test.for<[string, object]>([
    ['a baseUrl that is not an http origin', { baseUrl: 'ftp://x' }],
    ['a baseUrl that is not a URL', { baseUrl: 'api.example.com' }],
    ['a default page size above the maximum', { pageSize: { default: 50, max: 10 } }],
    ['a page size of 0', { pageSize: { default: 0 } }],
    ['an entity the schema lacks', { entity: 'agents' }],
  ])('%s throws invalid_option', ([, extra]) => {
    expect(() => createListEndpoint({ schema: schedulingSchema, entity: 'agent', store, ...extra })).toThrow(
      expect.objectContaining({ name: 'TqlError', code: 'invalid_option' }),
    );
  });

  test('a failing store is a 500 with a generic body; the error goes to onError', async () => {
    const broken: ListStore<never> = {
      keyOf: async () => undefined,
      page: async () => {
        throw new Error('connection to db.internal:5432 lost (table agent_v2)');
      },
    };
    const told: unknown[] = [];
    const handler = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: broken, onError: (e) => told.push(e) });
    expect(await handler(new URL('http://h/v1/agents'))).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "internal_error",
          "error": "The server could not read this list. Try again later; if it persists, tell the service owner.",
          "issues": [],
        },
        "status": 500,
      }
    `);
    expect(told).toEqual([new Error('connection to db.internal:5432 lost (table agent_v2)')]);
  });

  test('an onError that throws in turn still leaves the client its 500', async () => {
    const broken: ListStore<never> = { keyOf: async () => undefined, page: () => Promise.reject(new Error('lost')) };
    const handler = createListEndpoint({
      schema: schedulingSchema,
      entity: 'agent',
      store: broken,
      onError: () => {
        throw new Error('the log is full');
      },
    });
    expect(await handler(new URL('http://h/v1/agents'))).toMatchObject({ status: 500, body: { code: 'internal_error' } });
  });

  test('records that do not fit the schema are the server\'s fault: a 500 that names nothing of the store', async () => {
    const told: unknown[] = [];
    const store = memoryListStore([{ id: 'a', created_at: 1 }, { id: 'a', created_at: 2 }]);
    const handler = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store, onError: (e) => told.push(e) });
    expect(await handler(new URL('http://h/v1/agents'))).toMatchObject({ status: 500, body: { code: 'internal_error' } });
    expect(String(told[0])).toMatchInlineSnapshot(`"TqlError: invalid_input: A list needs a different key on every record; two records have the key "a"."`);
  });
});
