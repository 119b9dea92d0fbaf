/**
 * Reading the examples of a docs page. The docs/*.md tests share it, so every page writes its
 * examples the same way:
 *
 * - ```` ```tql ```` blocks must validate;
 * - ```` ```tql error ```` blocks must fail with exactly the message in the ```` ```text ```` block
 *   after them;
 * - attributes after the language set the options: `profile=timezest`, `timeZone=Europe/Berlin`,
 *   `entity=agent` (otherwise the prefix of the first attribute), `schema=shop` (the schema with
 *   Number attributes of test/number/number-schema.ts; otherwise the scheduling schema), and any
 *   limit by its name (`maxLength=20`);
 * - a control picture (`␀` U+2400 … `␟` U+241F) in a `tql` block stands for the control character
 *   it pictures, which a page cannot show; messages show control characters the same way;
 * - ```` ```ts error ```` blocks are TypeScript that must throw the message of the ```` ```text ````
 *   block after them (see `runTypeScript` in errors.test.ts).
 */
import type { CheckOptions } from '../../src/api/check.js';
import { check } from '../../src/api/check.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema } from '../../src/models/scheduling/schema.js';
import type { Schema } from '../../src/schema/types.js';
import { numberSchema } from '../number/number-schema.js';
import { DEFAULT_LIMITS, type Limits } from '../../src/parser/options.js';
import { PROFILES, type Profile } from '../../src/parser/profiles.js';

/** A fenced code block and where it is. */
export interface CodeBlock {
  /** The word after the fence: `tql`, `text`, `ts`. */
  readonly lang: string;
  /** The words after the language: `error`, `profile=timezest`. */
  readonly attributes: readonly string[];
  readonly body: string;
  /** The line of the opening fence, counting from 1. */
  readonly line: number;
  /** The text of the nearest `## ` heading above the block ('' before the first). */
  readonly section: string;
}

/** Every fenced block of `markdown`, also indented ones (inside list items), in order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const headings = [...markdown.matchAll(/^## +(.+)$/gm)].map((m) => ({ at: m.index, text: m[1]!.trim() }));
  return [...markdown.matchAll(/^( *)```([^\n]*)\n([\s\S]*?)^\1```$/gm)].map((m) => {
    const [lang = '', ...attributes] = m[2]!.trim().split(/\s+/);
    return {
      lang,
      attributes,
      body: m[3]!.replace(new RegExp(`^${m[1]}`, 'gm'), '').replace(/\n$/, ''),
      line: markdown.slice(0, m.index).split('\n').length,
      section: headings.filter((h) => h.at < m.index).at(-1)?.text ?? '',
    };
  });
}

/** A block that must fail, and the message it must fail with (the `text` block after it). */
export interface ErrorBlock extends CodeBlock {
  readonly error: string | undefined;
}

/**
 * The blocks of language `lang`, each with the message of the `text` block that follows it when
 * it is marked `error`. A page that forgets the message fails loudly here.
 */
export function blocksOf(markdown: string, lang: string, file: string): ErrorBlock[] {
  const blocks = codeBlocks(markdown);
  return blocks.flatMap((b, i): ErrorBlock[] => {
    if (b.lang !== lang) return [];
    if (!b.attributes.includes('error')) return [{ ...b, error: undefined }];
    const next = blocks[i + 1];
    if (next?.lang !== 'text') throw new Error(`${file}:${b.line}: a ${lang} error block needs a text block after it`);
    return [{ ...b, error: next.body }];
  });
}

/** A `tql` block ready to run against the scheduling schema. */
export interface TqlExample {
  readonly query: string;
  readonly schema: Schema;
  readonly entity: string;
  readonly options: CheckOptions;
  readonly error: string | undefined;
  readonly line: number;
  readonly section: string;
}

/** The schemas an example may name with `schema=`. */
const SCHEMAS: Readonly<Record<string, Schema>> = { scheduling: schedulingSchema as Schema, shop: numberSchema as Schema };

/** The `tql` blocks of a page, with their options read from the block's attributes. */
export function tqlExamples(markdown: string, file: string): TqlExample[] {
  return blocksOf(markdown, 'tql', file).map((b) => {
    const attrs = new Map(b.attributes.filter((a) => a.includes('=')).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
    const where = `${file}:${b.line}`;
    const limits: Partial<Record<keyof Limits, number>> = {};
    for (const name of Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]) {
      const v = attrs.get(name);
      if (v !== undefined) limits[name] = Number(v);
    }
    const profile = attrs.get('profile') ?? 'extended';
    if (!(PROFILES as readonly string[]).includes(profile)) throw new Error(`${where}: unknown profile ${profile}`);
    const schemaName = attrs.get('schema') ?? 'scheduling';
    if (!Object.hasOwn(SCHEMAS, schemaName)) throw new Error(`${where}: unknown schema ${schemaName}`);
    const schema = SCHEMAS[schemaName]!;
    const entity = attrs.get('entity') ?? /^[\s~(]*([a-z_]+)\./.exec(b.body)?.[1];
    if (entity === undefined || !(schema.entityNames as readonly string[]).includes(entity)) {
      throw new Error(`${where}: say which entity the example filters with entity=…`);
    }
    const timeZone = attrs.get('timeZone');
    const options: CheckOptions = {
      profile: profile as Profile,
      ...(timeZone === undefined ? {} : { timeZone }),
      ...(Object.keys(limits).length === 0 ? {} : { limits }),
    };
    const query = b.body.replace(/[\u2400-\u241f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x2400));
    return { query, schema, entity, options, error: b.error, line: b.line, section: b.section };
  });
}

/** What running an example gives: nothing when it validates, else the error's code and message. */
export type Outcome = { readonly ok: true } | { readonly ok: false; readonly code: string; readonly message: string };

/** Checks an example against the scheduling schema. */
export function runTql(example: TqlExample): Outcome {
  try {
    check(example.query, example.schema, example.entity, example.options);
    return { ok: true };
  } catch (e) {
    return outcomeOf(e);
  }
}

/** The outcome of something thrown: a TqlError's code and message, or a loud "not a TqlError". */
export function outcomeOf(e: unknown): Outcome {
  return isTqlError(e) ? { ok: false, code: e.code, message: e.message } : { ok: false, code: 'not a TqlError', message: String(e) };
}
