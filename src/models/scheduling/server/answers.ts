/**
 * Every error answer of the reference server, in one place: the status, the JSON body (the API's
 * `{ "error": "…" }` with a `code`) and any header the status needs. docs/server.md, Errors,
 * lists them.
 */
import { plainErrorBody, type ErrorBody } from '../../../http/error-body.js';
import type { ConnectionLimits } from './connection-limits.js';
import type { EntityRoute } from './routes.js';

/** A response that is not a list: its status, body and extra headers. */
export interface Answer {
  readonly status: number;
  readonly body: object | ErrorBody;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The methods the server answers; every other one is a 405 on every path. */
export const ALLOWED_METHODS = 'GET, HEAD';

function error(status: number, code: string, message: string, headers?: Readonly<Record<string, string>>): Answer {
  return headers === undefined ? { status, body: plainErrorBody(code, message) } : { status, body: plainErrorBody(code, message), headers };
}

/**
 * 405 for any method but GET and HEAD, CONNECT and methods Node's parser does not know included.
 *
 * @example
 * ```ts
 * methodNotAllowed('TRACE').headers; // { allow: 'GET, HEAD' }
 * ```
 */
export function methodNotAllowed(method: string): Answer {
  const upper = method.toUpperCase();
  const hint = upper === 'GET' || upper === 'HEAD' ? ` Methods are upper case: write ${upper}.` : '';
  return error(405, 'method_not_allowed', `${method.slice(0, 20)} is not supported here; this server only lists and reads (GET, HEAD).${hint}`, { allow: ALLOWED_METHODS });
}

/** 408 when the request line and headers, or the whole request, did not arrive in time. */
export function requestTimeout(limits: ConnectionLimits): Answer {
  return error(
    408,
    'request_timeout',
    `The request did not arrive in time: this server waits ${seconds(limits.headersTimeout)} for the request line and headers and ${seconds(limits.requestTimeout)} for the whole request. Send it at once.`,
  );
}

/** 408 on a kept-alive connection that stayed silent; the client may open a new one. */
export function idleTimeout(limits: ConnectionLimits): Answer {
  return error(408, 'request_timeout', `No request came on this connection for ${seconds(limits.keepAliveTimeout)}, so it is closed: open a new one for the next request.`);
}

/** 503 for a connection past the cap, with `Retry-After: 1`. */
export function tooManyConnections(limits: ConnectionLimits): Answer {
  return error(503, 'too_many_connections', `This server already holds ${limits.maxConnections} connections, its limit: retry in a second, and reuse connections (keep-alive).`, { 'retry-after': '1' });
}

/** 431 when the request line and headers are over Node's 16 KB. */
export function headersTooLarge(): Answer {
  return error(431, 'request_too_large', 'The request line and headers are larger than this server accepts (16 KB): shorten the filter.');
}

/** 400 for bytes that are not an HTTP/1.x request; `reason` is the parser's, never the client's text. */
export function notHttp(reason: string | undefined): Answer {
  const why = reason === undefined || reason === '' ? '' : ` (${reason})`;
  return error(400, 'bad_request', `The request is not valid HTTP/1.1${why}.`);
}

/** 505 for the HTTP/2 connection preface: this server speaks HTTP/1.1. */
export function http2NotSupported(): Answer {
  return error(505, 'http_version_not_supported', 'This server speaks HTTP/1.1 (and 1.0) only: send the request without HTTP/2.');
}

/** 400 for an HTTP/1.1 request without the Host header HTTP/1.1 requires; the connection closes, as after any request that is not valid HTTP. */
export function hostMissing(): Answer {
  return error(400, 'bad_request', 'An HTTP/1.1 request needs a Host header.', { connection: 'close' });
}

/** 417 for an `Expect` other than `100-continue`. */
export function expectationFailed(expect: string): Answer {
  return error(417, 'expectation_failed', `${JSON.stringify(expect.slice(0, 40))} is not an expectation this server meets; it knows only "Expect: 100-continue".`);
}

/** 401 without the right bearer token. */
export function unauthorized(): Answer {
  return error(401, 'unauthorized', 'Unauthorized. No valid API key provided: send the header "Authorization: Bearer <token>".', { 'www-authenticate': 'Bearer' });
}

/** 404 for a path that is none of the endpoints. */
export function noEndpoint(pathname: string, routes: readonly EntityRoute[]): Answer {
  return error(404, 'not_found', `There is no endpoint ${pathname}; the endpoints are ${routes.map((r) => r.path).join(', ')}.`);
}

/** 404 for a single-record request whose id no record has. */
export function noRecord(route: EntityRoute, id: string): Answer {
  return error(404, 'not_found', `No ${route.noun} has id ${JSON.stringify(id)}.`);
}

/** 400 for a single-record id that no record can have; `raw` is the id as the path writes it. */
export function invalidId(route: EntityRoute, raw: string): Answer {
  return error(400, 'invalid_option', `${JSON.stringify(raw.slice(0, 40))} is not the id of a ${route.noun}: an id is 1 to 256 characters of percent-encoded UTF-8, none of them NUL.`);
}

/** 500 when the database fails; the details go to the server's log only. */
export function internalError(): Answer {
  return error(500, 'internal_error', 'Internal server error.');
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
