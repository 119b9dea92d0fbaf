/**
 * A validated query as a Prisma `where` object, with the semantics of docs/language.md (What a
 * filter matches) in the SQL Prisma writes for it.
 *
 * - Negation is pushed down to the predicates (`NOT (a OR b)` is `¬a AND ¬b`), so the object
 *   holds no `NOT` over a test that can read a NULL: each negated test is `NOT <test>` on a value
 *   that is there, or the field is null (rules 1, 2, 9). Prisma's own `not` drops the NULLs.
 * - Every character of a LIKE, STARTS_WITH or ENDS_WITH value is literal: `%`, `_` and `\` are
 *   escaped where Prisma's LIKE has an escape character, and refused where it has none (SQLite).
 * - Numbers against `Int` and `BigInt` fields become integer bounds in the type's range, so
 *   `LT 14.5` is `lte: 14` and a bound past the range selects all or nothing instead of failing.
 * - Timestamps are ranges of whole seconds in the field's storage; `DateTime` bounds are `Date`s.
 * - Collection attributes are relation filters: `some` for a test, `none` for its complement.
 */
import type { ComparedOperator } from '../schema/operator-facts.js';
import { compileValidated } from '../backends/compile-validated.js';
import { INT64_RANGE, integerInterval, type NumberRange } from '../backends/integer-interval.js';
import { SECONDS_RANGE, wholeSeconds, type SecondsRange } from '../backends/mongo/seconds-range.js';
import { TqlError } from '../errors/tql-error.js';
import { readSteps, storedForms, type ReadSteps } from '../schema/stored-form.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import type { Attribute, AttributeSource, TimestampStorageKind } from '../schema/types.js';
import type { Divergences } from '../backends/contract/run-contract.js';
import type { Clock } from '../validate/relative-time.js';
import type { Comparison, Condition, Scalar, ValidatedQuery } from '../validate/validated-query.js';
import type { PrismaField, PrismaModel, PrismaProvider, PrismaScalar } from './prisma-datamodel.js';
import { prismaField, type PrismaEntityMapping, type PrismaMapping, type ResolvedPrismaCollection } from './prisma-mapping.js';

/** A Prisma `where` object (a model's `WhereInput`). */
export type PrismaWhere = { readonly [key: string]: unknown };

/** Matches every row: Prisma writes `1=1`. */
const ALL: PrismaWhere = Object.freeze({ AND: [] });
/** Matches no row: Prisma writes `1=0`. */
const NONE: PrismaWhere = Object.freeze({ OR: [] });

/**
 * What one comparison asks of a value that is there (not null): true of every value (`any`), of
 * none, or a Prisma filter on the field, which Prisma writes as a test that a NULL never passes.
 */
type ValueTest = 'any' | 'none' | ((field: PrismaField) => PrismaWhere);

/** How Prisma writes text tests on each engine. */
export interface ProviderFacts {
  readonly title: string;
  /** What the backend cannot do exactly on this engine (the contract's capabilities), with the reason. */
  readonly divergences: Divergences;
  /**
   * What makes a text test case-insensitive: PostgreSQL's `mode: 'insensitive'` (ILIKE, also for
   * `equals`; without it, LIKE sees case); SQLite's LIKE folds by itself and has no `mode`, so
   * neither `equals` ignoring case nor a case-sensitive LIKE can be written there.
   */
  readonly insensitive: { readonly mode?: 'insensitive' };
  /** Whether Prisma's LIKE reads `\` as an escape character (PostgreSQL; SQLite has none). */
  readonly likeEscapes: boolean;
}

/** Whether the engine takes Prisma's `mode`, so that case can be both ignored and seen. */
const hasMode = (facts: ProviderFacts): boolean => facts.insensitive.mode !== undefined;

const POSTGRES: ProviderFacts = {
  title: 'PostgreSQL',
  divergences: { 'unicode-case-folding': "ILIKE folds by the database's locale, as JavaScript only under some (docs/prisma.md)" },
  insensitive: { mode: 'insensitive' },
  likeEscapes: true,
};

