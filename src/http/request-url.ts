/** The absolute URL of an incoming request, without trusting the request to name another host. */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * `request.url` (a path and query) on `baseUrl`'s origin. Without `baseUrl`, the origin is the
 * request's `Host` header when it looks like a host name, else `http://localhost`. The path can
 * never change the origin: `//other.example/x` stays a path.
 *
 * @example
 * ```ts
 * requestUrl(req, 'http://127.0.0.1:8080').href; // 'http://127.0.0.1:8080/v1/agents?filter=…'
 * ```
 */
export function requestUrl(request: IncomingMessage, baseUrl?: string): URL {
  const url = new URL(baseUrl ?? defaultOrigin(request));
  const raw = request.url ?? '/';
  const q = raw.indexOf('?');
  url.pathname = q === -1 ? raw : raw.slice(0, q);
  url.search = q === -1 ? '' : raw.slice(q);
  url.hash = '';
  return url;
}

function defaultOrigin(request: IncomingMessage): string {
  const host = request.headers.host;
  const scheme = (request.socket as Partial<TLSSocket> | undefined)?.encrypted === true ? 'https' : 'http';
  return typeof host === 'string' && HOST.test(host) ? `${scheme}://${host}` : 'http://localhost';
}
