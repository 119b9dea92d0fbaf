/**
 * Every `console` example of docs/server.md runs against a server on PGlite and answers with the
 * body the page shows (compared as JSON; the page indents it) and the status of its trailing
 * comment (200 when there is none). `127.0.0.1:8080` on the page stands for the server's address.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_TOKEN } from '../../../../src/models/scheduling/server/auth.js';
import { startListServer, type ListServer } from '../../../../src/models/scheduling/server/server.js';
import { shellWords } from '../../../cli/shell-words.js';
import { codeBlocks } from '../../../docs/markdown-examples.js';

const PAGE = 'docs/server.md';
const PAGE_BASE = 'http://127.0.0.1:8080';
const markdown = readFileSync(new URL(`../../../../${PAGE}`, import.meta.url), 'utf8');

interface CurlExample {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly status: number;
  readonly body: string;
  readonly line: number;
}

function examples(): CurlExample[] {
  return codeBlocks(markdown)
    .filter((b) => b.lang === 'console')
    .map((b) => {
      const [command = '', ...output] = b.body.split('\n');
      if (!command.startsWith('$ ')) throw new Error(`${PAGE}:${b.line}: a console example starts with "$ "`);
      const { words, comment } = shellWords(command.slice(2));
      if (words[0] !== 'curl') throw new Error(`${PAGE}:${b.line}: a console example runs curl`);
      const headers: Record<string, string> = {};
      let url: string | undefined;
      for (let i = 1; i < words.length; i++) {
        const w = words[i]!;
        if (w === '-s') continue;
        if (w === '-H') {
          const [name, ...value] = words[++i]!.split(':');
          headers[name!.trim().toLowerCase()] = value.join(':').trim();
        } else if (w.startsWith('http')) url = w;
        else throw new Error(`${PAGE}:${b.line}: curl option ${w} is not understood by this test`);
      }
      if (url === undefined) throw new Error(`${PAGE}:${b.line}: no URL`);
      return { url, headers, status: comment === '' ? 200 : Number(comment), body: output.join('\n'), line: b.line };
    });
}

describe(PAGE, () => {
  let server: ListServer;
  beforeAll(async () => {
    server = await startListServer({ token: DEV_TOKEN, port: 0 });
  }, 120_000);
  afterAll(() => server?.close());

  const all = examples();

  test('has examples', () => {
    expect(all.length).toBeGreaterThanOrEqual(6);
  });

  test.for(all)(`${PAGE}:$line $url`, { timeout: 20_000 }, async (example) => {
    const local = (text: string) => text.replaceAll(PAGE_BASE, server.url);
    const res = await fetch(local(example.url), { headers: example.headers, signal: AbortSignal.timeout(15_000) });
    expect(res.status).toBe(example.status);
    expect(await res.json()).toEqual(JSON.parse(local(example.body)));
  });
});
