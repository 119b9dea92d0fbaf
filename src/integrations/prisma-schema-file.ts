/**
 * `readPrismaSchema`: the Prisma schema language (schema.prisma) read into a {@link PrismaDatamodel}
 * (https://www.prisma.io/docs/orm/reference/prisma-schema-reference). Only what filtering needs
 * is kept: the datasource's provider, the models and views with their fields' types, names,
 * column names, optionality, ids and native types, and the enums' values. Defaults, indexes,
 * relations' arguments and generators are read over.
 *
 * The text is split into tokens by hand in one pass, then read token by token with a cursor that
 * only moves forward: the work is linear in the text's length, whatever it holds (no regular
 * expression runs over it, and nesting is counted, not recursed into).
 */
import { positionAt } from '../errors/position.js';
import { TqlError } from '../errors/tql-error.js';
import { derivationError } from '../schema/from-json-schema.js';
import {
  PRISMA_PROVIDERS,
  PRISMA_SCALARS,
  type PrismaDatamodel,
  type PrismaEnum,
  type PrismaField,
  type PrismaFieldBase,
  type PrismaModel,
  type PrismaProvider,
  type PrismaScalar,
} from './prisma-datamodel.js';

/** A token of the schema text: a name (identifier or number), a string's value, a punctuation mark, or the end of a line. */
interface Token {
  readonly kind: 'name' | 'string' | 'punct' | 'newline';
  /** The name, the string's decoded value, or the mark (`@@` is one mark). */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Counts the work done, so tests can show it grows with the text's length and no faster. */
interface Steps {
  steps: number;
}

const isNameChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** An `invalid_schema` error pointing at a place of the schema text (its message gives the line and column). */
function schemaTextError(text: string, at: { readonly start: number; readonly end: number }, message: string): TqlError {
  return TqlError.of(text, { code: 'invalid_schema', message, span: { start: at.start, end: Math.max(at.end, at.start + 1) } });
}

/** The tokens of `text`, in one pass; comments (`//`, `///`) and spaces are dropped, line ends kept. */
function tokenize(text: string, counter: Steps): Token[] {
  const tokens: Token[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    counter.steps++;
    const c = text.charCodeAt(i);
    const start = i;
    if (c === 10 || c === 13) {
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      tokens.push({ kind: 'newline', text: '\n', start, end: i });
    } else if (c === 32 || c === 9 || c === 12 || c === 11) {
      i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) {
        counter.steps++;
        i++;
      }
    } else if (c === 34) {
      const { value, end } = readString(text, i, counter);
      i = end;
      tokens.push({ kind: 'string', text: value, start, end });
    } else if (isNameChar(c)) {
      i++;
      // A name goes on with letters, digits, `_` and `-` (Prisma's identifiers).
      while (i < text.length && (isNameChar(text.charCodeAt(i)) || text.charCodeAt(i) === 45)) {
        counter.steps++;
        i++;
      }
      tokens.push({ kind: 'name', text: text.slice(start, i), start, end: i });
    } else {
      const mark = c === 64 && text.charCodeAt(i + 1) === 64 ? '@@' : text[i]!;
      i += mark.length;
      // Any other character (`-` of a negative default, `*`) is a mark of its own, judged where it stands.
      tokens.push({ kind: 'punct', text: mark, start, end: i });
    }
  }
  return tokens;
}

/** The string that starts at `start` (a `"`), decoded, and the offset after its closing `"`. */
function readString(text: string, start: number, counter: Steps): { value: string; end: number } {
  let value = '';
  let from = start + 1;
  let i = from;
  while (i < text.length) {
    counter.steps++;
    const c = text.charCodeAt(i);
    if (c === 34) return { value: value + text.slice(from, i), end: i + 1 };
    if (c === 10 || c === 13) break;
    if (c === 92 && i + 1 < text.length) {
      const escaped = text[i + 1]!;
      value += text.slice(from, i) + (ESCAPES[escaped] ?? escaped);
      i += 2;
      from = i;
      continue;
    }
    i++;
  }
  throw schemaTextError(text, { start, end: i }, 'This string has no closing ": close it on the same line (a " inside a string is written \\").');
}

