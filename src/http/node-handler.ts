/** A list endpoint as a node:http request listener, which Express also takes as a route handler. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ListHandler } from './list-endpoint.js';
import { checkListHandler, readReplyOptions, replyWith, type ListReplyOptions } from './list-reply.js';

/**
 * Wraps a list handler as `(req, res) => Promise<void>` for `http.createServer` and Express
 * (`app.get(path, handler)`, or `app.all` to answer other methods 405 rather than Express's
 * 404): a JSON body with `content-type: application/json; charset=utf-8`, HEAD without the body,
 * and any method but GET and HEAD a 405 `method_not_allowed` with `Allow: GET, HEAD`. The
 * promise never rejects. The links of a page start with the request's `Host` unless the list
 * endpoint was given `baseUrl`. For Fastify, {@link listReply} keeps its hooks and logging;
 * docs/frameworks.md has a whole example per framework.
 *
 * @example
 * ```ts
 * const listAgents = nodeListHandler(createListEndpoint({ schema: schedulingSchema, entity: 'agent', store: memoryListStore(agents) }));
 * const server = http.createServer(listAgents); // then server.listen(8080): every path lists agents
 * // Express: app.get('/v1/agents', listAgents)
 * ```
 */
export function nodeListHandler<T>(list: ListHandler<T>, options?: ListReplyOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  checkListHandler('nodeListHandler', list);
  const read = readReplyOptions('nodeListHandler', options);
  return async (req, res) => {
    const { status, headers, body } = await replyWith(read, list, req);
    // Node itself leaves out the body of an answer to HEAD; `body` is null then anyway.
    res.writeHead(status, headers).end(body ?? undefined);
  };
}
