/** The absolute URL of an incoming request, without trusting the request to name another host. */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * What a list handler takes: a node:http request (Express's and Fastify's raw request are
 * ones), a Fetch API `Request` (Hono, Next.js route handlers, Bun, Deno), or a URL.
 */
export type ListRequest = IncomingMessage | Request | URL;

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * The request's path and query on `baseUrl`'s origin. Without `baseUrl`, the origin is the URL's
 * own (a `Request` or a `URL`), or a node:http request's `Host` header when it looks like a host
 * name, else `http://localhost`. The path can never change the origin: `//other.example/x`
 * stays a path.
 *
 * @example
 * ```ts
 * requestUrl(req, 'http://127.0.0.1:8080').href; // 'http://127.0.0.1:8080/v1/agents?filter=…'
 * ```
 */
export function requestUrl(request: ListRequest, baseUrl?: string): URL {
  if (request instanceof URL || isFetchRequest(request)) {
    const given = request instanceof URL ? request : new URL(request.url);
    if (baseUrl === undefined) return given;
    const url = new URL(baseUrl);
    url.pathname = given.pathname;
    url.search = given.search;
    return url;
  }
  const url = new URL(baseUrl ?? defaultOrigin(request));
  const raw = request.url ?? '/';
  const q = raw.indexOf('?');
  url.pathname = q === -1 ? raw : raw.slice(0, q);
  url.search = q === -1 ? '' : raw.slice(q);
  url.hash = '';
  return url;
}

/**
 * Whether `request` can be read as a {@link ListRequest}: a URL, a Fetch API request, or an
 * object whose `url` is a string or missing and whose `headers`, if any, are an object.
 *
 * @example
 * ```ts
 * isListRequest(new URL('http://x/v1/agents')); // true
 * isListRequest({ url: 5 }); // false
 * ```
 */
export function isListRequest(request: unknown): request is ListRequest {
  if (typeof request !== 'object' || request === null) return false;
  try {
    if (request instanceof URL || isFetchRequest(request as ListRequest)) return true;
    const { url, headers } = request as { url?: unknown; headers?: unknown };
    return (url === undefined || typeof url === 'string') && (headers === undefined || (typeof headers === 'object' && headers !== null));
  } catch {
    // A getter or a proxy trap that throws: read again by requestUrl, whose error says so.
    return true;
  }
}

/** A Fetch API request, also one of another realm or runtime: an absolute `url` and a `headers.get`. */
function isFetchRequest(request: ListRequest): request is Request {
  return typeof (request as Request).headers?.get === 'function' && typeof (request as Request).url === 'string';
}

function defaultOrigin(request: IncomingMessage): string {
  const host = request.headers?.host;
  const scheme = (request.socket as Partial<TLSSocket> | undefined)?.encrypted === true ? 'https' : 'http';
  return typeof host === 'string' && HOST.test(host) ? `${scheme}://${host}` : 'http://localhost';
}
