/**
 * A marker dialect: any dialect object with each hook's own text tagged, so that a compiled
 * statement shows which of its characters a hook wrote and which the compiler wrote itself. The
 * hooks are called with stand-ins for their SQL arguments, and whatever the hook wrote around
 * the stand-ins is tagged; the arguments themselves go back in place untagged, so a fragment the
 * compiler passes into a hook is still seen as the compiler's. Removing the tags gives exactly
 * the statement the dialect writes: the tags change nothing but what can be told apart.
 */
import type { EqualityHow, SqlDialect } from './dialects.js';
import type { Bind, InstantWriters, Written } from './instant-sql.js';
import type { ArrayColumnReader, ArrayColumnReaders } from './array-column.js';

/** Opens and closes the text a hook wrote; private-use characters, which no SQL or identifier here holds. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
/** Around the number of a placeholder, inside its tag: the order a value was bound in. */
const NUMBER_OPEN = '\uE002';
const NUMBER_CLOSE = '\uE003';
/** Around the index of an argument's stand-in, while a hook is called. */
const STAND_IN_OPEN = '\uE004';
const STAND_IN_CLOSE = '\uE005';

const STAND_IN = /\uE004(\d+)\uE005/;
const TAGGED = /\uE000[^\uE001]*\uE001/g;
const NUMBER = /\uE002\d+\uE003/g;

const standIn = (i: number) => `${STAND_IN_OPEN}${i}${STAND_IN_CLOSE}`;
const tag = (text: string) => (text === '' ? '' : `${OPEN}${text}${CLOSE}`);

/** `written` with every stretch between stand-ins tagged and each stand-in replaced by its argument. */
function tagAround(written: string, args: readonly string[]): string {
  return written
    .split(STAND_IN)
    .map((part, i) => (i % 2 === 1 ? args[Number(part)]! : tag(part)))
    .join('');
}

/** Each writer of an `instants` table tagged: its column expression and the placeholders it binds are arguments. */
function taggedInstants(writers: InstantWriters): InstantWriters {
  const wrap =
    <W extends (x: string, range: never, column: never, bind: Bind) => Written>(writer: W) =>
    (x: string, range: Parameters<W>[1], column: Parameters<W>[2], bind: Bind): Written => {
      const args = [x];
      const written = writer(standIn(0), range, column, (value) => (args.push(bind(value)), standIn(args.length - 1)));
      if (typeof written === 'string') return tagAround(written, args);
      if ('refused' in written) return written;
      // The sides are the writer's; the signs, and the AND, OR and IS NULL around them, the compiler's.
      return { column: tagAround(written.column, args), all: written.all.map((r) => ({ left: tagAround(r.left, args), sign: r.sign, right: tagAround(r.right, args) })) };
    };
  return {
    unix_seconds: wrap(writers.unix_seconds),
    unix_milliseconds: wrap(writers.unix_milliseconds),
    iso_text: wrap(writers.iso_text),
    iso_canonical: wrap(writers.iso_canonical),
    timestamptz: wrap(writers.timestamptz),
    timestamp: wrap(writers.timestamp),
  };
}

/** A reader of array columns tagged: the column, the alias and the bound operands are arguments. */
function taggedReader(reader: ArrayColumnReader): ArrayColumnReader {
  const { holdsAny } = reader;
  return {
    elements: (column, kind, alias) => {
      const rows = reader.elements(standIn(0), kind, standIn(1));
      const around = (written: string) => tagAround(written, [column, alias]);
      return { from: around(rows.from), value: around(rows.value), filters: rows.filters.map(around) };
    },
    ...(holdsAny === undefined
      ? {}
      : { holdsAny: (column: string, operands: readonly string[]) => tagAround(holdsAny(standIn(0), operands.map((_, i) => standIn(i + 1))), [column, ...operands]) }),
  };
}

/** Each form of array column a dialect reads, tagged. */
function taggedArrayColumns(readers: ArrayColumnReaders): ArrayColumnReaders {
  const { array, json } = readers;
  return { ...(array === undefined ? {} : { array: taggedReader(array) }), ...(json === undefined ? {} : { json: taggedReader(json) }) };
}

/**
 * `dialect` with the text of every hook `compileSql` calls tagged (see {@link untagged} and
 * {@link taggedFragments}): what a compile-only check reads to tell the dialect's SQL from the
 * compiler's. Members that are not SQL (names, limits, facts) are the dialect's own.
 *
 * @example
 * ```ts
 * const marked = markerDialect(postgres);
 * untagged(marked.lower('"name"', 'database')); // 'lower("name")'
 * taggedFragments(marked.lower('"name"', 'database')); // ['lower(', ')']
 * ```
 */