/** A field as read, before its type is resolved against the models, enums and types of the whole text. */
interface RawField {
  readonly name: Token;
  readonly type: Token;
  /** `Unsupported("point")`: the database type named. */
  readonly unsupported: string | undefined;
  readonly optional: boolean;
  readonly list: boolean;
  id: boolean;
  dbName: string;
  /** `@db.Uuid`: the attribute's namespace (the datasource's name) and the native type. */
  native: { readonly namespace: string; readonly type: string } | undefined;
}

/** A model, view or composite type as read. */
interface RawModel {
  readonly name: Token;
  readonly composite: boolean;
  dbName: string;
  readonly fields: RawField[];
}

/** An attribute as read: `@db.VarChar(20)` is the name `db.VarChar` and the tokens between the parentheses. */
interface RawAttribute {
  readonly name: string;
  readonly at: Token;
  /** The tokens of the arguments, without the parentheses (empty when there are none). */
  readonly args: readonly Token[];
}

/** What a block keyword reads. */
type BlockReader = (reader: SchemaReader, keyword: Token) => void;

const BLOCKS: Readonly<Record<string, BlockReader>> = {
  datasource: (r, keyword) => r.readDatasource(keyword),
  generator: (r) => r.readSettings(r.blockName('generator'), () => undefined),
  model: (r) => r.readModel('model'),
  view: (r) => r.readModel('view'),
  type: (r) => r.readModel('type'),
  enum: (r) => r.readEnum(),
};

/** Reads the tokens of one schema text, forward only. */
class SchemaReader {
  private at = 0;
  readonly models: RawModel[] = [];
  readonly enums: { name: Token; values: string[] }[] = [];
  /** Every block name (models, views, types and enums share one namespace), to find the same name declared twice. */
  private readonly declared = new Map<string, Token>();
  datasource: { keyword: Token; name: string; provider: Token | undefined } | undefined;