/** The providers tqlWhere writes for; the others are refused with what to use instead. */
const PROVIDERS: { readonly [P in PrismaProvider]: ProviderFacts | string } = {
  postgresql: POSTGRES,
  cockroachdb: { ...POSTGRES, title: 'CockroachDB' },
  sqlite: {
    title: 'SQLite',
    divergences: {
      'unicode-case-folding': "SQLite's LIKE folds ASCII letters only (docs/prisma.md)",
      'literal-wildcards': 'Prisma writes SQLite\'s LIKE without an escape character: a value with % or _ is refused (docs/prisma.md)',
    },
    insensitive: {},
    likeEscapes: false,
  },
  // No `mode` on MySQL: equality and LIKE both follow the column's collation, so a `_ci` one makes
  // EQ ignore case and a `_bin` one makes LIKE see it; tql needs exact EQ and case-blind LIKE at once.
  mysql:
    "Prisma's MySQL filters follow the column's collation, so EQ and LIKE cannot be exact and case-insensitive at once: use tql/kysely or compileSql with $queryRaw on MySQL and MariaDB",
  sqlserver: 'Prisma writes SQL Server LIKE without an escape character: use compileSql with a SQL Server dialect and $queryRaw',
  mongodb: "Prisma's MongoDB connector is not supported: use compileMongo from tql/mongo with the collection",
};

/**
 * The facts of a provider tqlWhere writes for, or a `TqlError` saying what to use instead.
 *
 * @example
 * ```ts
 * prismaProvider('sqlite').title; // → 'SQLite'
 * ```
 */
export function prismaProvider(provider: PrismaProvider): ProviderFacts {
  const written = Object.entries(PROVIDERS).flatMap(([name, facts]) => (typeof facts === 'string' ? [] : [name]));
  const facts = Object.hasOwn(PROVIDERS, provider) ? PROVIDERS[provider] : `tqlWhere writes for the providers ${written.join(', ')}, not ${JSON.stringify(provider)}`;
  if (typeof facts === 'string') throw TqlError.of('', { code: 'unsupported', message: `${facts}.`, span: { start: 0, end: 0 } });
  return facts;
}

/** What compiling one query needs. */
interface Context {
  readonly text: string;
  /** The predicate being compiled, for errors that point at it. */
  readonly span?: Comparison['span'];
  readonly provider: ProviderFacts;
  readonly entity: PrismaEntityMapping;
}

function unsupported(ctx: Context, c: { readonly span: Comparison['span'] }, message: string): TqlError {
  return TqlError.of(ctx.text, { code: 'unsupported', message, span: c.span });
}

function mappingError(message: string): TqlError {
  return TqlError.of('', { code: 'invalid_mapping', message: `Invalid Prisma mapping: ${message}`, span: { start: 0, end: 0 } });
}

// ---------------------------------------------------------------------------------------------
// AND, OR and constants

/**
 * `operands` joined by `key`: the constants folded in (an operand equal to `absorbing` decides the
 * whole, one equal to `neutral` drops out), a single operand as it is.
 */
function junction(key: 'AND' | 'OR', absorbing: PrismaWhere, neutral: PrismaWhere, operands: readonly PrismaWhere[]): PrismaWhere {
  const kept: PrismaWhere[] = [];
  for (const o of operands) {
    if (o === absorbing) return absorbing;
    if (o !== neutral) kept.push(o);
  }
  return kept.length === 0 ? neutral : kept.length === 1 ? kept[0]! : { [key]: kept };
}

const allOf = (operands: readonly PrismaWhere[]): PrismaWhere => junction('AND', NONE, ALL, operands);
const anyOf = (operands: readonly PrismaWhere[]): PrismaWhere => junction('OR', ALL, NONE, operands);

function not(operand: PrismaWhere): PrismaWhere {
  return operand === ALL ? NONE : operand === NONE ? ALL : { NOT: operand };
}

