/**
 * The reference list server: the scheduling API's list endpoints (`GET /v1/scheduling_requests`,
 * `/v1/scheduling_requests/:id`, `/v1/agents`, `/v1/resources`) over the reference models, with
 * bearer-token authentication, on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createListEndpoint, type ListHandler } from '../../../http/list-endpoint.js';
import { plainErrorBody, type ErrorBody } from '../../../http/error-body.js';
import { isRecordId } from '../../../http/list-params.js';
import { requestUrl } from '../../../http/request-url.js';
import { schedulingSchema } from '../schema.js';
import { authorized } from './auth.js';
import { openDatabase, type OpenedDatabase } from './database.js';
import { matchRoute, ROUTES, type EntityRoute } from './routes.js';
import { findRecord, schedulingListStore } from './stores.js';

export interface ListServerOptions {
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
  const database = await openDatabase({ databaseUrl: options.databaseUrl, reset: options.reset, log });
  const server = createServer();
  // Node answers a request it cannot parse (a URL over its 16 KB header limit, say) with a bare
  // status line; a client gets the same JSON body here as for every other error.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const body = tooLarge
      ? plainErrorBody('request_too_large', 'The request line and headers are larger than this server accepts (16 KB): shorten the filter.')
      : plainErrorBody('bad_request', 'The request is not valid HTTP.');
    const text = `${JSON.stringify(body)}\n`;
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  });
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
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((e: unknown) => {
      log(`tql server: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) send(res, 500, plainErrorBody('internal_error', 'Internal server error.'));
      else res.destroy();
    });
  });
  return {
    url,
    port,
    database: database.description,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
    },
  };
}

function handler(database: OpenedDatabase, token: string, baseUrl: string) {
  const lists = new Map<EntityRoute, ListHandler<object>>(
    ROUTES.map((route) => [
      route,
      createListEndpoint({ schema: schedulingSchema, entity: route.entity, store: schedulingListStore(database.db, route.entity, database.caseFolding), baseUrl }),
    ]),
  );
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!authorized(req.headers, token)) {
      res.setHeader('www-authenticate', 'Bearer');
      return send(res, 401, plainErrorBody('unauthorized', 'Unauthorized. No valid API key provided: send the header "Authorization: Bearer <token>".'));
    }
    const url = requestUrl(req, baseUrl);
    const match = matchRoute(url.pathname);
    if (match.kind === 'none') return send(res, 404, plainErrorBody('not_found', `There is no endpoint ${url.pathname}; the endpoints are ${ROUTES.map((r) => r.path).join(', ')}.`));
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(res, 405, plainErrorBody('method_not_allowed', `${String(req.method)} is not supported here; this server only lists and reads (GET).`));
    }
    if (match.kind === 'single') {
      if (!isRecordId(match.id)) return send(res, 400, plainErrorBody('invalid_option', `${JSON.stringify(match.id.slice(0, 40))} is not the id of a ${match.route.noun}: an id has 1 to 256 characters, none of them NUL.`));
      const record = await findRecord(database.db, match.route.entity, match.id);
      if (record === undefined) return send(res, 404, plainErrorBody('not_found', `No ${match.route.noun} has id ${JSON.stringify(match.id)}.`));
      return send(res, 200, record);
    }
    const response = await lists.get(match.route)!(url);
    return send(res, response.status, response.body);
  };
}

function send(res: ServerResponse, status: number, body: object | ErrorBody): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}