  constructor(
    readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly counter: Steps,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token | undefined {
    this.counter.steps++;
    return this.tokens[this.at++];
  }

  private error(at: Token | undefined, message: string): TqlError {
    return schemaTextError(this.text, at ?? { start: this.text.length, end: this.text.length }, message);
  }

  private isMark(t: Token | undefined, mark: string): boolean {
    return t !== undefined && t.kind === 'punct' && t.text === mark;
  }

  private skipNewlines(): void {
    while (this.peek()?.kind === 'newline') this.next();
  }

  /** The name token that must come next, or an error saying what was expected. */
  private expectName(what: string, example: string): Token {
    const t = this.peek();
    if (t?.kind !== 'name') throw this.error(t, `Expected ${what} here, not ${describe(t)}: write it as ${example}.`);
    this.next();
    return t;
  }

  /** A statement ends at the end of its line, or at the `}` that closes its block. */
  private endStatement(what: string): void {
    const t = this.peek();
    if (t === undefined || t.kind === 'newline' || this.isMark(t, '}')) return;
    throw this.error(t, `Unexpected ${describe(t)} after ${what}: each field, value or setting takes a line of its own.`);
  }

  /** Every block of the text. */
  readBlocks(): void {
    for (;;) {
      this.skipNewlines();
      const keyword = this.peek();
      if (keyword === undefined) return;
      const reader = keyword.kind === 'name' && Object.hasOwn(BLOCKS, keyword.text) ? BLOCKS[keyword.text] : undefined;
      if (reader === undefined) {
        throw this.error(keyword, `Expected a block here, not ${describe(keyword)}: a Prisma schema is made of datasource, generator, model, view, enum and type blocks, such as model User { … }.`);
      }
      this.next();
      reader(this, keyword);
    }
  }

  /** The block's name after its keyword. */
  blockName(keyword: string): Token {
    return this.expectName(`the name of the ${keyword}`, `${keyword} Name { … }`);
  }

  /** A name of a model, view, type or enum, which no other block may have. */
  private declare(name: Token): void {
    const earlier = this.declared.get(name.text);
    if (earlier !== undefined) {
      throw this.error(name, `${name.text} is declared twice (also on line ${lineOf(this.text, earlier.start)}): models, views, types and enums need names of their own.`);
    }
    this.declared.set(name.text, name);
  }

  /** The `{` that opens the block named `name`, and the statements of its body until the `}`; each statement starts at a token other than a line end. */
  private readBody(name: Token, statement: () => void): void {
    const open = this.peek();
    if (!this.isMark(open, '{')) throw this.error(open, `Expected { after ${name.text}: a block's body is written between braces, { on the line of its name.`);
    this.next();
    for (;;) {
      this.skipNewlines();
      const t = this.peek();
      if (t === undefined) throw this.error(open, `The body of ${name.text} opened here has no closing }: close it on a line of its own.`);
      if (this.isMark(t, '}')) {
        this.next();
        return;
      }
      statement();
    }
  }

  /** `datasource db { provider = "postgresql" … }`. */
  readDatasource(keyword: Token): void {
    if (this.datasource !== undefined) {
      throw this.error(keyword, `A second datasource (the first is on line ${lineOf(this.text, this.datasource.keyword.start)}): a Prisma schema has one.`);
    }
    const name = this.blockName('datasource');
    const datasource: NonNullable<SchemaReader['datasource']> = { keyword, name: name.text, provider: undefined };
    this.datasource = datasource;
    this.readSettings(name, (key, value) => {
      if (key.text !== 'provider') return;
      if (value.length !== 1 || value[0]!.kind !== 'string') throw this.error(value[0] ?? key, 'The provider is a string, such as provider = "postgresql".');
      datasource.provider = value[0];
    });
  }

  /** The `key = value` lines of a datasource or generator. */
  readSettings(name: Token, setting: (key: Token, value: readonly Token[]) => void): void {
    this.readBody(name, () => {
      const key = this.expectName('a setting', 'key = value');
      const equals = this.next();
      if (!this.isMark(equals, '=')) throw this.error(equals, `Expected = after ${key.text}: a setting is written key = value.`);
      const from = this.at;
      this.skipBalanced(() => this.peek()?.kind === 'newline' || this.isMark(this.peek(), '}'));
      setting(key, this.tokens.slice(from, this.at));
    });
  }

  /** `model User { … }`, `view …`, and (with `composite`) `type Address { … }`. */
  readModel(keyword: 'model' | 'view' | 'type'): void {
    const composite = keyword === 'type';
    const name = this.blockName(keyword);
    if (composite && this.isMark(this.peek(), '=')) {
      throw this.error(this.peek(), `type ${name.text} = … is a type alias, which Prisma schemas no longer have: write the type and its attributes on each field.`);
    }
    this.declare(name);
    const model: RawModel = { name, composite, dbName: name.text, fields: [] };
    const fieldNames = new Map<string, Token>();
    this.readBody(name, () => {
      if (this.isMark(this.peek(), '@@')) {
        const attribute = this.readAttribute();
        if (attribute.name === 'map') model.dbName = this.mapName(attribute);
        if (attribute.name === 'id') this.markId(model, attribute);
        this.endStatement(`@@${attribute.name}`);
        return;
      }
      const field = this.readField(name);
      const earlier = fieldNames.get(field.name.text);
      if (earlier !== undefined) throw this.error(field.name, `${name.text}.${field.name.text} is declared twice (also on line ${lineOf(this.text, earlier.start)}): rename one.`);
      fieldNames.set(field.name.text, field.name);
      model.fields.push(field);
    });
    this.models.push(model);
  }

  /** `name Type? @id @map("n") @db.Uuid …`, up to the end of its line. */
  private readField(model: Token): RawField {
    const name = this.expectName(`a field of ${model.text}`, 'name Type, such as email String');
    const typeToken = this.peek();
    if (typeToken?.kind !== 'name') throw this.error(typeToken ?? name, `The field ${model.text}.${name.text} has no type: write it after the name, such as ${name.text} String.`);
    this.next();
    let unsupported: string | undefined;
    if (typeToken.text === 'Unsupported' && this.isMark(this.peek(), '(')) {
      const args = this.readArguments();
      if (args.length !== 1 || args[0]!.kind !== 'string') throw this.error(typeToken, 'Unsupported takes the database type as a string, such as Unsupported("circle").');
      unsupported = args[0]!.text;
    }
    let list = false;
    if (this.isMark(this.peek(), '[')) {
      const open = this.next();
      if (!this.isMark(this.next(), ']')) throw this.error(open, `A list type is written ${typeToken.text}[], with nothing between the brackets.`);
      list = true;
    }
    const optional = this.isMark(this.peek(), '?');
    if (optional) {
      this.next();
      if (list) throw this.error(typeToken, `${model.text}.${name.text} is an optional list, which Prisma does not have: write ${typeToken.text}[] (an empty list stands for none).`);
    }
    const field: RawField = { name, type: typeToken, unsupported, optional, list, id: false, dbName: name.text, native: undefined };
    while (this.isMark(this.peek(), '@')) {
      const attribute = this.readAttribute();
      const dot = attribute.name.indexOf('.');
      if (dot > 0) field.native = { namespace: attribute.name.slice(0, dot), type: attribute.name.slice(dot + 1) };
      else if (attribute.name === 'id') field.id = true;
      else if (attribute.name === 'map') field.dbName = this.mapName(attribute);
    }
    this.endStatement(`the field ${model.text}.${name.text}`);
    return field;
  }

  /** `enum Role { USER ADMIN @map("admin") @@map("roles") }`: the values as the client names them. */
  readEnum(): void {
    const name = this.blockName('enum');
    this.declare(name);
    const values: string[] = [];
    this.readBody(name, () => {
      if (this.isMark(this.peek(), '@@')) {
        this.endStatement(`@@${this.readAttribute().name}`);
        return;
      }
      const value = this.expectName(`a value of the enum ${name.text}`, 'one value per line, such as ADMIN');
      while (this.isMark(this.peek(), '@')) this.readAttribute();
      this.endStatement(`the value ${value.text}`);
      values.push(value.text);
    });
    this.enums.push({ name, values });
  }

  /** `@name`, `@@name`, `@db.Type`, each with its arguments in parentheses when it has some. */
  private readAttribute(): RawAttribute {
    const at = this.next()!;
    let name = this.expectName('the name of an attribute', `${at.text}map("…")`).text;
    while (this.isMark(this.peek(), '.')) {
      this.next();
      name += `.${this.expectName('the name of an attribute', `${at.text}db.Uuid`).text}`;
    }
    const args = this.isMark(this.peek(), '(') ? this.readArguments() : [];
    return { name, at, args };
  }

  /** The tokens between a `(` and its `)`, nested parentheses and brackets included. */
  private readArguments(): readonly Token[] {
    this.next();
    const from = this.at;
    this.skipBalanced(() => this.isMark(this.peek(), ')'));
    const args = this.tokens.slice(from, this.at);
    this.next();
    return args;
  }

  /**
   * Moves over tokens until `stop` holds outside any parentheses and brackets (line ends inside
   * them do not end the statement). An unclosed or mismatched one is an error. Iterative: the
   * nesting depth of a default value costs no stack.
   */
  private skipBalanced(stop: () => boolean): void {
    const open: Token[] = [];
    for (;;) {
      const t = this.peek();
      if (t === undefined) {
        const unclosed = open.at(-1);
        if (unclosed !== undefined) throw this.error(unclosed, `This ${unclosed.text} is not closed: close it with ${CLOSERS[unclosed.text]}.`);
        return;
      }
      if (open.length === 0 && stop()) return;
      if (t.kind === 'punct' && (t.text === '(' || t.text === '[')) open.push(t);
      else if (t.kind === 'punct' && (t.text === ')' || t.text === ']')) {
        const opener = open.pop();
        if (opener === undefined || CLOSERS[opener.text] !== t.text) {
          throw this.error(t, opener === undefined ? `This ${t.text} closes nothing: remove it, or open it before.` : `This ${t.text} closes the ${opener.text} on line ${lineOf(this.text, opener.start)}: close that with ${CLOSERS[opener.text]}.`);
        }
      }
      this.next();
    }
  }

  /** The name `@map("x")` or `@map(name: "x")` gives. */
  private mapName(attribute: RawAttribute): string {
    const value = argument(attribute.args, 'name');
    if (value?.length !== 1 || value[0]!.kind !== 'string') throw this.error(attribute.at, `${attribute.at.text}map takes the name as a string, such as ${attribute.at.text}map("users").`);
    return value[0]!.text;
  }

  /** `@@id([field])` marks the field; an id of several fields marks none. */
  private markId(model: RawModel, attribute: RawAttribute): void {
    const names = fieldList(argument(attribute.args, 'fields') ?? []);
    if (names.length !== 1) return;
    const field = model.fields.find((f) => f.name.text === names[0]);
    if (field !== undefined) field.id = true;
  }
}

const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '[': ']' };