export function markerDialect(dialect: SqlDialect): SqlDialect {
  const { exactText, complement, substring, equality, nullOrUnequal, boundList, integerBound, instants, arrayColumns } = dialect;
  // Numbered placeholders carry their number, so a check can read which value each binds;
  // positional ones (`?`) stay alike, as the compiler tells the two kinds apart by that.
  const numbered = dialect.placeholder(1) !== dialect.placeholder(2);
  return {
    ...dialect,
    placeholder: (n) => `${OPEN}${numbered ? `${NUMBER_OPEN}${n}${NUMBER_CLOSE}` : ''}${dialect.placeholder(n)}${CLOSE}`,
    quoteIdentifier: (name) => tag(dialect.quoteIdentifier(name)),
    lower: (expr, folding) => tagAround(dialect.lower(standIn(0), folding), [expr]),
    like: (expr, pattern, negated, folding) => tagAround(dialect.like(standIn(0), standIn(1), negated, folding), [expr, pattern]),
    limitRows: (count) => tagAround(dialect.limitRows(standIn(0)), [count]),
    conditionValue: (condition) => tagAround(dialect.conditionValue(standIn(0)), [condition]),
    ...(exactText === undefined ? {} : { exactText: (operand: string) => tagAround(exactText(standIn(0)), [operand]) }),
    ...(complement === undefined ? {} : { complement: (condition: string) => tagAround(complement(standIn(0)), [condition]) }),
    ...(substring === undefined ? {} : { substring: (expr: string, from: number, length?: number) => tagAround(substring(standIn(0), from, length), [expr]) }),
    ...(integerBound === undefined ? {} : { integerBound: (placeholder: string) => tagAround(integerBound(standIn(0)), [placeholder]) }),
    ...(equality === undefined
      ? {}
      : { equality: (left: string, rights: readonly string[], how: EqualityHow) => tagAround(equality(standIn(0), rights.map((_, i) => standIn(i + 1)), how), [left, ...rights]) }),
    ...(nullOrUnequal === undefined
      ? {}
      : { nullOrUnequal: (left: string, right: string, how: EqualityHow) => tagAround(nullOrUnequal(standIn(0), standIn(1), how), [left, right]) }),
    ...(boundList === undefined
      ? {}
      : { boundList: { ...boundList, write: (left: string, placeholder: string, negated: boolean) => tagAround(boundList.write(standIn(0), standIn(1), negated), [left, placeholder]) } }),
    ...(instants === undefined ? {} : { instants: taggedInstants(instants) }),
    ...(arrayColumns === undefined ? {} : { arrayColumns: taggedArrayColumns(arrayColumns) }),
  };
}

/**
 * `sql` written by a {@link markerDialect} without its tags: what the dialect itself writes.
 *
 * @example
 * ```ts
 * untagged(markerDialect(sqlite).placeholder(1)); // '?'
 * ```
 */
export function untagged(sql: string): string {
  return sql.replace(NUMBER, '').replaceAll(OPEN, '').replaceAll(CLOSE, '');
}

/**
 * What the compiler wrote itself in `sql` (written by a {@link markerDialect}): the text with
 * every hook's fragment replaced by a space.
 *
 * @example
 * ```ts
 * const marked = markerDialect(postgres);
 * untaggedText(`(${marked.lower('"a"', 'database')} IS NULL)`); // '(  IS NULL)'
 * ```
 */
export function untaggedText(sql: string): string {
  return sql.replace(TAGGED, ' ');
}

/**
 * The fragments the hooks wrote in `sql`, in order, without tags.
 *
 * @example
 * ```ts
 * taggedFragments(markerDialect(mysql).exactText!('?')); // ['CAST(', ' AS BINARY)']
 * ```
 */
export function taggedFragments(sql: string): string[] {
  return [...sql.matchAll(TAGGED)].map((m) => untagged(m[0]));
}

/**
 * The number of each numbered placeholder in `sql` (written by a {@link markerDialect}), in the
 * order they stand: the value each binds, counting from 1. Positional placeholders (`?`) carry none.
 *
 * @example
 * ```ts
 * const marked = markerDialect(postgres);
 * placeholderNumbers(`${marked.placeholder(1)} = ${marked.placeholder(2)}`); // [1, 2]
 * ```
 */
export function placeholderNumbers(sql: string): number[] {
  return [...sql.matchAll(/\uE002(\d+)\uE003/g)].map((m) => Number(m[1]));
}
