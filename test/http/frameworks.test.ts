/**
 * One list endpoint served by node:http, Express, Fastify and Hono (on @hono/node-server), each
 * a real server on 127.0.0.1: every framework answers each request with the same status, headers
 * and body, and the links start with that server's own origin.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchListHandler } from '../../src/http/fetch-handler.js';
import { createListEndpoint } from '../../src/http/list-endpoint.js';
import { listReply } from '../../src/http/list-reply.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { nodeListHandler } from '../../src/http/node-handler.js';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';

const agents = sampleData().agents.slice(0, 12);
// No baseUrl: each server's links must carry its own origin, from the request.
const list = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents) });
const onNode = nodeListHandler(list);
const onFetch = fetchListHandler(list);

interface Running {
  readonly origin: string;
  close(): Promise<void>;
}

/** A node:http server (Express's and @hono/node-server's are ones) on 127.0.0.1, closed with its kept-alive connections. */
async function listening(server: http.Server): Promise<Running> {
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const FRAMEWORKS: Record<string, () => Promise<Running>> = {
  'node:http': () => listening(http.createServer(onNode).listen(0, '127.0.0.1')),
  express: () => {
    const app = express();
    // app.all, not app.get: a POST is then this endpoint's 405 rather than Express's 404.
    app.all('/v1/agents', onNode);
    return listening(app.listen(0, '127.0.0.1'));
  },
  fastify: async () => {
    const app = Fastify();
    app.all('/v1/agents', async (request, reply) => {
      const { status, headers, body } = await listReply(list, request.raw);
      return reply.code(status).headers(headers).send(body);
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    return { origin, close: () => app.close() };
  },
  hono: () => {
    const app = new Hono();
    app.all('/v1/agents', (c) => onFetch(c.req.raw));
    return listening(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server);
  },
};
const NAMES = Object.keys(FRAMEWORKS);
const running = new Map<string, Running>();

beforeAll(async () => {
  for (const name of NAMES) running.set(name, await FRAMEWORKS[name]!());
}, 10_000);

afterAll(async () => {
  await Promise.all([...running.values()].map((r) => r.close()));
}, 10_000);

/**
 * What a client sees, with the server's origin written `ORIGIN` so that frameworks compare, and
 * `content-length` as whether it is the length of the body (of the GET's body, for a HEAD).
 */
interface Seen {
  readonly status: number;
  readonly type: string | null;
  readonly length: string | null;
  readonly allow: string | null;
  readonly text: string;
}

async function request(name: string, path: string, method = 'GET'): Promise<Seen> {
  const { origin } = running.get(name)!;
  const url = path.startsWith('http') ? path : `${origin}${path}`;
  const r = await fetch(url, { method, signal: AbortSignal.timeout(5_000) });
  const text = await r.text();
  // Ports differ in digits, so lengths compare only with the body each server sent.
  const sent = method === 'HEAD' ? await (await fetch(url, { signal: AbortSignal.timeout(5_000) })).text() : text;
  const length = r.headers.get('content-length');
  return {
    status: r.status,
    type: r.headers.get('content-type'),
    length: length === String(Buffer.byteLength(sent)) ? 'the body’s' : length,
    allow: r.headers.get('allow'),
    text: text.replaceAll(origin, 'ORIGIN'),
  };
}

/** The same request to every framework; fails unless all saw the same answer, and returns it. */
async function everywhere(path: string | ((origin: string) => string), method = 'GET'): Promise<Seen> {
  const seen = await Promise.all(NAMES.map((name) => request(name, typeof path === 'string' ? path : path(running.get(name)!.origin), method)));
  for (const [i, s] of seen.entries()) expect({ framework: NAMES[i], ...s }).toEqual({ framework: NAMES[i], ...seen[0] });
  return seen[0]!;
}

/** The next_page link each framework gave for `path`, checked to start with its own origin. */
async function nextPages(path: string): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  for (const name of NAMES) {
    const { origin } = running.get(name)!;
    const r = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(5_000) });
    const next = ((await r.json()) as { next_page: string | null }).next_page;
    expect(next, name).toMatch(new RegExp(`^${origin.replaceAll('.', '\\.')}/v1/agents\\?`));
    links.set(name, next!);
  }
  return links;
}

const FILTERED = '/v1/agents?filter=agent.schedulable~EQ~true&limit=3';

describe('one list endpoint on node:http, Express, Fastify and Hono', () => {
  test(`GET ${FILTERED}: the same filtered page everywhere`, async () => {
    const seen = await everywhere(FILTERED);
    expect(seen.status).toBe(200);
    expect(seen.type).toBe('application/json; charset=utf-8');
    expect(seen.length).toBe('the body’s');
    const body = JSON.parse(seen.text) as { data: { id: string; schedulable: boolean }[]; next_page: string };
    expect(body.data).toHaveLength(3);
    expect(body.data.every((a) => a.schedulable)).toBe(true);
    expect(body.next_page).toMatch(/^ORIGIN\/v1\/agents\?/);
  });

  test('the next_page link carries the server’s own origin, and following it gives the same page everywhere', async () => {
    const links = await nextPages(FILTERED);
    const second = await everywhere((origin) => links.get(NAMES.find((n) => running.get(n)!.origin === origin)!)!);
    expect(second.status).toBe(200);
    const first = JSON.parse((await request('node:http', FILTERED)).text) as { data: { id: string }[] };
    const body = JSON.parse(second.text) as { data: { id: string }[]; previous_page: string | null };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.map((a) => a.id)).not.toContain(first.data[0]!.id);
    expect(body.previous_page).toMatch(/^ORIGIN\/v1\/agents\?/);
  });

  test('GET /v1/agents?filter=agent.nme~EQ~x: the same 400 everywhere', async () => {
    const seen = await everywhere('/v1/agents?filter=agent.nme~EQ~x');
    expect(seen.status).toBe(400);
    expect(seen.type).toBe('application/json; charset=utf-8');
    const body = JSON.parse(seen.text) as { error: string; code: string; parameter: string };
    expect({ code: body.code, parameter: body.parameter, error: body.error }).toMatchInlineSnapshot(`
      {
        "code": "unknown_attribute",
        "error": "Invalid filter at 1:1: agent has no attribute nme. Did you mean agent.name? Filterable: name, email, role, schedulable, two_factor_enabled, url_slug, created_at.",
        "parameter": "filter",
      }
    `);
  });

  test(`HEAD ${FILTERED}: the GET's status and headers, no body`, async () => {
    const get = await everywhere(FILTERED);
    const head = await everywhere(FILTERED, 'HEAD');
    expect(head).toEqual({ ...get, text: '' });
  });

  test('POST /v1/agents: 405 with Allow: GET, HEAD, everywhere', async () => {
    const seen = await everywhere('/v1/agents', 'POST');
    expect({ ...seen, text: JSON.parse(seen.text) as unknown }).toMatchInlineSnapshot(`
      {
        "allow": "GET, HEAD",
        "length": "the body’s",
        "status": 405,
        "text": {
          "code": "method_not_allowed",
          "error": "POST is not supported here; this endpoint only lists (GET, HEAD).",
          "issues": [],
        },
        "type": "application/json; charset=utf-8",
      }
    `);
  });
});
