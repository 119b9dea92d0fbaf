/**
 * The reference list server driven over real HTTP on 127.0.0.1: on embedded PGlite, and on a
 * PostgreSQL and a MariaDB server when they can be started. Answers are checked against the in-memory backend
 * on the same sample data.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { check } from '../../../../src/api/check.js';
import { filterRecords } from '../../../../src/backends/memory/index.js';
import { recordsOf, sampleData } from '../../../../src/models/scheduling/sample.js';
import { schedulingSchema, type SchedulingEntityName } from '../../../../src/models/scheduling/schema.js';
import { startListServer, type ListServer } from '../../../../src/models/scheduling/server/server.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../../../support/postgres-server.js';
import { mariadbAvailable, startMariadb } from '../../../support/mariadb-server.js';

const TOKEN = 'test-token-0123';
const AUTH = { authorization: `Bearer ${TOKEN}` };

interface Listed {
  readonly id: string;
  readonly created_at: number;
}
interface ListBody {
  readonly object: 'list';
  readonly next_page: string | null;
  readonly previous_page: string | null;
  readonly data: Listed[];
}

async function get(url: string, headers: Record<string, string> = AUTH, method = 'GET'): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { method, headers, signal: AbortSignal.timeout(15_000) });
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return { status: res.status, body: await res.json() };
}

async function list(url: string): Promise<ListBody> {
  const { status, body } = await get(url);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as ListBody;
}

/** The ids a filter selects from the sample data, newest first, by the in-memory backend. */
function expectedIds(entity: SchedulingEntityName, filter: string): string[] {
  const records = filterRecords(check(filter, schedulingSchema, entity), recordsOf(sampleData(), entity)) as readonly Listed[];
  return [...records]
    .sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((r) => r.id);
}

interface Backend {
  readonly name: string;
  start(): Promise<{ server: ListServer; stop(): Promise<void> }>;
}

const BACKENDS: Backend[] = [
  {
    name: 'PGlite',
    async start() {
      const server = await startListServer({ token: TOKEN, port: 0 });
      return { server, stop: () => server.close() };
    },
  },
];
/** The list server over a database server that `startDatabase` starts and `stop` ends. */
function onDatabaseServer(name: string, startDatabase: () => Promise<{ url: string; stop(): Promise<void> }>): Backend {
  return {
    name,
    async start() {
      const database = await startDatabase();
      try {
        const server = await startListServer({ token: TOKEN, port: 0, databaseUrl: database.url });
        return {
          server,
          stop: async () => {
            await server.close();
            await database.stop();
          },
        };
      } catch (e) {
        await database.stop();
        throw e;
      }
    },
  };
}

if (postgresAvailable()) {
  BACKENDS.push(onDatabaseServer('PostgreSQL server', async () => {
    const pg: PostgresServer = await startPostgres();
    return { url: pg.connectionString, stop: () => pg.stop() };
  }));
}
if (mariadbAvailable()) BACKENDS.push(onDatabaseServer('MariaDB server', startMariadb));