/** A test true where any of `tests` is. */
function eitherTest(tests: readonly ValueTest[]): ValueTest {
  if (tests.includes('any')) return 'any';
  const fns = tests.filter((t): t is (field: PrismaField) => PrismaWhere => t !== 'none');
  if (fns.length === 0) return 'none';
  return fns.length === 1 ? fns[0]! : (field) => anyOf(fns.map((t) => t(field)));
}

// ---------------------------------------------------------------------------------------------
// Where a value is: a field of the row, a field picked by a tag, a field of related rows

/** The field of `model` an attribute reads, which must be a single scalar or enum. */
function valueField(model: PrismaModel, name: string, attribute: Attribute): PrismaField {
  const field = prismaField(model, name);
  if (field === undefined) throw mappingError(`${attribute.path} reads the field ${name}, which ${model.name} has not.`);
  if ((field.kind !== 'scalar' && field.kind !== 'enum') || field.list) {
    throw mappingError(`${attribute.path} reads ${model.name}.${name}, a ${field.list ? 'list' : field.kind} field; it must be a single scalar or enum.`);
  }
  return field;
}

/** Rows whose field passes `test` (or, negated, does not pass it or is null). */
function onField(field: PrismaField, test: ValueTest, negated: boolean): PrismaWhere {
  const absent = field.optional ? { [field.name]: null } : NONE;
  if (!negated) return test === 'any' ? (field.optional ? { [field.name]: { not: null } } : ALL) : test === 'none' ? NONE : test(field);
  if (test === 'any') return absent;
  if (test === 'none') return ALL;
  return anyOf([not(test(field)), absent]);
}

/** Where an attribute's value is, one handler per kind of source. */
const PLACES: {
  readonly [K in AttributeSource['kind']]: (source: Extract<AttributeSource, { kind: K }>, attribute: Attribute, test: ValueTest, negated: boolean, ctx: Context) => PrismaWhere;
} = {
  field: (source, attribute, test, negated, ctx) => onField(valueField(ctx.entity.model, source.field, attribute), test, negated),
  variant: (source, attribute, test, negated, ctx) => {
    const model = ctx.entity.model;
    const tag = valueField(model, source.tag, attribute);
    const branches = Object.entries(source.fields).map(([value, name]) => ({ when: { [tag.name]: { equals: value } }, field: valueField(model, name, attribute) }));
    // A row whose tag is none of these has no value: it fails every test and passes every complement.
    if (!negated) return anyOf(branches.map((b) => allOf([b.when, onField(b.field, test, false)])));
    const otherTag = (when: PrismaWhere) => anyOf([not(when), ...(tag.optional ? [{ [tag.name]: null }] : [])]);
    return allOf(branches.map((b) => anyOf([otherTag(b.when), onField(b.field, test, true)])));
  },
  element: (source, attribute, test, negated, ctx) => {
    // An array of scalars is a scalar list field of the model (`tags String[]`).
    if (source.value === undefined) {
      const lists = source.arrays.map((array) => onList(listField(ctx.entity.model, array, attribute), test, negated, attribute, ctx));
      return negated ? allOf(lists) : anyOf(lists);
    }
    const value = source.value;
    // Arrays held in one relation (told apart by a discriminator) are one `some` / `none`.
    const groups = new Map<string, { collection: ResolvedPrismaCollection; values: string[] }>();
    for (const array of source.arrays) {
      const collection = Object.hasOwn(ctx.entity.collections, array) ? ctx.entity.collections[array] : undefined;
      if (collection === undefined) throw mappingError(`${attribute.path} looks into ${array}, which has no relation in the mapping of ${attribute.entity}: add collections.${array}.`);
      const key = `${collection.relation}\u0000${collection.discriminator?.field ?? ''}`;
      const group = groups.get(key) ?? { collection, values: [] };
      if (collection.discriminator !== undefined) group.values.push(collection.discriminator.value);
      groups.set(key, group);
    }
    const tests = [...groups.values()].map(({ collection, values }) => {
      const elements = collection.elements;
      const element = allOf([
        ...(collection.discriminator === undefined ? [] : [{ [collection.discriminator.field]: { in: values } }]),
        ...(source.where === undefined ? [] : [{ [valueField(elements, source.where.field, attribute).name]: { in: [...source.where.oneOf] } }]),
        onField(valueField(elements, value, attribute), test, false),
      ]);
      return { [collection.relation]: { [negated ? 'none' : 'some']: element } };
    });
    return negated ? allOf(tests) : anyOf(tests);
  },
};

