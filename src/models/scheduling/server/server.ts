/**
 * The reference list server: the scheduling API's list endpoints (`GET /v1/scheduling_requests`,
 * `/v1/scheduling_requests/:id`, `/v1/agents`, `/v1/resources`) over the reference models, with
 * bearer-token authentication, on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createListEndpoint, type ListHandler } from '../../../http/list-endpoint.js';
import { requestUrl } from '../../../http/request-url.js';
import { schedulingSchema } from '../schema.js';
import { expectationFailed, hostMissing, internalError, invalidId, methodNotAllowed, noEndpoint, noRecord, unauthorized, type Answer } from './answers.js';
import { authorized } from './auth.js';
import { guardConnections } from './connection-guard.js';
import { checkingInterval, resolveConnectionLimits, type ConnectionLimits } from './connection-limits.js';
import { openDatabase, type OpenedDatabase } from './database.js';
import { send } from './respond.js';
import { matchRoute, ROUTES, type EntityRoute, type RouteMatch } from './routes.js';
import { findRecord, schedulingListStore } from './stores.js';

export interface ListServerOptions extends Partial<Record<keyof ConnectionLimits, number | undefined>> {
  /** The bearer token every request must carry. */
  readonly token: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number | undefined;
  /** A PostgreSQL connection string; undefined for embedded PGlite. */
  readonly databaseUrl?: string | undefined;
  /** Reload the sample data into an existing database. */
  readonly reset?: boolean | undefined;
  /** Where unexpected errors are reported. Default: standard error. */
  readonly log?: ((line: string) => void) | undefined;
}

export interface ListServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Which database it serves from, for people. */
  readonly database: string;
  /** Stops accepting requests, ends open connections and closes the database. */
  close(): Promise<void>;
}

export const HOST = '127.0.0.1';

/**
 * Opens the database (loading the sample data when it is new) and starts listening.
 *
 * @example
 * ```ts
 * const server = await startListServer({ token: 'secret' });
 * const res = await fetch(`${server.url}/v1/agents?filter=agent.name~LIKE~john`, {
 *   headers: { authorization: 'Bearer secret' },
 * });
 * await server.close();
 * ```
 */
export async function startListServer(options: ListServerOptions): Promise<ListServer> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const limits = resolveConnectionLimits(options);
  const database = await openDatabase({ databaseUrl: options.databaseUrl, reset: options.reset, log });
  const server = createServer({
    headersTimeout: limits.headersTimeout,
    requestTimeout: limits.requestTimeout,
    keepAliveTimeout: limits.keepAliveTimeout,
    connectionsCheckingInterval: checkingInterval(limits),
    // Node answers a request without Host with a bare 400; the handler answers it with the JSON body.
    requireHostHeader: false,
  });
  const guard = guardConnections(server, limits);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await database.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${HOST}:${port}`;
  const handle = handler(database, options.token, url);
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    if (guard.refused(req.socket)) return;
    handle(req, res).catch((e: unknown) => {
      log(`tql server: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) send(res, internalError());
      else res.destroy();
    });
  };
  server.on('request', serve);
  // Node answers any Expect but 100-continue with a bare 417 unless someone listens.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    if (!guard.refused(req.socket)) send(res, expectationFailed(String(req.headers.expect)));
  });
  return {
    url,
    port,
    database: database.description,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        guard.destroyAll();
      });
      await database.close();
    },
  };
}

/**
 * The order of the checks: a request that is not valid HTTP (400), then the method (405, on every
 * path, before authentication: the methods are the same for everyone and published), then the
 * token (401), then the path (404, or 400 for an id no record can have).
 */
function handler(database: OpenedDatabase, token: string, baseUrl: string) {
  const lists = new Map<EntityRoute, ListHandler<object>>(
    ROUTES.map((route) => [
      route,
      createListEndpoint({
        schema: schedulingSchema,
        entity: route.entity,
        store: schedulingListStore(database.db, route.entity, database.caseFolding),
        baseUrl,
        // Resources are listed newest first too, though the API filters them by name only.
        ...(route.entity === 'resource' ? { sortOnly: { created_at: { type: 'Timestamp' } } } : {}),
      }),
    ]),
  );
  const byKind: { readonly [K in RouteMatch['kind']]: (match: Extract<RouteMatch, { kind: K }>, url: URL) => Promise<Answer> } = {
    list: (match, url) => lists.get(match.route)!(url),
    single: async (match) => {
      const record = await findRecord(database.db, match.route.entity, match.id);
      return record === undefined ? noRecord(match.route, match.id) : { status: 200, body: record };
    },
    invalid_id: async (match) => invalidId(match.route, match.raw),
    none: async (_match, url) => noEndpoint(url.pathname, ROUTES),
  };
  const answer = async (req: IncomingMessage): Promise<Answer> => {
    if (req.httpVersion === '1.1' && req.headers.host === undefined) return hostMissing();
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(String(req.method));
    if (!authorized(req.headers, token)) return unauthorized();
    const url = requestUrl(req, baseUrl);
    const match = matchRoute(url.pathname);
    return (byKind[match.kind] as (m: RouteMatch, u: URL) => Promise<Answer>)(match, url);
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => send(res, await answer(req));
}
