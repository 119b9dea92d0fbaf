/**
 * Records for `tql filter`: a JSON array, or NDJSON (one JSON object per line) read line by line,
 * from a file or standard input. Which one is decided by the first character that is not white
 * space: `[` starts an array.
 */
import { TqlError, inputError, type TqlIssue } from '../../errors/tql-error.js';
import { positionAt } from '../../errors/position.js';
import type { CliIo } from '../io.js';
import { numberedLines, textChunks } from './chunks.js';
import { jsonErrorOffset } from './json-error-offset.js';

/**
 * The records of `path` (`-` for standard input), one at a time. Throws a `TqlError`
 * (`invalid_input`) naming the line and column of the first line that is not a JSON object.
 *
 * @example
 * ```ts
 * for await (const record of readRecords('agents.ndjson', io)) console.log(record);
 * ```
 */
export async function* readRecords(path: string, io: CliIo): AsyncGenerator<object> {
  const name = path === '-' ? 'standard input' : path;
  const { first, chunks } = await peekFirstCharacter(textChunks(path, io));
  if (first === '[') {
    yield* arrayRecords(await concat(chunks, name), name);
    return;
  }
  for await (const { line, offset, text } of numberedLines(chunks)) {
    if (text.trim() === '') continue;
    yield parseLine(text, line, offset, name);
  }
}

/** The first non-blank character (a byte-order mark is dropped) and the chunks, none consumed. */
async function peekFirstCharacter(source: AsyncGenerator<string>): Promise<{ first: string | undefined; chunks: AsyncGenerator<string> }> {
  const seen: string[] = [];
  let first: string | undefined;
  for (;;) {
    const next = await source.next();
    if (next.done === true) break;
    const chunk = seen.length === 0 ? next.value.replace(/^\uFEFF/, '') : next.value;
    seen.push(chunk);
    const m = /\S/.exec(chunk);
    if (m !== null) {
      first = m[0];
      break;
    }
  }
  async function* replay(): AsyncGenerator<string> {
    yield* seen;
    yield* source;
  }
  return { first, chunks: replay() };
}

async function concat(chunks: AsyncIterable<string>, name: string): Promise<string> {
  const parts: string[] = [];
  for await (const c of chunks) parts.push(c);
  try {
    return parts.join('');
  } catch {
    // A string longer than the engine allows (about 512 MB in V8).
    throw inputError(`${name} is too large to read as one JSON array: write it as NDJSON (one record per line), which streams.`);
  }
}

function* arrayRecords(text: string, name: string): Generator<object> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const offset = errorOffset(text);
    const position = positionAt(text, offset);
    const lineStart = offset - (position.column - 1);
    const lineEnd = text.indexOf('\n', offset);
    throw lineError(`${name} is not a valid JSON array: ${jsonMessage(e, text, offset)}.`, text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd), position.line, position.column - 1, offset);
  }
  if (!Array.isArray(parsed)) throw inputError(`${name} starts with "[" but is not a JSON array.`);
  for (const [i, record] of parsed.entries()) {
    if (!isRecord(record)) {
      throw inputError(`Element ${i} of the array in ${name} is ${describe(record)}, not a JSON object: every record is an object.`);
    }
    yield record;
  }
}

/**
 * One record written as JSON (a command-line argument such as `--record`); a `TqlError`
 * (`invalid_input`) with the column when it is not a JSON object.
 *
 * @example
 * ```ts
 * parseRecordJson('{"id":"agnt_1","name":"Ada"}', '--record'); // { id: 'agnt_1', name: 'Ada' }
 * ```
 */
export function parseRecordJson(text: string, name: string): object {
  return parseLine(text, 1, 0, name);
}

function parseLine(text: string, line: number, offset: number, name: string): object {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const at = errorOffset(text);
    throw lineError(`${where(line, name)} is not valid JSON (${jsonMessage(e, text, at)}): ${hint(name)}.`, text, line, at, offset + at);
  }
  if (!isRecord(value)) {
    throw lineError(`${where(line, name)} holds ${describe(value)}, not a JSON object: ${hint(name)}.`, text, line, 0, offset);
  }
  return value;
}

function errorOffset(text: string): number {
  const at = jsonErrorOffset(text);
  return at === -1 ? 0 : at;
}

function hint(name: string): string {
  return name.startsWith('--') ? 'give one record as a JSON object' : 'give one JSON object (one record) per line';
}

/** `Line 3 of agents.ndjson`, or just `--record` for an argument. */
function where(line: number, name: string): string {
  return name.startsWith('--') ? name : `Line ${line} of ${name}`;
}

function isRecord(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `the ${typeof value} ${JSON.stringify(value).slice(0, 40)}`;
}

/**
 * V8's message without its position, or, for an unexpected token (where V8 quotes the whole
 * text instead), the character found at `offset`.
 */
function jsonMessage(e: unknown, text: string, offset: number): string {
  const message = e instanceof Error ? e.message : String(e);
  if (message.startsWith('Unexpected token')) {
    return offset < text.length ? `unexpected ${JSON.stringify(String.fromCodePoint(text.codePointAt(offset)!))}` : 'unexpected end';
  }
  return message.replace(/ in JSON at position \d+.*$/s, '').replace(/\.$/, '');
}

/**
 * An `invalid_input` error whose excerpt is the offending line (`lineText`), with the position
 * in the whole input: line `line`, column `column + 1`.
 */
function lineError(message: string, lineText: string, line: number, column: number, offset: number): TqlError {
  const at = Math.min(column, lineText.length);
  const issue: TqlIssue = {
    code: 'invalid_input',
    message,
    span: { start: at, end: Math.min(at + 1, Math.max(lineText.length, at)) },
    position: { offset, line, column: at + 1 },
  };
  return new TqlError(lineText, [issue]);
}
