/**
 * What the reference server answers below the level of a request: bytes Node cannot parse,
 * timeouts, CONNECT, and connections past the cap. Node's defaults would close such a socket
 * without a word or with a bare status line; here every one gets a status and the JSON body.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { headersTooLarge, http2NotSupported, idleTimeout, methodNotAllowed, notHttp, requestTimeout, tooManyConnections, type Answer } from './answers.js';
import type { ConnectionLimits } from './connection-limits.js';
import { answerAndClose } from './respond.js';

export interface ConnectionGuard {
  /** True for a socket past the cap: it was answered 503 and nothing it sends is served. */
  refused(socket: Socket): boolean;
  /** Drops every socket, answered or not (on close). */
  destroyAll(): void;
}

/**
 * Installs the socket-level answers on `server`, which must not listen yet.
 *
 * @example
 * ```ts
 * const guard = guardConnections(server, resolveConnectionLimits({}));
 * server.on('request', (req, res) => { if (!guard.refused(req.socket)) handle(req, res); });
 * ```
 */
export function guardConnections(server: Server, limits: ConnectionLimits): ConnectionGuard {
  const sockets = new Set<Socket>();
  const refused = new WeakSet<Socket>();
  let accepted = 0;
  // Before Node's own listener, so that a refused socket is answered before any request on it is read.
  server.prependListener('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (accepted >= limits.maxConnections) {
      refused.add(socket);
      answerAndClose(socket, tooManyConnections(limits));
      return;
    }
    accepted++;
    socket.once('close', () => accepted--);
  });
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer; reason?: string }, socket: Socket) => {
    answerAndClose(socket, clientErrorAnswer(error, limits));
  });
  // Node detaches a CONNECT's socket from its parser and, with no listener, destroys it unanswered.
  server.on('connect', (_req: unknown, socket: Socket) => {
    socket.resume();
    answerAndClose(socket, methodNotAllowed('CONNECT'));
  });
  // Only a kept-alive connection waiting for its next request times out here: the server sets no
  // other socket timeout, and Node clears this one when a request starts.
  server.on('timeout', (socket: Socket) => answerAndClose(socket, idleTimeout(limits)));
  return {
    refused: (socket) => refused.has(socket),
    destroyAll() {
      for (const socket of sockets) socket.destroy();
    },
  };
}

// A request line of HTTP/1.x whose method Node's parser does not know (`FOO / HTTP/1.1`).
const UNKNOWN_METHOD_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) [^ \r\n]+ HTTP\/1\.[01]\r?\n/;

function clientErrorAnswer(error: NodeJS.ErrnoException & { rawPacket?: Buffer; reason?: string }, limits: ConnectionLimits): Answer {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return headersTooLarge();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return requestTimeout(limits);
    case 'HPE_PAUSED_H2_UPGRADE':
      return http2NotSupported();
    case 'HPE_INVALID_METHOD': {
      const method = UNKNOWN_METHOD_LINE.exec(error.rawPacket?.subarray(0, 1024).toString('latin1') ?? '')?.[1];
      return method === undefined ? notHttp(error.reason) : methodNotAllowed(method);
    }
    default:
      return notHttp(error.reason);
  }
}
