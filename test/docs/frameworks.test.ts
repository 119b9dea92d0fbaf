/**
 * docs/frameworks.md: one whole program per framework, each type-checked in a strict project and
 * run as the page shows it (on a free port instead of 8080), answering a list, a HEAD and a 405.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { codeBlocks } from './markdown-examples.js';
import { typeErrors, withSourceSpecifiers } from './typescript-examples.js';

const FILE = 'docs/frameworks.md';
const ROOT = new URL('../../', import.meta.url);
const OUT = new URL('.tmp/frameworks-examples/', ROOT);
const markdown = readFileSync(new URL(FILE, ROOT), 'utf8');

mkdirSync(OUT, { recursive: true });
const examples = codeBlocks(markdown)
  .filter((b) => b.lang === 'ts')
  .map((b) => {
    const path = fileURLToPath(new URL(`line-${b.line}.ts`, OUT));
    writeFileSync(path, `// Written by test/docs/frameworks.test.ts from ${FILE}:${b.line}.\n${withSourceSpecifiers(b.body, '../../', `${FILE}:${b.line}`)}\nexport {};\n`);
    return { ...b, path };
  });

/**
 * Loaded before an example that listens: every server listens on a free port of 127.0.0.1
 * instead of the page's 8080, and says which on stdout.
 */
const PRELOAD = fileURLToPath(new URL('free-port.mjs', OUT));
writeFileSync(
  PRELOAD,
  `import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number') args[0] = 0;
  else if (typeof args[0] === 'object' && args[0] !== null) args[0] = { ...args[0], port: 0 };
  this.once('listening', () => process.stdout.write('listening on ' + this.address().port + '\\n'));
  return listen.apply(this, args);
};
`,
);

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill();
});

/** Runs an example in a process of its own; resolves with the port it listens on. */
function start(path: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', PRELOAD, path], { cwd: fileURLToPath(ROOT), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${path} did not listen within 20 s:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on (\d+)/.exec(output)?.[1];
      if (port !== undefined) {
        clearTimeout(timer);
        resolve(Number(port));
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`${path} exited (${code}) before it listened:\n${output}`)));
  });
}

/** What an endpoint answers to a list, a HEAD and a POST, the origin written `ORIGIN`. */
async function answers(origin: string, send: (url: string, method: string) => Promise<Response>) {
  const url = `${origin}/v1/agents?filter=agent.role~EQ~Administrator&limit=1`;
  const seen = async (method: string) => {
    const r = await send(url, method);
    return { status: r.status, type: r.headers.get('content-type'), allow: r.headers.get('allow'), text: (await r.text()).replaceAll(origin, 'ORIGIN') };
  };
  return { get: await seen('GET'), head: await seen('HEAD'), post: await seen('POST') };
}

const overHttp = (url: string, method: string) => fetch(url, { method, signal: AbortSignal.timeout(5_000) });
const section = (name: string) => examples.filter((e) => e.section === name);

describe(FILE, () => {
  test('has one program per framework', () => {
    expect(examples.map((e) => e.section)).toEqual(['node:http', 'Express', 'Fastify', 'Hono', 'Next.js route handler']);
  });

  test('the programs compile in a strict project', () => {
    expect(typeErrors(examples)).toEqual([]);
  }, 60_000);

  describe('each program answers as the page says, and all alike', async () => {
    // The route handler of Next.js is a module that exports GET and HEAD: called as Next.js does.
    const next = (await import(/* @vite-ignore */ section('Next.js route handler')[0]!.path)) as { GET: (r: Request) => Promise<Response>; HEAD: (r: Request) => Promise<Response> };
    const expected = await answers('http://127.0.0.1:8080', (url, method) => (method === 'HEAD' ? next.HEAD : next.GET)(new Request(url, { method })));

    test('Next.js route handler', () => {
      expect(expected.get.status).toBe(200);
      expect(expected.get.text).toMatch(/^\{"object":"list","next_page":"ORIGIN\/v1\/agents\?/);
      expect(expected.head).toEqual({ ...expected.get, text: '' });
      expect(expected.post).toMatchObject({ status: 405, allow: 'GET, HEAD' });
    });

    test.for(['node:http', 'Express', 'Fastify', 'Hono'])('%s', { timeout: 30_000 }, async (name) => {
      const port = await start(section(name)[0]!.path);
      expect(await answers(`http://127.0.0.1:${port}`, overHttp)).toEqual(expected);
    });
  });
});
