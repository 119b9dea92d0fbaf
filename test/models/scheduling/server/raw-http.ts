/**
 * HTTP on a raw socket, for requests `fetch` cannot send (CONNECT, unknown methods, bytes that
 * are not HTTP, a header dripped slowly): write the chunks, read every response until the server
 * closes the connection.
 */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body read as JSON, or the text when it is not JSON. */
  readonly body: unknown;
}

export interface RawExchange {
  /** Every response, in order. */
  readonly responses: readonly RawResponse[];
  /** Whether the server closed the connection before the wait was over. */
  readonly closedByServer: boolean;
  /** Bytes after the last whole response (should be none). */
  readonly rest: string;
}

export interface RawRequest {
  /** Written in order, `gapMs` apart, while the connection is open. */
  readonly chunks: readonly (string | Buffer)[];
  readonly gapMs?: number | undefined;
  /** How long to wait for the server to close before giving up. Default 5 s. */
  readonly waitMs?: number | undefined;
  /** HEAD responses carry a content-length but no body. */
  readonly head?: boolean | undefined;
}

/** Opens a socket to 127.0.0.1:port; resolves once it is connected. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/**
 * Sends `request` on a new connection and reads until the server closes it, or `waitMs` passes.
 *
 * @example
 * ```ts
 * const { responses } = await rawExchange(port, { chunks: ['TRACE / HTTP/1.1\r\nHost: h\r\n\r\n'] });
 * responses[0].status; // 405
 * ```
 */
export async function rawExchange(port: number, request: RawRequest): Promise<RawExchange> {
  return exchangeOn(await openSocket(port), request);
}

/** {@link rawExchange} on a socket that is already open. */
export function exchangeOn(socket: Socket, request: RawRequest): Promise<RawExchange> {
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    let closedByServer = false;
    socket.on('data', (d: Buffer) => received.push(d));
    socket.on('error', () => {});
    socket.once('end', () => (closedByServer = true));
    const giveUp = setTimeout(() => socket.destroy(), request.waitMs ?? 5000);
    const chunks = [...request.chunks];
    const writeNext = () => {
      const chunk = chunks.shift();
      if (chunk !== undefined && socket.writable) socket.write(chunk);
      if (chunks.length === 0) clearInterval(drip);
    };
    const drip = setInterval(writeNext, request.gapMs ?? 1);
    socket.once('close', () => {
      clearTimeout(giveUp);
      clearInterval(drip);
      resolve({ ...parseResponses(Buffer.concat(received), request.head === true), closedByServer });
    });
    writeNext();
  });
}

/** Splits bytes into HTTP/1.1 responses framed by content-length (the server always sends one). */
export function parseResponses(bytes: Buffer, head: boolean): { responses: RawResponse[]; rest: string } {
  const responses: RawResponse[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end === -1) break;
    const [statusLine = '', ...lines] = bytes.subarray(at, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = head ? 0 : Number(headers['content-length'] ?? 0);
    const bodyBytes = bytes.subarray(end + 4, end + 4 + length);
    if (bodyBytes.length < length) break;
    const text = bodyBytes.toString('utf8');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Left as text: the test says which bodies must be JSON.
    }
    responses.push({ status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1] ?? Number.NaN), headers, body });
    at = end + 4 + length;
  }
  return { responses, rest: bytes.subarray(at).toString('latin1') };
}
