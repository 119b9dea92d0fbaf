/** Text from a file or standard input, decoded as UTF-8 chunk by chunk. */
import { createReadStream } from 'node:fs';
import { inputError, type TqlError } from '../../errors/tql-error.js';
import type { CliIo } from '../io.js';

/**
 * The text of a file, or of standard input for `-`. Throws a `TqlError` (`invalid_input`) when
 * it cannot be read.
 *
 * @example
 * ```ts
 * for await (const chunk of textChunks('agents.ndjson', io)) total += chunk.length;
 * ```
 */
export async function* textChunks(path: string, io: CliIo): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  const source: AsyncIterable<string | Buffer> = path === '-' ? io.readStdin() : createReadStream(path);
  try {
    for await (const chunk of source) {
      // `stream: true` keeps a character split across two chunks whole.
      yield typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    }
  } catch (e) {
    throw readError(path, e);
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

function readError(path: string, e: unknown): TqlError {
  const code = (e as { code?: unknown } | null)?.code;
  const why =
    code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : e instanceof Error ? e.message : String(e);
  return inputError(`Cannot read records from ${path === '-' ? 'standard input' : JSON.stringify(path)}: ${why}.`);
}

/** One line of a text: its number (from 1), where it starts (in UTF-16 code units) and its text. */
export interface NumberedLine {
  readonly line: number;
  readonly offset: number;
  readonly text: string;
}

/**
 * Lines of the text without their line ends (`\n` or `\r\n`), as the chunks arrive: a large
 * file is never held whole.
 *
 * @example
 * ```ts
 * for await (const { line, text } of numberedLines(textChunks('-', io))) console.log(line, text);
 * ```
 */
export async function* numberedLines(chunks: AsyncIterable<string>): AsyncGenerator<NumberedLine> {
  let pending = '';
  let pendingOffset = 0;
  let line = 0;
  for await (const chunk of chunks) {
    pending += chunk;
    let start = 0;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n', start)) {
      const end = nl > start && pending.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      yield { line: ++line, offset: pendingOffset + start, text: pending.slice(start, end) };
      start = nl + 1;
    }
    pending = pending.slice(start);
    pendingOffset += start;
  }
  if (pending !== '') yield { line: ++line, offset: pendingOffset, text: pending.endsWith('\r') ? pending.slice(0, -1) : pending };
}
