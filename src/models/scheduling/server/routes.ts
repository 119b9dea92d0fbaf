/** The endpoints of the reference server: a table from path to the entity it serves. */
import { isRecordId } from '../../../http/list-params.js';
import type { SchedulingEntityName } from '../schema.js';

/** A list endpoint and, when the API has one, its single-record endpoint (`<path>/:id`). */
export interface EntityRoute {
  readonly path: string;
  readonly entity: SchedulingEntityName;
  /** How a missing record is named in a 404 message. */
  readonly noun: string;
  readonly single: boolean;
}

/** The list and single-record routes of docs/server.md, Endpoints. */
export const ROUTES: readonly EntityRoute[] = [
  { path: '/v1/scheduling_requests', entity: 'scheduling_request', noun: 'scheduling request', single: true },
  { path: '/v1/agents', entity: 'agent', noun: 'agent', single: false },
  { path: '/v1/resources', entity: 'resource', noun: 'resource', single: false },
];

export type RouteMatch =
  | { readonly kind: 'list'; readonly route: EntityRoute }
  | { readonly kind: 'single'; readonly route: EntityRoute; readonly id: string }
  /** A single-record path whose id no record can have; `raw` is the id as the path writes it. */
  | { readonly kind: 'invalid_id'; readonly route: EntityRoute; readonly raw: string }
  | { readonly kind: 'none' };

/**
 * Which endpoint a path names. A trailing slash is allowed; an id is percent-decoded, and one
 * that no record can have (a malformed escape or an encoded surrogate, a NUL, empty, over 256
 * characters) is an `invalid_id`, for a 400 rather than a 404.
 *
 * @example
 * ```ts
 * matchRoute('/v1/scheduling_requests/sreq_1'); // { kind: 'single', route: …, id: 'sreq_1' }
 * ```
 */
export function matchRoute(pathname: string): RouteMatch {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  for (const route of ROUTES) {
    if (path === route.path) return { kind: 'list', route };
    if (route.single && path.startsWith(`${route.path}/`)) {
      const raw = path.slice(route.path.length + 1);
      if (raw.includes('/')) continue;
      const id = decoded(raw);
      return id !== undefined && isRecordId(id) ? { kind: 'single', route, id } : { kind: 'invalid_id', route, raw };
    }
  }
  return { kind: 'none' };
}

/** The percent-decoded text, or undefined when the escapes are not UTF-8 (`%ED%A0%80`, `%E0%A4%A`). */
function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
