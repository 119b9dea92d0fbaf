/** A list endpoint as a Fetch API handler: Hono, Next.js route handlers, Bun, Deno, workers. */
import type { ListHandler } from './list-endpoint.js';
import { checkListHandler, readReplyOptions, replyWith, type ListReplyOptions } from './list-reply.js';

/**
 * Wraps a list handler as `(request: Request) => Promise<Response>`: a JSON body with
 * `content-type: application/json; charset=utf-8`, HEAD without the body, and any method but
 * GET and HEAD a 405 `method_not_allowed` with `Allow: GET, HEAD`. The links of a page start
 * with the request's own origin unless the list endpoint was given `baseUrl`.
 * docs/frameworks.md has a whole example per framework.
 *
 * @example
 * ```ts
 * const listAgents = fetchListHandler(createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents) }));
 * const response = await listAgents(new Request('https://api.example.com/v1/agents?filter=agent.name~LIKE~jo&limit=2'));
 * response.status; // → 200
 * response.headers.get('content-type'); // → 'application/json; charset=utf-8'
 * // Hono: app.get('/v1/agents', (c) => listAgents(c.req.raw)); Next.js (app/v1/agents/route.ts): export const GET = listAgents;
 * // Bun: Bun.serve({ fetch: listAgents }); Deno: Deno.serve(listAgents)
 * ```
 */
export function fetchListHandler<T>(list: ListHandler<T>, options?: ListReplyOptions): (request: Request) => Promise<Response> {
  checkListHandler('fetchListHandler', list);
  const read = readReplyOptions('fetchListHandler', options);
  return async (request) => {
    const { status, headers, body } = await replyWith(read, list, request);
    return new Response(body, { status, headers });
  };
}