/** The scalar list field of `model` an array of scalars is, or a mapping error. */
function listField(model: PrismaModel, name: string, attribute: Attribute): PrismaField {
  const field = prismaField(model, name);
  if (field === undefined || (field.kind !== 'scalar' && field.kind !== 'enum') || !field.list) {
    throw mappingError(`${attribute.path} reads the elements of ${name}, which must be a scalar list field of ${model.name} (\`${name} String[]\`).`);
  }
  return field;
}

/**
 * Rows with some element of the list passing `test` (or, negated, none: an empty or null list
 * too). Prisma tests a list's elements by equality only: `has` and `hasSome`.
 */
function onList(field: PrismaField, test: ValueTest, negated: boolean, attribute: Attribute, ctx: Context): PrismaWhere {
  const absent = anyOf([{ [field.name]: { isEmpty: true } }, ...(field.optional ? [{ [field.name]: null }] : [])]);
  if (test === 'none') return negated ? ALL : NONE;
  if (test === 'any') return negated ? absent : { [field.name]: { isEmpty: false } };
  const some = asListFilter(test({ ...field, list: false }), field.name, attribute, ctx);
  return negated ? anyOf([not(some), absent]) : some;
}

/** An element test, made of `equals` and `in` on the element, as the list's `has` and `hasSome`. */
function asListFilter(where: PrismaWhere, name: string, attribute: Attribute, ctx: Context): PrismaWhere {
  if (where === ALL || where === NONE) return where;
  for (const junction of ['AND', 'OR'] as const) {
    const operands = where[junction];
    if (Array.isArray(operands)) {
      const mapped = (operands as PrismaWhere[]).map((o) => asListFilter(o, name, attribute, ctx));
      return junction === 'AND' ? allOf(mapped) : anyOf(mapped);
    }
  }
  const filter = where[name] as Record<string, unknown> | undefined;
  const keys = filter === undefined || filter === null ? [] : Object.keys(filter);
  if (keys.length === 1 && keys[0] === 'equals') return { [name]: { has: filter!.equals } };
  if (keys.length === 1 && keys[0] === 'in') return { [name]: { hasSome: filter!.in } };
  throw TqlError.of(ctx.text, {
    code: 'unsupported',
    message: `${attribute.path} reads a scalar list, whose elements Prisma tests by equality only (has, hasSome): use EQ, NOT_EQ, IN or NOT_IN.`,
    span: ctx.span ?? { start: 0, end: ctx.text.length },
  });
}

function placed(attribute: Attribute, test: ValueTest, negated: boolean, ctx: Context): PrismaWhere {
  const place = PLACES[attribute.source.kind] as (source: AttributeSource, attribute: Attribute, test: ValueTest, negated: boolean, ctx: Context) => PrismaWhere;
  return place(attribute.source, attribute, test, negated, ctx);
}

// ---------------------------------------------------------------------------------------------
// Numbers and instants: ranges

const INT_RANGES: { readonly [T in PrismaScalar]?: readonly [bigint, bigint] } = {
  Int: [-(2n ** 31n), 2n ** 31n - 1n],
  BigInt: INT64_RANGE,
};

