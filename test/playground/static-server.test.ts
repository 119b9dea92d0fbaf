/** The playground's static server answers only for files under its folder. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveStatic, type StaticServer } from '../../playground/static-server.js';

let dir: string;
let server: StaticServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tql-static-'));
  await mkdir(join(dir, 'site'));
  await writeFile(join(dir, 'site', 'index.html'), '<p>hi</p>');
  await writeFile(join(dir, 'site', 'app.js'), 'export {};');
  await writeFile(join(dir, 'secret.txt'), 'outside');
  server = await serveStatic(join(dir, 'site'));
});

afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** A GET with the path sent exactly as written (no client-side normalization). */
function fetchRaw(path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, timeout: 5000 }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (c: string) => (body += c));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], body }));
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on('error', reject);
  });
}

describe('serveStatic', () => {
  test('listens on 127.0.0.1 only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test.for([
    ['/', 200, 'text/html; charset=utf-8', '<p>hi</p>'],
    ['/index.html?x=1#y', 200, 'text/html; charset=utf-8', '<p>hi</p>'],
    ['/app.js', 200, 'text/javascript; charset=utf-8', 'export {};'],
    ['/missing.js', 404, 'text/plain; charset=utf-8', 'not found\n'],
    ['/..%2fsecret.txt', 403, undefined, ''],
    ['/%2e%2e%2fsecret.txt', 403, undefined, ''],
    ['/%E0%A4%A', 400, undefined, ''],
  ] as const)('GET %s → %i', async ([path, status, type, body]) => {
    expect(await fetchRaw(path)).toEqual({ status, type, body });
  });
});