describe.each(BACKENDS)('the list server on $name', (backend) => {
  let server: ListServer;
  let stop: () => Promise<void>;
  let base: string;
  beforeAll(async () => {
    ({ server, stop } = await backend.start());
    base = server.url;
  }, 120_000);
  afterAll(() => stop?.());

  test('listens on 127.0.0.1', () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test.for<[string, SchedulingEntityName, string]>([
    ['/v1/agents', 'agent', 'agent.name~LIKE~jo'],
    ['/v1/agents', 'agent', 'agent.two_factor_enabled EQ false AND agent.url_slug NOT_EQ null'],
    ['/v1/resources', 'resource', 'resource.external_name EQ null OR resource.internal_name LIKE support'],
    ['/v1/scheduling_requests', 'scheduling_request', 'scheduling_request.status IN new,sent AND scheduling_request.end_user_email LIKE @example.com'],
    ['/v1/scheduling_requests', 'scheduling_request', 'scheduling_request.psa_b_ticket_number NOT_EQ 1234 AND scheduling_request.selected_start_time GTE 2025-01-01'],
  ])('%s?filter=%s (as %s), with ~ and with + separators', { timeout: 20_000 }, async ([path, entity, filter]) => {
    const tilde = filter.replace(/ /g, '~');
    const plus = encodeURIComponent(filter).replace(/%20/g, '+');
    const a = await list(`${base}${path}?limit=100&filter=${encodeURIComponent(tilde)}`);
    const b = await list(`${base}${path}?limit=100&filter=${plus}`);
    expect(b.data).toEqual(a.data);
    expect(a.data.map((r) => r.id)).toEqual(expectedIds(entity, filter).slice(0, 100));
  });

  test('every page of a long result, forward through next_page and back through previous_page', { timeout: 60_000 }, async () => {
    const filter = 'scheduling_request.status NOT_EQ cancelled';
    const expected = expectedIds('scheduling_request', filter);
    expect(expected.length).toBeGreaterThan(200);
    const forward: ListBody[] = [await list(`${base}/v1/scheduling_requests?filter=${encodeURIComponent(filter)}`)];
    while (forward.at(-1)!.next_page !== null) forward.push(await list(forward.at(-1)!.next_page!));
    expect(forward.every((p, i) => p.data.length === (i < forward.length - 1 ? 20 : expected.length - 20 * i))).toBe(true);
    expect(forward.flatMap((p) => p.data.map((r) => r.id))).toEqual(expected);
    expect(forward.at(-1)!.next_page).toBeNull();
    expect(forward[0]!.previous_page).toBeNull();
    for (const p of forward.slice(1)) expect(p.next_page ?? p.previous_page).toContain('filter=scheduling_request.status%20NOT_EQ%20cancelled');
    const backward: ListBody[] = [forward.at(-1)!];
    while (backward.at(-1)!.previous_page !== null) backward.push(await list(backward.at(-1)!.previous_page!));
    expect(backward.map((p) => p.data.map((r) => r.id)).reverse()).toEqual(forward.map((p) => p.data.map((r) => r.id)));
  });

  test('the resources list mixes agents and teams, newest first', async () => {
    const body = await list(`${base}/v1/resources?limit=100`);
    const kinds = new Set(body.data.map((r) => (r as unknown as { object: string }).object));
    expect(kinds).toEqual(new Set(['agent', 'team']));
    expect(body.data.map((r) => r.id)).toEqual(expectedIds('resource', 'resource.url_slug EQ null OR resource.url_slug NOT_EQ null').slice(0, 100));
  });

  test('GET /v1/scheduling_requests/:id returns the record as the sample data has it', async () => {
    const request = sampleData().schedulingRequests[7]!;
    const { status, body } = await get(`${base}/v1/scheduling_requests/${request.id}`);
    expect(status).toBe(200);
    expect(body).toEqual(request);
  });

  test('records of every list are the sample records', async () => {
    const agents = await list(`${base}/v1/agents?limit=5`);
    const byId = new Map(sampleData().agents.map((a) => [a.id, a]));
    for (const a of agents.data) expect(a).toEqual(byId.get(a.id));
  });

  test('a bad filter is a 400 with { error, code, issues }', async () => {
    const { status, body } = await get(`${base}/v1/agents?filter=agent.name+eq+john`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'Invalid filter at 1:12: "eq" is not an operator: write EQ. Operators are upper case.',
      code: 'unknown_operator',
      issues: [{ code: 'unknown_operator', position: { line: 1, column: 12, offset: 11 }, suggestion: 'EQ' }],
    });
  });

  test.for<[string, Record<string, string>]>([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer nope' }],
    ['the token under another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('%s is a 401', async ([, headers]) => {
    const res = await fetch(`${base}/v1/agents`, { headers, signal: AbortSignal.timeout(15_000) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({
      error: 'Unauthorized. No valid API key provided: send the header "Authorization: Bearer <token>".',
      code: 'unauthorized',
      issues: [],
    });
  });

  test.for<[string, string]>([
    ['/v1/scheduling_requests/sreq_doesnotexist', 'No scheduling request has id "sreq_doesnotexist".'],
    ['/v1/teams', 'There is no endpoint /v1/teams; the endpoints are /v1/scheduling_requests, /v1/agents, /v1/resources.'],
  ])('%s is a 404', async ([path, error]) => {
    expect(await get(`${base}${path}`)).toEqual({ status: 404, body: { error, code: 'not_found', issues: [] } });
  });

  test('POST is a 405', async () => {
    const { status, body } = await get(`${base}/v1/agents`, AUTH, 'POST');
    expect(status).toBe(405);
    expect(body).toMatchObject({ code: 'method_not_allowed' });
  });

  test('an unknown cursor is a 400', async () => {
    const { status, body } = await get(`${base}/v1/agents?starting_after=agnt_nobody`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_option' });
  });

  // Input the database would refuse (PostgreSQL text holds no NUL) is the client's mistake: a 400, never a 500.
  test.for([
    '/v1/agents?starting_after=%00',
    '/v1/agents?ending_before=agnt_%00x',
    '/v1/agents?starting_after=%ED%A0%80',
    '/v1/scheduling_requests/%00',
    '/v1/scheduling_requests/sreq_%00',
  ])('%s is a 400 with the JSON error body', async (path) => {
    const { status, body } = await get(`${base}${path}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_option' });
  });

  test('a 20,000-character filter is a 431 with the JSON error body, not an empty one', async () => {
    const { status, body } = await get(`${base}/v1/agents?filter=${'agent.name~LIKE~x~AND~'.repeat(910)}agent.name~LIKE~x`);
    expect(status).toBe(431);
    expect(body).toEqual({ error: expect.stringContaining('shorten the filter'), code: 'request_too_large', issues: [] });
  });

  test('a limit error speaks to the API client, who cannot raise the library limit', async () => {
    const { status, body } = await get(`${base}/v1/agents?filter=${encodeURIComponent(`agent.name EQ ${'x'.repeat(1_100)}`)}`);
    expect(status).toBe(400);
    expect((body as { error: string }).error).toMatchInlineSnapshot(`"Invalid filter at 1:15: This value is 1100 characters long; this API accepts at most 1024. Shorten it."`);
  });
});