/** A range as the closed range of integers in it, within the type's range. */
function integerTest(range: NumberRange, [min, max]: readonly [bigint, bigint], type: PrismaScalar): ValueTest {
  const ints = integerInterval(range, [min, max]);
  if (ints === undefined) return 'none';
  const { lo, hi } = ints;
  if (lo === min && hi === max) return 'any';
  // Int takes numbers; BigInt takes bigints, which reach past 2^53.
  const value = (n: bigint) => (type === 'BigInt' ? n : Number(n));
  if (lo === hi) return (field) => ({ [field.name]: { equals: value(lo) } });
  return (field) => ({ [field.name]: { ...(lo === min ? {} : { gte: value(lo) }), ...(hi === max ? {} : { lte: value(hi) }) } });
}

/**
 * A range over a `Float` or `Decimal` field. (A PostgreSQL double may hold `NaN` and infinities,
 * which PostgreSQL orders above and below every number; Prisma cannot write a bound that leaves
 * them out, docs/prisma.md.)
 */
function fractionalTest(range: NumberRange): ValueTest {
  const bounds = {
    ...(range.lo === undefined ? {} : { [range.loOpen === true ? 'gt' : 'gte']: range.lo }),
    ...(range.hi === undefined ? {} : { [range.hiOpen === true ? 'lt' : 'lte']: range.hi }),
  };
  if (Object.keys(bounds).length === 0) return 'any';
  const equal = range.lo !== undefined && range.lo === range.hi && range.loOpen !== true && range.hiOpen !== true;
  return (field) => ({ [field.name]: equal ? { equals: range.lo } : bounds });
}

/** The milliseconds a JavaScript `Date` can hold, either way from 1970. */
const DATE_LIMIT_MS = 8.64e15;

/** A range of milliseconds over a `DateTime` field, with `Date` bounds; past what a `Date` holds, the side is open (or nothing matches). */
function dateTest(range: NumberRange): ValueTest {
  if ((range.lo !== undefined && range.lo > DATE_LIMIT_MS) || (range.hi !== undefined && range.hi < -DATE_LIMIT_MS)) return 'none';
  const lo = range.lo !== undefined && range.lo >= -DATE_LIMIT_MS ? new Date(range.lo) : undefined;
  const hi = range.hi !== undefined && range.hi <= DATE_LIMIT_MS ? new Date(range.hi) : undefined;
  if (lo === undefined && hi === undefined) return 'any';
  return (field) => ({ [field.name]: { ...(lo === undefined ? {} : { [range.loOpen === true ? 'gt' : 'gte']: lo }), ...(hi === undefined ? {} : { [range.hiOpen === true ? 'lt' : 'lte']: hi }) } });
}

/** A range of numbers as a test on whichever numeric field holds the value. */
function numberTest(range: NumberRange, attribute: Attribute): (field: PrismaField) => ValueTest {
  return (field) => {
    const type = field.kind === 'scalar' ? field.type : undefined;
    const ints = type === undefined ? undefined : INT_RANGES[type];
    if (ints !== undefined) return integerTest(range, ints, type!);
    if (type === 'Float' || type === 'Decimal') return fractionalTest(range);
    throw mappingError(`${attribute.path} compares numbers, but its field ${field.name} is ${field.type}: map it to an Int, BigInt, Float or Decimal field.`);
  };
}

/** How each storage of an instant scales a range of seconds, or why Prisma cannot compare it. */
const INSTANT_STORAGES: { readonly [K in TimestampStorageKind]: (range: NumberRange, attribute: Attribute) => (field: PrismaField) => ValueTest } = {
  unix_seconds: (range, attribute) => numberTest(range, attribute),
  unix_milliseconds: (range, attribute) => numberTest(scaled(range, 1000), attribute),
  date: (range, attribute) => (field) => {
    if (field.kind !== 'scalar' || field.type !== 'DateTime') throw mappingError(`${attribute.path} holds a Date, but its field ${field.name} is ${field.type}: map it to a DateTime field, or declare the storage the field has.`);
    return dateTest(scaled(range, 1000));
  },
  iso_text: (_range, attribute) => () => {
    throw mappingError(`${attribute.path} stores instants as ISO-8601 text, which Prisma compares as text: make the field a DateTime (storage 'date').`);
  },
  // A range of texts alone would take texts of other forms that fall inside it, which are no value.
  iso_canonical: (_range, attribute) => () => {
    throw mappingError(`${attribute.path} stores instants as toISOString texts, and Prisma has no test of a text's form to leave out the others: make the field a DateTime (storage 'date').`);
  },
};