/**
 * The tokens of the positional first argument, or of the one named `name` (`name: "x"`), among
 * the tokens between an attribute's parentheses; undefined when there is neither.
 */
function argument(args: readonly Token[], name: string): readonly Token[] | undefined {
  const split: Token[][] = [[]];
  let depth = 0;
  for (const t of args) {
    if (t.kind === 'punct' && (t.text === '(' || t.text === '[')) depth++;
    if (t.kind === 'punct' && (t.text === ')' || t.text === ']')) depth--;
    if (depth === 0 && t.kind === 'punct' && t.text === ',') split.push([]);
    else if (t.kind !== 'newline') split.at(-1)!.push(t);
  }
  const isNamed = (a: readonly Token[]) => a[0]?.kind === 'name' && a[1]?.kind === 'punct' && a[1].text === ':';
  const named = split.find((a) => isNamed(a) && a[0]!.text === name);
  if (named !== undefined) return named.slice(2);
  return split[0]!.length === 0 || isNamed(split[0]!) ? undefined : split[0];
}

/** The field names of a list such as `[a, b(sort: Desc)]`: the names directly inside its brackets. */
function fieldList(tokens: readonly Token[]): string[] {
  const names: string[] = [];
  let depth = 0;
  for (const t of tokens) {
    if (t.kind === 'punct' && (t.text === '(' || t.text === '[')) depth++;
    else if (t.kind === 'punct' && (t.text === ')' || t.text === ']')) depth--;
    else if (t.kind === 'name' && depth === 1) names.push(t.text);
  }
  return names;
}

