/**
 * A catalog's type text read back as a type name before it becomes SQL: a strict grammar of
 * names (words and quoted identifiers, dotted), one parenthesised list of numbers or quoted
 * labels, and array brackets. Anything else (a `;`, a comment, a constraint such as `NOT NULL`
 * or `CHECK`, nested parentheses) is not a type name: it is quoted where the engine reads a
 * quoted type as its declared type (SQLite), and refused everywhere else.
 */
import { inputError } from '../../errors/tql-error.js';

/** Words that begin a column constraint rather than continue a type name. */
const CONSTRAINT_WORDS = new Set(['AS', 'AUTOINCREMENT', 'CHECK', 'COLLATE', 'CONSTRAINT', 'DEFAULT', 'FOREIGN', 'GENERATED', 'KEY', 'NOT', 'NULL', 'ON', 'PRIMARY', 'REFERENCES', 'UNIQUE']);

/** One token of a type's text (spaces between tokens are skipped). */
type Token = 'word' | 'quoted' | 'number' | 'label' | '(' | ')' | ',' | '.' | '[' | ']';

/**
 * The tokens of `text`, or undefined when some character is none of them. Labels are quoted with
 * `'` and hold no backslash (which MySQL would read as an escape) and no NUL; quoted names are
 * quoted with `quote` and hold no NUL.
 */
function tokens(text: string, quote: string): { kind: Token; text: string }[] | undefined {
  const q = quote.replace(/[\\\]^-]/g, '\\$&');
  const pattern = new RegExp(`( *)(?:([A-Za-z_][A-Za-z0-9_$]*)|(${q}(?:[^${q}\\0]|${q}${q})*${q})|(\\d+)|('(?:[^'\\\\\\0]|'')*')|([()\\[\\],.]))`, 'y');
  const found: { kind: Token; text: string }[] = [];
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (m === null) return undefined;
    const kind: Token = m[2] !== undefined ? 'word' : m[3] !== undefined ? 'quoted' : m[4] !== undefined ? 'number' : m[5] !== undefined ? 'label' : (m[6] as Token);
    found.push({ kind, text: m[0].slice(m[1]!.length) });
    at = pattern.lastIndex;
  }
  return found;
}

/**
 * Whether `text` is a type name: names (a word other than a constraint's, or a quoted name,
 * joined by `.`), at most one `( … )` of numbers and labels separated by commas, and `[ ]` or
 * `[n]` after it; a collation's name (`asName`) is names only.
 */
function isTypeName(text: string, quote: string, asName: boolean): boolean {
  const found = tokens(text, quote);
  if (found === undefined || found.length === 0 || found.length > 64) return false;
  let state: 'start' | 'name' | 'dot' | 'open' | 'arg' | 'comma' | 'closed' | 'bracket' | 'size' = 'start';
  let lists = 0;
  for (const { kind, text: t } of found) {
    const name = (kind === 'word' && !CONSTRAINT_WORDS.has(t.toUpperCase())) || kind === 'quoted';
    if (name && (state === 'start' || state === 'name' || state === 'dot' || (state === 'closed' && !asName))) state = 'name';
    else if (kind === '.' && state === 'name') state = 'dot';
    else if (asName) return false;
    else if (kind === '(' && state === 'name' && lists++ === 0) state = 'open';
    else if ((kind === 'number' || kind === 'label') && (state === 'open' || state === 'comma')) state = 'arg';
    else if (kind === ',' && state === 'arg') state = 'comma';
    else if (kind === ')' && state === 'arg') state = 'closed';
    else if (kind === '[' && (state === 'name' || state === 'closed')) state = 'bracket';
    else if (kind === 'number' && state === 'bracket') state = 'size';
    else if (kind === ']' && (state === 'bracket' || state === 'size')) state = 'closed';
    else return false;
  }
  return state === 'name' || state === 'closed';
}

/** How one engine writes what its catalog declared. */
export interface CatalogTypeWriter {
  /** The engine's identifier quoting (`"a"`, `` `a` ``). */
  quoteIdentifier(name: string): string;
  /** True where a type written as one quoted identifier is declared as its text (SQLite). */
  readonly quotesTypes: boolean;
}

/**
 * `type` (optionally `COLLATE collation`) as SQL that declares a column of that type: as
 * written when it reads as a type name, quoted where the engine takes a quoted type, else a
 * `TqlError` (`invalid_input`) naming `where`. Nothing of the catalog's text reaches a
 * statement unread or unquoted.
 *
 * @example
 * ```ts
 * const sqlite = { quoteIdentifier: (n: string) => `"${n.replaceAll('"', '""')}"`, quotesTypes: true };
 * catalogTypeSql('VARCHAR(20)', 'NOCASE', sqlite, 'agent.name');             // 'VARCHAR(20) COLLATE NOCASE'
 * catalogTypeSql('TEXT); SELECT injected(); --', undefined, sqlite, 'agent.name'); // '"TEXT); SELECT injected(); --"'
 * ```
 */
export function catalogTypeSql(type: string, collation: string | undefined, writer: CatalogTypeWriter, where: string): string {
  const quote = writer.quoteIdentifier('a')[0] ?? '"';
  const read = (text: string, asName: boolean, what: string): string => {
    if (isTypeName(text, quote, asName)) return text.trim();
    // No type at all: SQLite's untyped column, declared by writing none.
    if (writer.quotesTypes && text === '' && !asName) return '';
    if (writer.quotesTypes) return writer.quoteIdentifier(text);
    throw inputError(
      `The catalog declares ${where} with the ${what} ${JSON.stringify(text.slice(0, 200))}, which is not a ${what} tql copies into SQL (names, numbers and quoted labels in parentheses); run with --column-types tql.`,
    );
  };
  const sql = read(type, false, 'type');
  return collation === undefined ? sql : `${sql} COLLATE ${read(collation, true, 'collation')}`;
}
