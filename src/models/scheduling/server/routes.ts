/** The endpoints of the reference server: a table from path to the entity it serves. */
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
  | { readonly kind: 'none' };

/**
 * Which endpoint a path names. A trailing slash is allowed; an id is percent-decoded (a
 * malformed escape matches nothing).
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
      try {
        return { kind: 'single', route, id: decodeURIComponent(raw) };
      } catch {
        return { kind: 'none' };
      }
    }
  }
  return { kind: 'none' };
}
