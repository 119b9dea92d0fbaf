/**
 * Writing an answer: through a `ServerResponse` for a request Node parsed, or straight onto the
 * socket for one it could not (a parse error, a timeout, CONNECT, a connection past the cap).
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Answer } from './answers.js';

/** How long an answered and closed socket waits for the client to close its side before it is dropped. */
const LINGER_MS = 2000;

function headersOf(answer: Answer, text: string): Record<string, string> {
  return { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), 'cache-control': 'no-store', ...answer.headers };
}

/**
 * Sends `answer` as JSON on `res`; a HEAD gets the headers only.
 *
 * @example
 * ```ts
 * send(res, { status: 200, body: record });
 * ```
 */
export function send(res: ServerResponse, answer: Answer): void {
  const text = `${JSON.stringify(answer.body)}\n`;
  res.writeHead(answer.status, headersOf(answer, text));
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/**
 * Writes `answer` as a whole HTTP/1.1 response onto the socket and closes it. The socket keeps
 * reading until the client closes its side (closing with unread bytes would reset the
 * connection and could lose the answer), for at most {@link LINGER_MS}.
 *
 * @example
 * ```ts
 * server.on('connect', (_req, socket) => answerAndClose(socket, methodNotAllowed('CONNECT')));
 * ```
 */
export function answerAndClose(socket: Socket, answer: Answer): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const text = `${JSON.stringify(answer.body)}\n`;
  const head = Object.entries({ ...headersOf(answer, text), connection: 'close' }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n${head.join('')}\r\n${text}`);
  socket.setTimeout(LINGER_MS, () => socket.destroy());
}