function scaled(range: NumberRange, by: number): NumberRange {
  return { ...range, lo: range.lo === undefined ? undefined : range.lo * by, hi: range.hi === undefined ? undefined : range.hi * by };
}

/** A test that is decided per field (the fields of a variant may differ in type). */
function perField(decide: (field: PrismaField) => ValueTest): ValueTest {
  return (field) => {
    const test = decide(field);
    return test === 'any' ? (field.optional ? { [field.name]: { not: null } } : ALL) : test === 'none' ? NONE : test(field);
  };
}

/** The instants in any of `ranges` (seconds, `from ≤ x < to`). */
function instantTest(attribute: Attribute, ranges: readonly SecondsRange[]): ValueTest {
  const storage = INSTANT_STORAGES[attribute.storage?.kind ?? 'unix_seconds'];
  return eitherTest(ranges.map((r) => perField(storage({ lo: r.from, hi: r.to, hiOpen: true }, attribute))));
}

// ---------------------------------------------------------------------------------------------
// Text

/** `\`, `%` and `_` escaped with `\`: Prisma puts the value inside its LIKE pattern as it is. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

const TEXT_KEYS = { anywhere: 'contains', start: 'startsWith', end: 'endsWith' } as const;
type TextPlace = keyof typeof TEXT_KEYS;

/** Whether `needle` could begin inside `prefix` (compared lower-cased, as LIKE folds). */
function overlapsPrefix(needle: string, prefix: string): boolean {
  const n = needle.toLowerCase();
  for (let p = 0; p < prefix.length; p++) {
    const tail = prefix.slice(p).toLowerCase();
    if (n.startsWith(tail) || tail.startsWith(n)) return true;
  }
  return false;
}

/** LIKE, STARTS_WITH and ENDS_WITH: the value literal, case folded as the engine's LIKE folds. */
function textTest(c: Comparison<'LIKE' | 'NOT_LIKE' | 'STARTS_WITH' | 'ENDS_WITH'>, place: TextPlace, ctx: Context): ValueTest {
  const needle = c.value;
  const facts = ctx.provider;
  if (needle === '') return 'any';
  const wildcard = /[%_]/.exec(needle);
  if (!facts.likeEscapes && wildcard !== null) {
    throw unsupported(ctx, c, `Prisma writes ${facts.title}'s LIKE without an escape character, so the "${wildcard[0]}" of this ${c.operator} value would be a wildcard: leave it out of the value, or filter this attribute with compileSql and $queryRaw.`);
  }
  const literal = facts.likeEscapes ? escapeLike(needle) : needle;
  const like = (key: string, value: string, insensitive = facts.insensitive) => (field: PrismaField) => {
    if (field.kind === 'enum') throw unsupported(ctx, c, `${c.attribute.path} is a Prisma enum, which Prisma filters by equality only: use EQ or IN.`);
    return { [field.name]: { [key]: value, ...insensitive } };
  };
  const steps = readSteps(c.attribute.source);
  const prefix = steps?.prefix;
  if (prefix === undefined) return like(TEXT_KEYS[place], literal);
  // The value is read without one leading prefix (stored-form.ts).
  if (place === 'start') {
    const prefixTest = prefixLike(prefix, steps!, ctx, c);
    return (field) => anyOf([allOf([not(prefixTest(field)), like('startsWith', literal)(field)]), like('startsWith', (facts.likeEscapes ? escapeLike(prefix) : prefix) + literal)(field)]);
  }
  if (overlapsPrefix(needle, prefix)) {
    throw unsupported(ctx, c, `This ${c.operator} value could begin inside the ignored prefix "${prefix}", which Prisma cannot leave out of a LIKE: use a value that does not start with the prefix's characters.`);
  }
  // A needle that cannot begin inside the prefix is found in the stored text exactly where it is found after it.
  return like(TEXT_KEYS[place], literal);
}

