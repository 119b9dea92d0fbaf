/** listReply: the status, headers and JSON text both adapters send, and its options. */
import { describe, expect, test } from 'vitest';
import { fetchListHandler } from '../../src/http/fetch-handler.js';
import { createListEndpoint } from '../../src/http/list-endpoint.js';
import { listReply } from '../../src/http/list-reply.js';
import { memoryListStore } from '../../src/http/memory-store.js';
import { nodeListHandler } from '../../src/http/node-handler.js';
import { sampleData } from '../../src/models/scheduling/sample.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import { isTqlError } from '../../src/errors/tql-error.js';

const agents = sampleData().agents.slice(0, 5);
const list = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents) });
const URL_ = 'https://api.example.com/v1/agents?limit=2';

describe('listReply', () => {
  test('a URL is a GET: the list as JSON text ending in a newline, with its length', async () => {
    const reply = await listReply(list, new URL(URL_));
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(`${JSON.stringify((await list(new URL(URL_))).body)}\n`);
    expect(reply.headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(reply.body!)) });
  });

  test('HEAD: the GET’s status and headers, body null', async () => {
    const get = await listReply(list, new Request(URL_));
    const head = await listReply(list, new Request(URL_, { method: 'HEAD' }));
    expect(head).toEqual({ ...get, body: null });
  });

  test('DELETE: 405 method_not_allowed with Allow: GET, HEAD', async () => {
    const reply = await listReply(list, new Request(URL_, { method: 'DELETE' }));
    expect({ ...reply, body: JSON.parse(reply.body!) as unknown }).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "method_not_allowed",
          "error": "DELETE is not supported here; this endpoint only lists (GET, HEAD).",
          "issues": [],
        },
        "headers": {
          "allow": "GET, HEAD",
          "content-length": "120",
          "content-type": "application/json; charset=utf-8",
        },
        "status": 405,
      }
    `);
  });

  test('headers: added to every answer, names in lower case', async () => {
    const reply = await listReply(list, new URL(URL_), { headers: { 'Cache-Control': 'no-store' } });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  test.for([
    [{ headers: { 'Content-Type': 'text/plain' } }, 'listReply: headers.Content-Type is set by the adapter for each answer; leave it out.'],
    [{ headers: { allow: 'GET' } }, 'listReply: headers.allow is set by the adapter for each answer; leave it out.'],
    [{ headers: { 'x-count': 3 } }, 'listReply: headers.x-count is number; give header values as strings.'],
    [{ onError: 'log' }, 'listReply: onError is a function that is told of a failure the list handler did not answer.'],
  ] as const)('%j: invalid_option, %s', async ([options, message]) => {
    const error = await listReply(list, new URL(URL_), options as never).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isTqlError(error) && { code: error.code, message: error.issues[0]!.message }).toEqual({ code: 'invalid_option', message });
  });

  test('a record JSON cannot write: 500 internal_error, and onError is told why', async () => {
    const told: unknown[] = [];
    const withBigint = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore([{ ...agents[0]!, rank: 1n }]) });
    const reply = await listReply(withBigint, new URL(URL_), { onError: (e) => told.push(e) });
    expect({ status: reply.status, body: JSON.parse(reply.body!) as unknown }).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "internal_error",
          "error": "The server could not read this list. Try again later; if it persists, tell the service owner.",
          "issues": [],
        },
        "status": 500,
      }
    `);
    expect(told).toEqual([expect.any(TypeError)]);
  });
});

describe('the adapters read their options when they are built', () => {
  test.for([
    ['fetchListHandler', () => fetchListHandler(list, { headers: { 'content-length': '1' } })],
    ['nodeListHandler', () => nodeListHandler(list, { headers: { 'content-length': '1' } })],
  ] as const)('%s', ([, build]) => {
    expect(() => build()).toThrow(/content-length is set by the adapter/);
  });
});
