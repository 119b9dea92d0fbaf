/**
 * Requests no well-behaved client sends, on raw sockets to the reference server on PGlite: each
 * gets its status and the JSON error body, and the server closes the connection after an error
 * it cannot recover from. Timeouts are 300 ms here (10 s and more by default) so the file runs
 * in seconds.
 */
import { request as httpRequest, Agent } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startListServer, type ListServer } from '../../../../src/models/scheduling/server/server.js';
import { exchangeOn, openSocket, rawExchange, type RawResponse } from './raw-http.js';

const TOKEN = 'test-token-0123';
const AUTH = `Authorization: Bearer ${TOKEN}`;
const LIMITS = { headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 300 };

/** A GET of `target` with the token, closing the connection after the answer. */
const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${AUTH}\r\nConnection: close\r\n\r\n`;

/** The start of a TLS 1.2 ClientHello: what a client speaking https to this port sends. */
const TLS_HELLO = Buffer.from('16030100a5010000a10303', 'hex');

/** What a response must be: its status and, for an error, its `error.code`. */
type Expected = readonly [status: number, code: string | null];

interface Hostile {
  readonly title: string;
  readonly chunks: readonly (string | Buffer)[];
  readonly gapMs?: number;
  /** Every response on the connection, in order; the server closes it after the last. */
  readonly expected: readonly Expected[];
}

const HOSTILE: readonly Hostile[] = [
  { title: 'CONNECT 127.0.0.1:443', chunks: ['CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n'], expected: [[405, 'method_not_allowed']] },
  { title: 'TRACE /v1/agents', chunks: [`TRACE /v1/agents HTTP/1.1\r\nHost: h\r\n${AUTH}\r\nConnection: close\r\n\r\n`], expected: [[405, 'method_not_allowed']] },
  { title: 'OPTIONS *', chunks: ['OPTIONS * HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'], expected: [[405, 'method_not_allowed']] },
  { title: 'FOO /v1/agents (a method Node does not know)', chunks: [`FOO /v1/agents HTTP/1.1\r\nHost: h\r\n${AUTH}\r\n\r\n`], expected: [[405, 'method_not_allowed']] },
  { title: 'get /v1/agents (methods are case-sensitive)', chunks: ['get /v1/agents HTTP/1.1\r\nHost: h\r\n\r\n'], expected: [[405, 'method_not_allowed']] },
  { title: 'DELETE /v1/agents without a token (405 before 401)', chunks: ['DELETE /v1/agents HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n'], expected: [[405, 'method_not_allowed']] },
  { title: 'POST /nowhere with a body (405 before 404)', chunks: [`POST /nowhere HTTP/1.1\r\nHost: h\r\n${AUTH}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`], expected: [[405, 'method_not_allowed']] },
  { title: 'a line that is not HTTP', chunks: ['HELLO\r\n\r\n'], expected: [[400, 'bad_request']] },
  { title: 'a TLS ClientHello', chunks: [TLS_HELLO], expected: [[400, 'bad_request']] },
  { title: 'HTTP/1.2', chunks: ['GET /v1/agents HTTP/1.2\r\nHost: h\r\n\r\n'], expected: [[400, 'bad_request']] },
  { title: 'the HTTP/2 preface', chunks: ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'], expected: [[505, 'http_version_not_supported']] },
  { title: 'Content-Length and Transfer-Encoding together', chunks: ['GET /v1/agents HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'], expected: [[400, 'bad_request']] },
  { title: 'a header over 16 KB', chunks: [`GET /v1/agents HTTP/1.1\r\nHost: h\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`], expected: [[431, 'request_too_large']] },
  { title: 'HTTP/1.1 without Host', chunks: [`GET /v1/agents HTTP/1.1\r\n${AUTH}\r\n\r\n`], expected: [[400, 'bad_request']] },
  { title: 'Expect: 418-teapot', chunks: [`GET /v1/agents HTTP/1.1\r\nHost: h\r\n${AUTH}\r\nExpect: 418-teapot\r\nConnection: close\r\n\r\n`], expected: [[417, 'expectation_failed']] },
  { title: '/v1/scheduling_requests/%ED%A0%80 (an encoded surrogate)', chunks: [get('/v1/scheduling_requests/%ED%A0%80')], expected: [[400, 'invalid_option']] },
  { title: '/v1/scheduling_requests/%E0%A4%A (a cut escape)', chunks: [get('/v1/scheduling_requests/%E0%A4%A')], expected: [[400, 'invalid_option']] },
  { title: '/v1/scheduling_requests/sreq_%00', chunks: [get('/v1/scheduling_requests/sreq_%00')], expected: [[400, 'invalid_option']] },
  { title: '/v1/scheduling_requests/ and 257 characters', chunks: [get(`/v1/scheduling_requests/${'x'.repeat(257)}`)], expected: [[400, 'invalid_option']] },
  { title: '/v1/scheduling_requests/ and 256 characters (an id no record has)', chunks: [get(`/v1/scheduling_requests/${'x'.repeat(256)}`)], expected: [[404, 'not_found']] },
  { title: 'a header dripped a line every 50 ms (slowloris)', chunks: ['GET /v1/agents HTTP/1.1\r\n', 'Host: h\r\n', ...Array.from({ length: 40 }, (_, i) => `X-Drip-${i}: y\r\n`)], gapMs: 50, expected: [[408, 'request_timeout']] },
  { title: 'a connection that sends nothing', chunks: [], expected: [[408, 'request_timeout']] },
  { title: 'half a request line', chunks: ['GET /v1/ag'], expected: [[408, 'request_timeout']] },
  { title: 'a kept-alive connection that stays silent after its request', chunks: [`GET /v1/agents?limit=1 HTTP/1.1\r\nHost: h\r\n${AUTH}\r\n\r\n`], expected: [[200, null], [408, 'request_timeout']] },
  {
    title: 'two pipelined requests (served in order)',
    chunks: [`GET /v1/agents?limit=1 HTTP/1.1\r\nHost: h\r\n${AUTH}\r\n\r\n${get('/v1/resources?limit=1')}`],
    expected: [[200, null], [200, null]],
  },
];

function expectAnswer(response: RawResponse | undefined, [status, code]: Expected): void {
  expect(response, `no response where ${status} was expected`).toBeDefined();
  expect(response!.status).toBe(status);
  expect(response!.headers['content-type']).toBe('application/json; charset=utf-8');
  if (code === null) return void expect(response!.body).toMatchObject({ object: 'list' });
  expect(response!.body).toEqual({ error: expect.any(String), code, issues: [] });
  if (status === 405) expect(response!.headers.allow).toBe('GET, HEAD');
}

describe('hostile requests to the list server', () => {
  let server: ListServer;
  beforeAll(async () => {
    server = await startListServer({ token: TOKEN, port: 0, ...LIMITS });
  }, 60_000);
  afterAll(() => server?.close());

  test.for(HOSTILE)('$title', { timeout: 10_000 }, async ({ chunks, gapMs, expected }) => {
    const { responses, closedByServer, rest } = await rawExchange(server.port, { chunks, gapMs });
    expect(responses.map((r) => r.status)).toEqual(expected.map(([status]) => status));
    expected.forEach((e, i) => expectAnswer(responses[i], e));
    expect(rest).toBe('');
    expect(closedByServer).toBe(true);
    if (responses.at(-1)!.status >= 400) expect(responses.at(-1)!.headers.connection).toBe('close');
  });

  test('the 408 messages name the limit that ran out', { timeout: 10_000 }, async () => {
    const [headers, idle] = await Promise.all(
      ['GET /v1/agents HTTP/1.1\r\nHost: h\r\n', `GET /v1/agents?limit=1 HTTP/1.1\r\nHost: h\r\n${AUTH}\r\n\r\n`].map(async (chunk) => {
        const { responses } = await rawExchange(server.port, { chunks: [chunk] });
        return (responses.at(-1)!.body as { error: string }).error;
      }),
    );
    expect(headers).toMatchInlineSnapshot(`"The request did not arrive in time: this server waits 300 ms for the request line and headers and 600 ms for the whole request. Send it at once."`);
    expect(idle).toMatchInlineSnapshot(`"No request came on this connection for 300 ms, so it is closed: open a new one for the next request."`);
  });

  test('the messages of the other answers', async () => {
    const messages: Record<string, string> = {};
    for (const row of HOSTILE.filter((r) => r.expected.length === 1 && r.expected[0]![0] !== 408 && r.expected[0]![0] !== 404)) {
      const { responses } = await rawExchange(server.port, { chunks: row.chunks });
      messages[row.title] = (responses.at(-1)!.body as { error: string }).error;
    }
    expect(messages).toMatchInlineSnapshot(`
      {
        "/v1/scheduling_requests/ and 257 characters": ""xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" is not the id of a scheduling request: an id is 1 to 256 characters of percent-encoded UTF-8, none of them NUL.",
        "/v1/scheduling_requests/%E0%A4%A (a cut escape)": ""%E0%A4%A" is not the id of a scheduling request: an id is 1 to 256 characters of percent-encoded UTF-8, none of them NUL.",
        "/v1/scheduling_requests/%ED%A0%80 (an encoded surrogate)": ""%ED%A0%80" is not the id of a scheduling request: an id is 1 to 256 characters of percent-encoded UTF-8, none of them NUL.",
        "/v1/scheduling_requests/sreq_%00": ""sreq_%00" is not the id of a scheduling request: an id is 1 to 256 characters of percent-encoded UTF-8, none of them NUL.",
        "CONNECT 127.0.0.1:443": "CONNECT is not supported here; this server only lists and reads (GET, HEAD).",
        "Content-Length and Transfer-Encoding together": "The request is not valid HTTP/1.1 (Transfer-Encoding can't be present with Content-Length).",
        "DELETE /v1/agents without a token (405 before 401)": "DELETE is not supported here; this server only lists and reads (GET, HEAD).",
        "Expect: 418-teapot": ""418-teapot" is not an expectation this server meets; it knows only "Expect: 100-continue".",
        "FOO /v1/agents (a method Node does not know)": "FOO is not supported here; this server only lists and reads (GET, HEAD).",
        "HTTP/1.1 without Host": "An HTTP/1.1 request needs a Host header.",
        "HTTP/1.2": "The request is not valid HTTP/1.1 (Invalid HTTP version).",
        "OPTIONS *": "OPTIONS is not supported here; this server only lists and reads (GET, HEAD).",
        "POST /nowhere with a body (405 before 404)": "POST is not supported here; this server only lists and reads (GET, HEAD).",
        "TRACE /v1/agents": "TRACE is not supported here; this server only lists and reads (GET, HEAD).",
        "a TLS ClientHello": "The request is not valid HTTP/1.1 (Invalid method encountered).",
        "a header over 16 KB": "The request line and headers are larger than this server accepts (16 KB): shorten the filter.",
        "a line that is not HTTP": "The request is not valid HTTP/1.1 (Invalid method encountered).",
        "get /v1/agents (methods are case-sensitive)": "get is not supported here; this server only lists and reads (GET, HEAD). Methods are upper case: write GET.",
        "the HTTP/2 preface": "This server speaks HTTP/1.1 (and 1.0) only: send the request without HTTP/2.",
      }
    `);
  });

  test('a Node http.Agent whose idle connection got the 408 sends its next request on a new one', { timeout: 10_000 }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const fetchOnce = () =>
      new Promise<{ status: number; socket: Socket }>((resolve, reject) => {
        const req = httpRequest(`${server.url}/v1/agents?limit=1`, { agent, headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
          res.resume();
          res.once('end', () => resolve({ status: res.statusCode!, socket: req.socket! }));
        });
        req.once('error', reject);
        req.end();
      });
    try {
      const first = await fetchOnce();
      expect(first.status).toBe(200);
      await new Promise((resolve) => first.socket.once('close', resolve));
      const second = await fetchOnce();
      expect(second.status).toBe(200);
      expect(second.socket).not.toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});

describe('the connection cap', () => {
  const CAP = 3;
  let server: ListServer;
  beforeAll(async () => {
    server = await startListServer({ token: TOKEN, port: 0, maxConnections: CAP });
  }, 60_000);
  afterAll(() => server?.close());

  test(`with ${CAP} connections open, 5 more each get 503 with Retry-After: 1, and the ${CAP} are served`, { timeout: 20_000 }, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => openSocket(server.port)));
    try {
      const refused = await Promise.all(Array.from({ length: 5 }, () => rawExchange(server.port, { chunks: [get('/v1/agents?limit=1')] })));
      for (const { responses, closedByServer } of refused) {
        expect(responses.map((r) => r.status)).toEqual([503]);
        expect(responses[0]!.headers['retry-after']).toBe('1');
        expect(responses[0]!.body).toEqual({ error: expect.stringContaining(`${CAP} connections`), code: 'too_many_connections', issues: [] });
        expect(closedByServer).toBe(true);
      }
      const served = await Promise.all(held.map((socket) => exchangeOn(socket, { chunks: [get('/v1/agents?limit=1')] })));
      expect(served.map((s) => s.responses.map((r) => r.status))).toEqual(held.map(() => [200]));
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  test('once connections close, a new one is served', { timeout: 20_000 }, async () => {
    // The server sees a client's close a moment after the client does: a bounded number of tries.
    let statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      statuses = (await rawExchange(server.port, { chunks: [get('/v1/agents?limit=1')] })).responses.map((r) => r.status);
      if (statuses[0] === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(statuses).toEqual([200]);
  });
});
