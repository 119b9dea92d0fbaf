/** Bearer-token authentication (docs/server.md, Starting it): `Authorization: Bearer <token>`. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The token the server uses when none is configured; printed at start. Never for production. */
export const DEV_TOKEN = 'tql-dev-token';

/**
 * True when the request carries `Authorization: Bearer <token>` with exactly this token. Compares
 * digests in constant time, so neither the token nor its length leaks through timing.
 *
 * @example
 * ```ts
 * authorized({ authorization: 'Bearer tql-dev-token' }, 'tql-dev-token'); // true
 * ```
 */
export function authorized(headers: IncomingHttpHeaders, token: string): boolean {
  const header = headers.authorization;
  const match = typeof header === 'string' ? /^Bearer +(\S+) *$/i.exec(header) : null;
  if (match === null) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