/** The test "the stored text starts with the prefix", folded as the source reads it. */
function prefixLike(prefix: string, steps: ReadSteps, ctx: Context, c: Comparison): (field: PrismaField) => PrismaWhere {
  const facts = ctx.provider;
  const literal = facts.likeEscapes ? escapeLike(prefix) : prefix;
  const cased = prefix.toLowerCase() !== prefix.toUpperCase();
  if (steps.ignoreCase || !cased) return (field) => ({ [field.name]: { startsWith: literal, ...facts.insensitive } });
  if (hasMode(facts)) return (field) => ({ [field.name]: { startsWith: literal } });
  throw unsupported(ctx, c, `${facts.title}'s LIKE ignores case, and the prefix "${prefix}" is case-sensitive: declare ignoreCase on the source, or filter it with compileSql.`);
}

// ---------------------------------------------------------------------------------------------
// Equality

/** Text equal to one of `values` as the source reads stored text (stored-form.ts). */
function textEquals(attribute: Attribute, values: readonly string[], ctx: Context, c: Comparison): ValueTest {
  const steps = readSteps(attribute.source);
  const forms = [...new Set(steps === undefined ? values : values.flatMap((v) => storedForms(v, steps)))];
  const ignoreCase = steps?.ignoreCase === true || attribute.id?.kind === 'uuid';
  return (field) => {
    // A uuid column compares canonically by itself, and the validator lower-cased the value.
    if (!ignoreCase || (field.kind === 'scalar' && field.native?.toLowerCase() === 'uuid')) {
      return { [field.name]: forms.length === 1 ? { equals: forms[0] } : { in: forms } };
    }
    if (!hasMode(ctx.provider)) {
      const fix = attribute.id?.kind === 'uuid' ? "if the uuids are stored lower-cased (as Prisma's uuid() writes them), declare the id { kind: 'text' }" : 'store the text lower-cased and drop ignoreCase';
      throw unsupported(ctx, c, `${attribute.path} compares text ignoring case, which Prisma cannot do on ${ctx.provider.title}: ${fix}, or filter it with compileSql.`);
    }
    // PostgreSQL: `equals` with `mode: 'insensitive'` is ILIKE, so the value's wildcards are escaped.
    return anyOf(forms.map((f) => ({ [field.name]: { equals: escapeLike(f), mode: 'insensitive' } })));
  };
}

/** Records whose value equals one of `values`. */
function equalTo(c: Comparison, values: readonly Scalar[], ctx: Context): ValueTest {
  const attribute = c.attribute;
  if (TYPE_FACTS[attribute.type].instants) return instantTest(attribute, wholeSeconds(values as readonly number[]));
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const texts = values.filter((v): v is string => typeof v === 'string');
  const flags = [...new Set(values.filter((v): v is boolean => typeof v === 'boolean'))];
  return eitherTest([
    ...numbers.map((n) => perField(numberTest({ lo: n, hi: n }, attribute))),
    ...(texts.length === 0 ? [] : [textEquals(attribute, texts, ctx, c)]),
    ...flags.map((b): ValueTest => (field) => ({ [field.name]: { equals: b } })),
  ]);
}

/** LT, LTE, GT, GTE on numbers and instants. */
function ordered(c: Comparison<'LT' | 'LTE' | 'GT' | 'GTE'>): ValueTest {
  if (TYPE_FACTS[c.attribute.type].instants) return instantTest(c.attribute, [SECONDS_RANGE[c.operator](c.value)]);
  return perField(numberTest(NUMBER_RANGES[c.operator](c.value), c.attribute));
}

const NUMBER_RANGES: { readonly [Op in 'LT' | 'LTE' | 'GT' | 'GTE']: (n: number) => NumberRange } = {
  LT: (n) => ({ hi: n, hiOpen: true }),
  LTE: (n) => ({ hi: n }),
  GT: (n) => ({ lo: n, loOpen: true }),
  GTE: (n) => ({ lo: n }),
};

