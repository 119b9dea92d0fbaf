/**
 * A list answer as HTTP: the status, the headers and the JSON text, decided once for every
 * framework. The Fetch and Node adapters only copy it into their own response object.
 */
import { readOptions } from '../errors/read-options.js';
import { describeValue } from '../errors/describe-value.js';
import { inputError, optionError } from '../errors/tql-error.js';
import { internalErrorBody, plainErrorBody, tellFailure } from './error-body.js';
import type { ListHandler } from './list-endpoint.js';
import { isListRequest, type ListRequest } from './request-url.js';

/** What to send for one request: ready for `new Response(…)`, `res.writeHead(…)` or Fastify's `reply`. */
export interface ListReply {
  readonly status: number;
  /** Lower-case names: `content-type`, `content-length`, `allow` on a 405, and the adapter's own `headers`. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON text, ending in a newline; `null` for HEAD, whose `content-length` is still the GET's. */
  readonly body: string | null;
}

/** Options of {@link listReply}, {@link fetchListHandler} and {@link nodeListHandler}. */
export interface ListReplyOptions {
  /**
   * Headers added to every answer, e.g. `{ 'cache-control': 'no-store' }`. The content type,
   * the length and `Allow` are the adapter's and cannot be replaced.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Told of a failure the list handler did not turn into an answer itself: a record that
   * `JSON.stringify` cannot write (a `bigint`, a cycle), or a handler that threw. The client
   * gets a 500 with a body that says nothing of it. Default: `console.error`.
   */
  readonly onError?: ((error: unknown, request: ListRequest) => void) | undefined;
}

/** The methods a list answers; any other gets a 405 that says so. */
const LIST_METHODS = 'GET, HEAD';

// TextEncoder rather than Buffer: the Fetch adapter also runs where there is no Buffer (edge runtimes, Deno).
const UTF8 = new TextEncoder();

const OWN_HEADERS = new Set(['content-type', 'content-length', 'allow']);

/**
 * Answers `request` with `list` as HTTP. GET gets the list's status and body; HEAD the same
 * status and headers without the body; any other method 405 `method_not_allowed` with
 * `Allow: GET, HEAD`. Rejects only for wrong options: what goes wrong past the list handler is
 * a 500, told to `onError`. The adapters are built on it; call it yourself for a framework that
 * sends a status, headers and a string its own way.
 *
 * @example
 * ```ts
 * const listAgents = createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents) });
 * const reply = await listReply(listAgents, new URL('https://api.example.com/v1/agents?limit=1'));
 * reply.status; // → 200
 * reply.headers['content-type']; // → 'application/json; charset=utf-8'
 * // Fastify, keeping its hooks and logging:
 * // app.all('/v1/agents', async (request, reply) => {
 * //   const { status, headers, body } = await listReply(listAgents, request.raw);
 * //   return reply.code(status).headers(headers).send(body);
 * // });
 * ```
 */
export async function listReply<T>(list: ListHandler<T>, request: ListRequest, options?: ListReplyOptions): Promise<ListReply> {
  checkListHandler('listReply', list);
  if (!isListRequest(request)) throw inputError(`listReply answers a request: a URL, a Fetch API Request or a node:http request, not ${describeValue(request)}.`);
  return replyWith(readReplyOptions('listReply', options), list, request);
}

/**
 * Throws an `invalid_option` naming `fn` unless `list` is a list handler (a function, such as
 * `createListEndpoint` returns): refused when the adapter is made, not as a 500 on each request.
 *
 * @example
 * ```ts
 * checkListHandler('nodeListHandler', null); // throws invalid_option
 * ```
 */
export function checkListHandler(fn: string, list: unknown): void {
  if (typeof list !== 'function') throw optionError(`${fn} wraps a list handler, the function createListEndpoint returns, not ${describeValue(list)}.`);
}

/** The options, checked once: the adapters read them when they are built, not per request. */
export interface ReplyOptions {
  readonly headers: Readonly<Record<string, string>>;
  readonly onError: (error: unknown, request: ListRequest) => void;
}

/**
 * Checks the options of `fn` (an `invalid_option` error for a wrong one) and puts header names
 * in lower case, so that a caller's `Content-Type` cannot sit beside the adapter's.
 *
 * @example
 * ```ts
 * readReplyOptions('fetchListHandler', { headers: { 'Cache-Control': 'no-store' } }).headers; // { 'cache-control': 'no-store' }
 * readReplyOptions('fetchListHandler', { headers: { 'Content-Type': 'text/plain' } });         // throws TqlError invalid_option
 * ```
 */
export function readReplyOptions(fn: string, given: ListReplyOptions | undefined): ReplyOptions {
  const { headers = {}, onError = reportFailure } = readOptions(fn, given, ['headers', 'onError']);
  if (typeof onError !== 'function') throw optionError(`${fn}: onError is a function that is told of a failure the list handler did not answer.`);
  if (typeof headers !== 'object' || headers === null) throw optionError(`${fn}: headers is an object of header names and string values.`);
  const own: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (typeof value !== 'string') throw optionError(`${fn}: headers.${name} is ${typeof value}; give header values as strings.`);
    if (OWN_HEADERS.has(lower)) throw optionError(`${fn}: headers.${name} is set by the adapter for each answer; leave it out.`);
    own[lower] = value;
  }
  return { headers: own, onError };
}

/**
 * {@link listReply} with options already read, for the adapters.
 *
 * @example
 * ```ts
 * const options = readReplyOptions('nodeListHandler', given);
 * http.createServer(async (req, res) => {
 *   const { status, headers, body } = await replyWith(options, listAgents, req);
 *   res.writeHead(status, headers).end(body ?? undefined);
 * });
 * ```
 */
export async function replyWith<T>(options: ReplyOptions, list: ListHandler<T>, request: ListRequest): Promise<ListReply> {
  const method = methodOf(request);
  if (method === undefined) return json(options, 400, plainErrorBody('invalid_input', 'The request has no method that can be read as text.'), 'GET');
  if (method !== 'GET' && method !== 'HEAD') {
    const body = plainErrorBody('method_not_allowed', `${method.slice(0, 20)} is not supported here; this endpoint only lists (${LIST_METHODS}).`);
    return json(options, 405, body, method, { allow: LIST_METHODS });
  }
  try {
    const { status, body } = await list(request);
    return json(options, status, body, method);
  } catch (error) {
    tellFailure(options.onError, error, request);
    return json(options, 500, internalErrorBody(), method);
  }
}

function json(options: ReplyOptions, status: number, value: unknown, method: string, extra?: Record<string, string>): ListReply {
  // The newline ends the line when the body is printed, as by curl.
  const text = `${JSON.stringify(value)}\n`;
  const length = String(UTF8.encode(text).byteLength);
  const headers = { ...options.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': length, ...extra };
  return { status, headers, body: method === 'HEAD' ? null : text };
}

/** A URL is read as a GET: it names what to list and nothing else. */
function methodOf(request: ListRequest): string | undefined {
  try {
    const method: unknown = request instanceof URL ? 'GET' : (request.method ?? 'GET');
    return typeof method === 'string' ? method : undefined;
  } catch {
    // A getter or a proxy trap that throws: no method to read.
    return undefined;
  }
}

function reportFailure(error: unknown, request: ListRequest): void {
  const url = request instanceof URL ? request.href : request.url;
  console.error(`tql list endpoint: ${url ?? ''} failed past the list handler:`, error);
}