/** A token as a message names it. */
function describe(t: Token | undefined): string {
  if (t === undefined) return 'the end of the text';
  if (t.kind === 'newline') return 'the end of the line';
  if (t.kind === 'string') return `the string ${JSON.stringify(t.text.length > 20 ? `${t.text.slice(0, 20)}…` : t.text)}`;
  return `"${t.text.length > 20 ? `${t.text.slice(0, 20)}…` : t.text}"`;
}

/** The line (from 1) of an offset, for messages that name a second place. */
function lineOf(text: string, offset: number): number {
  return positionAt(text, offset).line;
}

const SCALARS: ReadonlySet<string> = new Set(PRISMA_SCALARS);
const isScalar = (type: string): type is PrismaScalar => SCALARS.has(type);
const PROVIDERS: ReadonlySet<string> = new Set(PRISMA_PROVIDERS);
/** Other spellings Prisma accepts for a provider. */
const PROVIDER_ALIASES: Readonly<Record<string, PrismaProvider>> = { postgres: 'postgresql' };

/** The provider of the datasource, or an error saying what is missing or unknown. */
function providerOf(reader: SchemaReader): PrismaProvider {
  const { datasource, text } = reader;
  if (datasource === undefined) {
    throw schemaTextError(text, { start: 0, end: 0 }, 'The schema has no datasource: add one with its provider, such as datasource db { provider = "postgresql" } (for a schema folder, join the texts of all its files).');
  }
  const provider = datasource.provider;
  if (provider === undefined) throw schemaTextError(text, datasource.keyword, 'The datasource has no provider: add one, such as provider = "postgresql".');
  const name = Object.hasOwn(PROVIDER_ALIASES, provider.text) ? PROVIDER_ALIASES[provider.text]! : provider.text;
  if (!PROVIDERS.has(name)) {
    throw schemaTextError(text, provider, `The provider ${JSON.stringify(provider.text)} is not one tql reads: use one of ${PRISMA_PROVIDERS.join(', ')}.`);
  }
  return name as PrismaProvider;
}

