/**
 * A static file server for the built playground, on 127.0.0.1 only: `npm run playground` and the
 * browser test use it. It serves files under one folder and nothing outside it.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A running server and how to stop it. */
export interface StaticServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves `root` on 127.0.0.1; port 0 picks a free one.
 *
 * @example
 * ```ts
 * const server = await serveStatic('playground/dist');
 * console.log(server.url); // http://127.0.0.1:40123/
 * await server.close();
 * ```
 */
export async function serveStatic(root: string, port = 0): Promise<StaticServer> {
  const base = normalize(root + sep);
  const server: Server = createServer((request, response) => {
    void (async () => {
      let path: string;
      try {
        path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      } catch {
        response.writeHead(400).end();
        return;
      }
      const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
      if (!file.startsWith(base) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(request.method === 'GET' || request.method === 'HEAD' ? 403 : 405).end();
        return;
      }
      try {
        const body = await readFile(file);
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      } catch {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      }
    })();
  });
  // Keep-alive sockets would hold close() open until they time out.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