// ---------------------------------------------------------------------------------------------
// The operators

/** Each operator as a test and whether it is the complement of that test. */
const COMPARISONS: { readonly [Op in ComparedOperator]: (c: Comparison<Op>, ctx: Context) => { readonly test: ValueTest; readonly complement: boolean } } = {
  // EQ null is "has no value": the complement of a test every value passes.
  EQ: (c, ctx) => (c.value === null ? { test: 'any', complement: true } : { test: equalTo(c, [c.value], ctx), complement: false }),
  NOT_EQ: (c, ctx) => (c.value === null ? { test: 'any', complement: false } : { test: equalTo(c, [c.value], ctx), complement: true }),
  LT: (c) => ({ test: ordered(c), complement: false }),
  LTE: (c) => ({ test: ordered(c), complement: false }),
  GT: (c) => ({ test: ordered(c), complement: false }),
  GTE: (c) => ({ test: ordered(c), complement: false }),
  LIKE: (c, ctx) => ({ test: textTest(c, 'anywhere', ctx), complement: false }),
  NOT_LIKE: (c, ctx) => ({ test: textTest(c, 'anywhere', ctx), complement: true }),
  IN: (c, ctx) => ({ test: equalTo(c, c.value, ctx), complement: false }),
  NOT_IN: (c, ctx) => ({ test: equalTo(c, c.value, ctx), complement: true }),
  STARTS_WITH: (c, ctx) => ({ test: textTest(c, 'start', ctx), complement: false }),
  ENDS_WITH: (c, ctx) => ({ test: textTest(c, 'end', ctx), complement: false }),
};

/** The condition, or (negated) its exact complement, with every negation pushed to a predicate. */
function compileCondition(condition: Condition, negated: boolean, ctx: Context): PrismaWhere {
  switch (condition.kind) {
    case 'And': {
      const operands = condition.operands.map((o) => compileCondition(o, negated, ctx));
      return negated ? anyOf(operands) : allOf(operands);
    }
    case 'Or': {
      const operands = condition.operands.map((o) => compileCondition(o, negated, ctx));
      return negated ? allOf(operands) : anyOf(operands);
    }
    case 'Not':
      return compileCondition(condition.operand, !negated, ctx);
    case 'Comparison': {
      const handler = COMPARISONS[condition.operator] as (c: Comparison, ctx: Context) => { test: ValueTest; complement: boolean };
      const { test, complement } = handler(condition, ctx);
      return placed(condition.attribute, test, negated !== complement, { ...ctx, span: condition.span });
    }
  }
}

/** Options of `tqlWhere` (tql/prisma). */
export interface PrismaWhereOptions {
  /** Where the query's entity lives (`prismaMapping`, or the mapping `schemaFromPrisma` derives). */
  readonly mapping: PrismaMapping;
  /** The clock relative times (`now-7d`) are resolved against. Default: the real clock. */
  readonly now?: Clock | undefined;
}

/**
 * The query as the `where` of its entity's model. See `tqlWhere` of `tql/prisma`.
 *
 * @example
 * ```ts
 * prismaWhere(check('ticket.priority EQ high', defineSchema(definition), 'ticket'), { mapping }); // → { priority: { equals: 'high' } }
 * ```
 */
export function prismaWhere(query: ValidatedQuery, options: PrismaWhereOptions): PrismaWhere {
  return compileValidated(query, 'tqlWhere', (q) => {
    const mapping = options.mapping;
    const provider = prismaProvider(mapping.provider);
    const entity = Object.hasOwn(mapping.entities, q.entity.name) ? mapping.entities[q.entity.name] : undefined;
    if (entity === undefined) throw mappingError(`the mapping has no entity ${q.entity.name}: add it, { ${q.entity.name}: { model: '<Model>' } }.`);
    return compileCondition(q.condition, false, { text: q.text, provider, entity });
  }, options.now);
}