/** Resolves each field's type against the scalars, enums, models and types of the whole text. */
function resolveModel(reader: SchemaReader, model: RawModel, types: ReadonlySet<string>, enums: ReadonlySet<string>, counter: Steps): PrismaModel {
  const fields = model.fields.map((f): PrismaField => {
    counter.steps++;
    const base: PrismaFieldBase = { name: f.name.text, dbName: f.dbName, optional: f.optional, list: f.list, id: f.id };
    const type = f.type.text;
    if (f.unsupported !== undefined) return { ...base, kind: 'unsupported', type: f.unsupported };
    if (isScalar(type)) {
      const native = f.native !== undefined && f.native.namespace === reader.datasource?.name ? f.native.type : undefined;
      return { ...base, kind: 'scalar', type, ...(native === undefined ? {} : { native }) };
    }
    if (enums.has(type)) return { ...base, kind: 'enum', type };
    if (types.has(type)) return { ...base, kind: 'object', type };
    throw schemaTextError(
      reader.text,
      f.type,
      `The type ${type} of ${model.name.text}.${f.name.text} is no scalar (${PRISMA_SCALARS.join(', ')}) and names no model, enum or type of the schema: declare it (for a schema folder, join the texts of all its files).`,
    );
  });
  return { name: model.name.text, dbName: model.dbName, fields };
}

/**
 * Reads a schema and counts the steps taken (for tests of the bound on the work).
 *
 * @internal
 * @example
 * ```ts
 * const { datamodel, steps } = scanPrismaSchema(text); // steps: at most a few per character of text
 * ```
 */
export function scanPrismaSchema(text: string): { readonly datamodel: PrismaDatamodel; readonly steps: number } {
  if (typeof text !== 'string') throw derivationError('readPrismaSchema takes the text of a Prisma schema (schema.prisma), as a string.');
  const counter: Steps = { steps: 0 };
  const reader = new SchemaReader(text, tokenize(text, counter), counter);
  reader.readBlocks();
  const provider = providerOf(reader);
  // Models, views and composite types are all object types; only models and views are listed.
  const types = new Set(reader.models.map((m) => m.name.text));
  const enumNames = new Set(reader.enums.map((e) => e.name.text));
  const models = reader.models.filter((m) => !m.composite).map((m) => resolveModel(reader, m, types, enumNames, counter));
  for (const m of reader.models.filter((m) => m.composite)) resolveModel(reader, m, types, enumNames, counter);
  const enums: PrismaEnum[] = reader.enums.map((e) => ({ name: e.name.text, values: e.values }));
  return { datamodel: { provider, models, enums }, steps: counter.steps };
}

/**
 * Reads the text of a Prisma schema (schema.prisma) into a {@link PrismaDatamodel}: the
 * datasource's provider, each model and view with its fields, and each enum with its values as
 * the client gives them (a value's `@map` names only its database value). A field whose type
 * names a model or a composite type (`type Address { … }`, MongoDB) is an `object` field, one
 * naming an enum an `enum` field; composite types themselves are not listed among the models.
 *
 * A schema folder (`prismaSchemaFolder`, several `.prisma` files) is read as one text: join the
 * files' texts with line ends between them; line numbers in errors then count in the joined
 * text. Throws a `TqlError` (`invalid_schema`) that gives the line and column and says what to
 * do for a text that is not a Prisma schema, a schema without a datasource, a provider other
 * than postgresql (or postgres), sqlite, mysql, cockroachdb, sqlserver and mongodb, or a field
 * whose type is declared nowhere. The work is linear in the length of the text.
 *
 * @example
 * ```ts
 * const datamodel = readPrismaSchema(`
 * datasource db {
 *   provider = "postgresql"
 * }
 *
 * model User {
 *   id        String   @id @default(uuid()) @db.Uuid
 *   createdAt DateTime @default(now()) @map("created_at")
 *   role      Role?
 *
 *   @@map("users")
 * }
 *
 * enum Role {
 *   ADMIN
 *   MEMBER @map("member")
 * }
 * `);
 * datamodel.provider; // → 'postgresql'
 * datamodel.models[0]!.dbName; // → 'users'
 * datamodel.models[0]!.fields[1]; // → { name: 'createdAt', dbName: 'created_at', optional: false, list: false, id: false, kind: 'scalar', type: 'DateTime' }
 * datamodel.enums; // → [{ name: 'Role', values: ['ADMIN', 'MEMBER'] }]
 * ```
 */
export function readPrismaSchema(text: string): PrismaDatamodel {
  return scanPrismaSchema(text).datamodel;
}
