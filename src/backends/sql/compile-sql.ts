/**
 * Validated query → a parameterized SQL boolean expression, by a handler table with one entry per
 * operator. Semantics are those of docs/language.md (What a filter matches): two-valued logic, negative
 * operators and `NOT ( … )` that are exact complements also on NULL, "some element" for collections.
 */
import { TqlError, optionError } from '../../errors/tql-error.js';
import { foldCondition, type ComparisonHandlers, type ConditionHandlers } from '../backend.js';
import { scopeEntries, type Scope, type ScopeEntry } from '../scope.js';
import { compileValidated } from '../compile-validated.js';
import type { Clock } from '../../validate/relative-time.js';
import { madeByValidate, type Comparison, type Scalar, type ValidatedQuery } from '../../validate/validated-query.js';
import { caseFoldingFor, complementOf, equalityOf, exactOperand, resolveDialect, type CaseFolding, type SqlDialect, type SqlDialectName } from './dialects.js';
import { likePattern } from './like-pattern.js';
import { storedForms } from '../../schema/stored-form.js';
import { OPERATOR_FACTS } from '../../schema/operators.js';
import { TYPE_FACTS } from '../../schema/type-facts.js';
import { entityMapping, isDefinedMapping } from './define-mapping.js';
import type { ElementSet, ElementTable, SqlEntityMapping, SqlMapping, SqlTarget } from './mapping.js';
import { attributeSql, targetCache, type AttributeSql, type TargetCache } from './target-cache.js';
import type { InstantRange } from './instant-bounds.js';
import { writeInstantRange } from './instant-sql.js';
import { columnTestComplement, columnTestSql, type ColumnTest } from './column-test.js';
import { INT64_RANGE, integerInterval, type NumberRange } from '../integer-interval.js';
import type { ValueStorage } from '../../schema/types.js';
import type { SqlStatement } from './sql-statement.js';

export type { SqlStatement } from './sql-statement.js';

/** Options of {@link compileSql}: the dialect to write and where each entity is stored. */
export interface CompileSqlOptions {
  readonly dialect: SqlDialectName | SqlDialect;
  readonly mapping: SqlMapping;
  /** How the stored side of `LIKE` is lower-cased. Default `database`. */
  readonly caseFolding?: CaseFolding | undefined;
  /**
   * Field equalities ANDed before the filter, outside its parentheses: `{ tenant_id: 'acme' }`
   * gives `"tenant_id" = $1 AND (<filter>)`. Fields map to columns as the entity's other fields
   * do. On PostgreSQL every collection subquery repeats them on its table (the same column
   * name, the same parameter), as a distributed engine needs to keep it on one shard.
   */
  readonly scope?: Scope | undefined;
  /**
   * The clock that relative times (`now-7d`) are resolved against: Unix seconds, a `Date`, or a
   * function returning either (called once per compile). Default: the real clock.
   */
  readonly now?: Clock | undefined;
  /**
   * The name the entity's table goes by in the statement's FROM (`FROM "agent" AS "a"`, a query
   * builder's alias). Every column of the entity is then qualified by it (`"a"."name"`), which
   * also keeps them apart from the columns of joined tables, and collection subqueries refer to
   * the owning key as `"a"."id"`. Default: none; columns stand alone, and subqueries name the
   * owning table by its mapped name, so the FROM must not alias it.
   */
  readonly tableAlias?: string | undefined;
}

/** What every handler needs: the dialect, where the entity lives, and the values bound so far. */
interface Context {
  readonly dialect: SqlDialect;
  readonly entity: SqlEntityMapping;
  readonly folding: CaseFolding;
  readonly text: string;
  readonly values: unknown[];
  /** The scope's fields and values; undefined without a scope. */
  readonly scope: readonly ScopeEntry[] | undefined;
  /** Where the attributes' targets are kept, when nothing they are made from can change. */
  readonly targets: TargetCache | undefined;
  /** `CompileSqlOptions.tableAlias`. */
  readonly tableAlias: string | undefined;
}

/** Binds `value` and returns its placeholder. Call in the order the placeholders appear. */
function bind(ctx: Context, value: Scalar): string {
  ctx.values.push(typeof value === 'boolean' ? ctx.dialect.bindBoolean(value) : value);
  return ctx.dialect.placeholder(ctx.values.length);
}

/**
 * Binds a value compared with `=`, `<>`, `IN` or a range: a text as the dialect makes such a
 * comparison exact (MySQL's default collations fold case, accents and trailing spaces).
 */
function bindCompared(ctx: Context, value: Scalar): string {
  return exact(ctx.dialect, bind(ctx, value), value);
}

/** `placeholder` written for an exact comparison when its value is a text (numbers and booleans compare exactly as they are). */
function exact(dialect: SqlDialect, placeholder: string, value: Scalar): string {
  return typeof value === 'string' ? exactOperand(dialect, placeholder) : placeholder;
}

/** What compiling needs of the comparison's attribute, kept between compiles where it can be. */
function sqlOf(c: Comparison, ctx: Context): AttributeSql {
  return attributeSql(ctx.targets, c.attribute, ctx.entity, ctx.dialect, ctx.folding, ctx.tableAlias);
}

function target(c: Comparison, ctx: Context): SqlTarget {
  const t = sqlOf(c, ctx).target;
  if (t.kind === 'scalar' || ctx.scope === undefined || !numberedPlaceholders(ctx.dialect)) return t;
  // The scope's values are the statement's first parameters: each element table reuses them (an array column is the row's own).
  const [first, ...rest] = t.tables.map((e) => (e.kind === 'table' ? { ...e, filters: [scopeConditions(ctx, e.table), ...e.filters] } : e));
  return { kind: 'elements', tables: [first!, ...rest] };
}

/**
 * Whether the dialect's placeholders are numbered (`$1`), so that one can stand in several places.
 * With positional ones (`?`) element tables are not scoped: the outer equality alone decides the
 * rows, and SQLite is never distributed.
 */
function numberedPlaceholders(dialect: SqlDialect): boolean {
  return dialect.placeholder(1) !== dialect.placeholder(2);
}

/** The scope's column of the entity, which its element tables share. */
function scopeColumn(entity: SqlEntityMapping, field: string): string {
  const columns = entity.columns;
  return typeof columns === 'object' && columns !== null && Object.hasOwn(columns, field) ? columns[field]! : field;
}

/** `"t"."tenant_id" = $1 AND …` over the scope's parameters, which are bound first. */
function scopeConditions(ctx: Context, qualifier: string | undefined): string {
  return ctx
    .scope!.map(({ field, value }, i) => `${qualifier === undefined ? '' : `${qualifier}.`}${equality(ctx, ctx.dialect.quoteIdentifier(scopeColumn(ctx.entity, field)), [exact(ctx.dialect, ctx.dialect.placeholder(i + 1), value)], [value], false, false)}`)
    .join(' AND ');
}

/**
 * What a value test is written on: an expression, and, for a field or element value whose
 * stored form may carry a prefix the attribute ignores, that column and prefix, so that equality
 * can seek the stored forms instead of testing an expression no index holds.
 */
interface Subject {
  readonly expr: string;
  /** The value as LIKE reads it (mapping.ts, SqlTarget): `lower()` is LIKE's own. */
  readonly text: string;
  readonly stored?: ElementTable['stored'] | undefined;
}

/**
 * "Some row of the element table passes `test`", correlated with the owning row, in the form
 * the dialect plans best: `EXISTS (…)`, or `key IN (SELECT foreignKey …)`, which SQLite answers
 * from an index on the tested columns instead of once per owning row.
 */
function anyElement(ctx: Context, e: ElementTable, test: string): string {
  if (ctx.dialect.collections === 'exists') return `EXISTS (SELECT 1 FROM ${e.table} WHERE ${[`${e.foreignKey} = ${e.ownerKey}`, ...e.filters, test].join(' AND ')})`;
  return `${e.ownerKey} IN (SELECT ${e.foreignKey} FROM ${e.table} WHERE ${[...e.filters, test].join(' AND ')})`;
}

/**
 * The exact complement of {@link anyElement}. The `IN` form skips rows without a key, so that a
 * NULL there cannot turn `NOT IN` into NULL; the owning key is the table's key, never NULL.
 */
function noElement(ctx: Context, e: ElementTable, test: string): string {
  if (ctx.dialect.collections === 'exists') return `NOT EXISTS (SELECT 1 FROM ${e.table} WHERE ${[`${e.foreignKey} = ${e.ownerKey}`, ...e.filters, test].join(' AND ')})`;
  return `${e.ownerKey} NOT IN (SELECT ${e.foreignKey} FROM ${e.table} WHERE ${[`${e.foreignKey} IS NOT NULL`, ...e.filters, test].join(' AND ')})`;
}

/**
 * "Some element of `e` passes `test`" (`none`: no element does), as its elements are held: rows
 * of a table, or an array in a column of the row, listed by the dialect (array-column.ts), whose
 * `EXISTS` is never NULL, so `NOT EXISTS` is its exact complement.
 */
function elementTest(c: Comparison, ctx: Context, e: ElementSet, test: (subject: Subject) => string, none: boolean): string {
  if (e.kind === 'refused') throw refusal(ctx, c, e.reason);
  const passes = test({ expr: e.value, text: e.text, stored: e.stored });
  if (e.kind === 'table') return none ? noElement(ctx, e, passes) : anyElement(ctx, e, passes);
  return `${none ? 'NOT ' : ''}EXISTS (SELECT 1 FROM ${e.rows.from} WHERE ${[...e.rows.filters, passes].join(' AND ')})`;
}

/**
 * A positive predicate: `test` on the value, or on some element. `test` binds its values, so it
 * is called once per element table.
 */
function positivePredicate(c: Comparison, ctx: Context, test: (subject: Subject) => string): string {
  const t = target(c, ctx);
  if (t.kind === 'scalar') return test({ expr: t.value, text: t.text, stored: t.stored });
  const any = t.tables.map((e) => elementTest(c, ctx, e, test, false));
  return any.length === 1 ? any[0]! : `(${any.join(' OR ')})`;
}

/**
 * A negative predicate, the exact complement of `positive`: `complement` on a value (it must
 * also hold when the value is NULL), and "no element passes `positive`" on a collection.
 */
function negatedPredicate(c: Comparison, ctx: Context, positive: (subject: Subject) => string, complement: (value: string, subject: Subject) => string): string {
  const t = target(c, ctx);
  if (t.kind === 'scalar') return complement(t.value, { expr: t.value, text: t.text, stored: t.stored });
  const absent = t.tables.map((e) => elementTest(c, ctx, e, positive, true));
  return absent.length === 1 ? absent[0]! : `(${absent.join(' AND ')})`;
}

/**
 * EQ or IN on a collection whose every array is held in a column that can be asked as a whole
 * (PostgreSQL `tags @> ARRAY[$1]`, which a GIN index on the column serves); undefined otherwise,
 * and nothing is bound then.
 */
function heldInColumns(c: Comparison, ctx: Context, values: readonly Scalar[]): string | undefined {
  const t = target(c, ctx);
  if (t.kind !== 'elements') return undefined;
  const asWholes = t.tables.map((e) => (e.kind === 'column' ? e.holdsAny : undefined));
  if (!asWholes.every((holdsAny): holdsAny is NonNullable<typeof holdsAny> => holdsAny !== undefined)) return undefined;
  const held = asWholes.map((holdsAny) => holdsAny(values.map((v) => bindCompared(ctx, v))));
  return held.length === 1 ? held[0]! : `(${held.join(' OR ')})`;
}

/**
 * `subject` equals one of `values`. On a field or element value with an ignored prefix the
 * stored column (lower-cased, where the source ignores case) is compared with each value's
 * stored forms (stored-form.ts), which an index on it can seek, where the prefix-dropping
 * expression cannot be.
 */
function equalsOneOf(ctx: Context, subject: Subject, values: readonly Scalar[], operator: '=' | 'IN', uuid?: UuidColumn): string {
  const stored = subject.stored;
  if (stored === undefined) {
    const x = uuidSide(ctx, subject.expr, uuid);
    return operator === '=' ? equality(ctx, x, [bindId(ctx, values[0]!, uuid)], idValues(values, uuid), false, false) : listEquality(ctx, x, values, false, uuid);
  }
  // The statement's text must not depend on the values (the injection test holds every
  // statement to the text compiled for "x"): storedForms gives two for every value.
  const forms = values.flatMap((v): Scalar[] => (typeof v === 'string' ? storedForms(v, stored.steps) : [v]));
  return listEquality(ctx, stored.column, forms, false);
}

/**
 * `left` equal to one of the listed `values` (`negated`: to none), `left` not NULL: a long list
 * of texts as one bound value where the dialect binds them so ({@link SqlDialect.boundList}),
 * else a placeholder each. Whether it is one value depends on the attribute's type and the
 * list's length, never on what the texts are. Numbers keep their placeholders: a JSON number
 * past 2^53 reads back as another integer than the double bound, and a number compared with a
 * text column takes its affinity from a placeholder but not from a JSON array. A dialect that
 * writes each text operand (`exactText`) keeps them too.
 */
function listEquality(ctx: Context, left: string, values: readonly Scalar[], negated: boolean, uuid?: UuidColumn): string {
  const list = ctx.dialect.boundList;
  if (list !== undefined && ctx.dialect.exactText === undefined && uuid !== 'native' && values.length >= list.from && values.every(isText)) {
    return list.write(left, bind(ctx, list.value(values)), negated);
  }
  return equality(ctx, left, listed(ctx, values, uuid), idValues(values, uuid), negated, true);
}

const isText = (v: Scalar): v is string => typeof v === 'string';

/**
 * `x` is NULL or its `left` (`x` itself, or `lower(x)` for a uuid in a text column) differs from
 * `right`: the exact complement of an equality with one non-NULL value, as the dialect writes it
 * ({@link SqlDialect.nullOrUnequal}), or `(x IS NULL OR left <> right)`.
 */
function nullOrUnequal(ctx: Context, x: string, left: string, right: string, values: readonly Scalar[]): string {
  const how = { negated: true, text: values.some(isText), list: false };
  return ctx.dialect.nullOrUnequal?.(left, right, how) ?? `(${x} IS NULL OR ${equalityOf(ctx.dialect, left, [right], how)})`;
}

/**
 * `left` equal to one of the operands `rights` (`negated`: to none), as the dialect writes an
 * equality that sees both sides; `values` are what the operands stand for, to tell texts.
 */
function equality(ctx: Context, left: string, rights: readonly string[], values: readonly Scalar[], negated: boolean, list: boolean): string {
  return equalityOf(ctx.dialect, left, rights, { negated, text: values.some(isText), list });
}

/** The values of an id equality as the column compares them: a native uuid column's own type is no text. */
function idValues(values: readonly Scalar[], uuid: UuidColumn): readonly Scalar[] {
  return uuid === 'native' ? [] : values;
}

/** How a uuid id's column compares (compared-column.ts); undefined for other attributes. */
type UuidColumn = 'native' | 'text' | undefined;

/**
 * The stored side of an id equality: a uuid in a text column lower-cased, as the validator
 * lower-cases the query's uuid, so upper-case hex in the database matches too.
 */
function uuidSide(ctx: Context, expr: string, uuid: UuidColumn): string {
  return uuid === 'text' ? ctx.dialect.lower(expr, 'database') : expr;
}

/** A value of an equality: a uuid column's own type converts the text itself, so it is bound as it is. */
function bindId(ctx: Context, value: Scalar, uuid: UuidColumn): string {
  return uuid === 'native' ? bind(ctx, value) : bindCompared(ctx, value);
}

/** Each value bound, in order, as an operand of an equality. */
function listed(ctx: Context, values: readonly Scalar[], uuid?: UuidColumn): string[] {
  return values.map((v) => bindId(ctx, v, uuid));
}

/** For the byte length of LIKE patterns on dialects that limit it. */
const UTF8 = new TextEncoder();

/**
 * A case-insensitive text test (LIKE, NOT_LIKE's positive form, STARTS_WITH, ENDS_WITH) as the
 * dialect's `LIKE`, with the needle where the operator's table says it stands.
 */
function like(ctx: Context, c: Comparison<'LIKE' | 'NOT_LIKE' | 'STARTS_WITH' | 'ENDS_WITH'>, value: string, negated: boolean): string {
  // The needle is folded here, exactly as JavaScript does; only the stored side is left to SQL.
  const pattern = likePattern(ctx.dialect, c.value.toLowerCase(), OPERATOR_FACTS[c.operator].place ?? 'anywhere');
  const max = ctx.dialect.maxLikePatternBytes;
  if (max !== undefined && UTF8.encode(pattern).length > max) {
    throw TqlError.of(ctx.text, {
      code: 'unsupported',
      message: `This ${c.operator} value is too long for ${ctx.dialect.name}, which takes patterns of at most ${max} bytes: shorten it.`,
      span: c.span,
    });
  }
  return ctx.dialect.like(value, bind(ctx, pattern), negated, ctx.folding);
}

/**
 * What each comparison of an instant means (language rule 6), as a range of its whole seconds:
 * `EQ t` is `t ≤ x < t+1`. `EQ null` is the complement of the open range, which holds for every
 * valid instant.
 */
const INSTANT_RANGES = {
  EQ: (t: number): InstantRange => ({ lo: t, hi: t + 1 }),
  LT: (t: number): InstantRange => ({ hi: t }),
  LTE: (t: number): InstantRange => ({ hi: t + 1 }),
  GT: (t: number): InstantRange => ({ lo: t + 1 }),
  GTE: (t: number): InstantRange => ({ lo: t }),
} as const;

/**
 * A Timestamp comparison: the instant in `range` (`negated`: not, including when the column is
 * NULL or holds no valid instant).
 */
function instant(c: Comparison, ctx: Context, range: InstantRange, negated: boolean): string {
  const column = sqlOf(c, ctx).instant;
  const writers = ctx.dialect.instants;
  const written = (x: string): string | ColumnTest => {
    if ('refused' in column) throw refusal(ctx, c, column.refused);
    if (writers === undefined) {
      if (column.kind !== 'unix_seconds') throw refusal(ctx, c, `the dialect object has no instants writers for ${column.kind} columns`);
      const bounds = [...(range.lo === undefined ? [] : [`${x} >= ${bind(ctx, range.lo)}`]), ...(range.hi === undefined ? [] : [`${x} < ${bind(ctx, range.hi)}`])];
      return bounds.length === 0 ? `${x} IS NOT NULL` : bounds.join(' AND ');
    }
    const w = writeInstantRange(writers, x, range, column, (v) => bind(ctx, v));
    if (typeof w !== 'string' && 'refused' in w) throw refusal(ctx, c, w.refused);
    return w;
  };
  const test = (x: string): string => {
    const w = written(x);
    return `(${typeof w === 'string' ? w : columnTestSql(w)})`;
  };
  // Comparisons each TRUE or FALSE on a value have their own complement, which an index on the
  // column serves; other SQL is NULL on a NULL column, where the dialect's complement holds.
  const complement = (x: string): string => {
    const w = written(x);
    return typeof w === 'string' ? complementOf(ctx.dialect, `(${w})`) : `(${columnTestComplement(w)})`;
  };
  return negated ? negatedPredicate(c, ctx, (x) => test(x.expr), complement) : positivePredicate(c, ctx, (x) => test(x.expr));
}

function refusal(ctx: Context, c: Comparison, reason: string): TqlError {
  return TqlError.of(ctx.text, { code: 'unsupported', message: `${c.attribute.path} cannot be compared on ${ctx.dialect.name}: ${reason}.`, span: c.span });
}

const isInstant = (c: Comparison) => TYPE_FACTS[c.attribute.type].instants;

/** An ordering of an instant, or of any other value as it is. */
function order(c: Comparison<'LT' | 'LTE' | 'GT' | 'GTE'>, ctx: Context, operator: string): string {
  if (isInstant(c)) return instant(c, ctx, INSTANT_RANGES[c.operator](c.value), false);
  if (sqlOf(c, ctx).integers) return integerOrder(c, ctx);
  return positivePredicate(c, ctx, (x) => `${x.expr} ${operator} ${bindCompared(ctx, c.value)}`);
}

/**
 * A Number bound against an integer column (`storage: 'integer'`): the integer it stands for, or
 * NULL where no integer can match (a comparison with NULL is never true), written as the dialect
 * compares 64-bit integers. Integers past 2^53 are bound as their decimal text, exactly.
 */
function bindInteger(ctx: Context, n: bigint | undefined): string {
  ctx.values.push(n === undefined ? null : Number.isSafeInteger(Number(n)) ? Number(n) : String(n));
  return ctx.dialect.integerBound!(ctx.dialect.placeholder(ctx.values.length));
}

/** The integers each ordering allows, and the side of the interval it binds: `GT 14.5` is `x >= 15`. */
const INTEGER_ORDERS = {
  LT: { range: (v: number): NumberRange => ({ hi: v, hiOpen: true }), side: 'hi', operator: '<=' },
  LTE: { range: (v: number): NumberRange => ({ hi: v }), side: 'hi', operator: '<=' },
  GT: { range: (v: number): NumberRange => ({ lo: v, loOpen: true }), side: 'lo', operator: '>=' },
  GTE: { range: (v: number): NumberRange => ({ lo: v }), side: 'lo', operator: '>=' },
} as const;

/** An ordering on an integer column, by the integers it allows; none (NULL) or all of them past the column's range. */
function integerOrder(c: Comparison<'LT' | 'LTE' | 'GT' | 'GTE'>, ctx: Context): string {
  const order = INTEGER_ORDERS[c.operator];
  const interval = integerInterval(order.range(c.value as number), INT64_RANGE);
  return positivePredicate(c, ctx, (x) => `${x.expr} ${order.operator} ${bindInteger(ctx, interval?.[order.side])}`);
}

/** `expr` equals one of `values` on an integer column: a value that is no integer of the column matches nothing. */
function integerEquals(ctx: Context, expr: string, values: readonly Scalar[], operator: '=' | 'IN'): string {
  const bound = values.map((v) => bindInteger(ctx, integerInterval({ lo: v as number, hi: v as number }, INT64_RANGE)?.lo));
  return operator === '=' ? `${expr} = ${bound[0]!}` : `${expr} IN (${bound.join(', ')})`;
}

/**
 * Equality on an integer column, positive or its exact complement: the bound list may hold NULL,
 * so the complement is the dialect's (`NOT COALESCE(…, FALSE)`) rather than `<>` or `NOT IN`.
 */
function integerEquality(c: Comparison, ctx: Context, values: readonly Scalar[], operator: '=' | 'IN', negated: boolean): string {
  if (!negated) return positivePredicate(c, ctx, (x) => integerEquals(ctx, x.expr, values, operator));
  return negatedPredicate(c, ctx, (x) => integerEquals(ctx, x.expr, values, operator), (x) => complementOf(ctx.dialect, integerEquals(ctx, x, values, operator)));
}

/**
 * What a declared value storage's column holds for a query value, and which of its values are
 * values (docs/backends-sql.md, Column storage): a `zero_one` column compares with 1 and 0, and
 * any other number in it is no value; a `decimal_text` attribute's column is `NUMERIC`, compared
 * with the number as it is.
 */
const VALUE_COLUMNS: { readonly [K in ValueStorage]: { readonly value: (v: Scalar) => Scalar; readonly values: string | undefined } } = {
  zero_one: { value: (v) => (v === true ? 1 : v === false ? 0 : v), values: '0, 1' },
  decimal_text: { value: (v) => v, values: undefined },
};

/** The query value as the attribute's column holds it. */
function columnValue(c: Comparison, v: Scalar): Scalar {
  const storage = c.attribute.valueStorage;
  return storage === undefined ? v : VALUE_COLUMNS[storage].value(v);
}

/** `expr` has a value (`present`) or has none: NULL, or a number a `zero_one` column does not take. */
function presence(c: Comparison, ctx: Context, expr: string, present: boolean): string {
  const storage = c.attribute.valueStorage;
  const values = storage === undefined ? undefined : VALUE_COLUMNS[storage].values;
  if (values === undefined) return present ? `${expr} IS NOT NULL` : `${expr} IS NULL`;
  return present ? `${expr} IN (${values})` : complementOf(ctx.dialect, `${expr} IN (${values})`);
}

const comparisons: ComparisonHandlers<string, Context> = {
  EQ: (c, ctx) => {
    const v = c.value;
    if (isInstant(c)) return v === null ? instant(c, ctx, {}, true) : instant(c, ctx, INSTANT_RANGES.EQ(v as number), false);
    if (v !== null && sqlOf(c, ctx).integers) return integerEquality(c, ctx, [v], '=', false);
    const held = v === null ? undefined : heldInColumns(c, ctx, [v]);
    if (held !== undefined) return held;
    const uuid = sqlOf(c, ctx).uuid;
    return positivePredicate(c, ctx, (x) => (v === null ? presence(c, ctx, x.expr, false) : equalsOneOf(ctx, x, [columnValue(c, v)], '=', uuid)));
  },
  NOT_EQ: (c, ctx) => {
    const v = c.value;
    if (isInstant(c)) return v === null ? instant(c, ctx, {}, false) : instant(c, ctx, INSTANT_RANGES.EQ(v as number), true);
    if (v === null) return negatedPredicate(c, ctx, (x) => presence(c, ctx, x.expr, false), (x) => presence(c, ctx, x, true));
    if (sqlOf(c, ctx).integers) return integerEquality(c, ctx, [v], '=', true);
    const uuid = sqlOf(c, ctx).uuid;
    const w = columnValue(c, v);
    return negatedPredicate(c, ctx, (x) => equalsOneOf(ctx, x, [w], '=', uuid), (x) => nullOrUnequal(ctx, x, uuidSide(ctx, x, uuid), bindId(ctx, w, uuid), idValues([w], uuid)));
  },
  LT: (c, ctx) => order(c, ctx, '<'),
  LTE: (c, ctx) => order(c, ctx, '<='),
  GT: (c, ctx) => order(c, ctx, '>'),
  GTE: (c, ctx) => order(c, ctx, '>='),
  LIKE: (c, ctx) => positivePredicate(c, ctx, (x) => like(ctx, c, x.text, false)),
  NOT_LIKE: (c, ctx) => negatedPredicate(c, ctx, (x) => like(ctx, c, x.text, false), (_x, s) => `(${s.text} IS NULL OR ${like(ctx, c, s.text, true)})`),
  IN: (c, ctx) => {
    if (sqlOf(c, ctx).integers) return integerEquality(c, ctx, c.value, 'IN', false);
    const held = heldInColumns(c, ctx, c.value);
    if (held !== undefined) return held;
    const uuid = sqlOf(c, ctx).uuid;
    return positivePredicate(c, ctx, (x) => equalsOneOf(ctx, x, c.value, 'IN', uuid));
  },
  NOT_IN: (c, ctx) => {
    if (sqlOf(c, ctx).integers) return integerEquality(c, ctx, c.value, 'IN', true);
    const uuid = sqlOf(c, ctx).uuid;
    return negatedPredicate(c, ctx, (x) => equalsOneOf(ctx, x, c.value, 'IN', uuid), (x) => `(${x} IS NULL OR ${listEquality(ctx, uuidSide(ctx, x, uuid), c.value, true, uuid)})`);
  },
  STARTS_WITH: (c, ctx) => positivePredicate(c, ctx, (x) => like(ctx, c, x.text, false)),
  ENDS_WITH: (c, ctx) => positivePredicate(c, ctx, (x) => like(ctx, c, x.text, false)),
};

const handlers: ConditionHandlers<string, Context> = {
  And: (operands) => join(operands, 'AND'),
  Or: (operands) => join(operands, 'OR'),
  // The exact complement (language rule 8): a positive comparison is NULL rather than FALSE on
  // a NULL column, and AND and OR keep that NULL, so a bare NOT would drop those rows too.
  Not: (operand, _node, ctx) => complementOf(ctx.dialect, operand),
  comparisons,
};

/** `(a AND b)`; an empty conjunction is true and an empty disjunction false. */
function join(operands: readonly string[], operator: 'AND' | 'OR'): string {
  if (operands.length === 0) return operator === 'AND' ? '(1 = 1)' : '(1 = 0)';
  return operands.length === 1 ? operands[0]! : `(${operands.join(` ${operator} `)})`;
}

/**
 * Compiles a validated query to a WHERE-clause expression over the entity's table, with every
 * query value a bound parameter (`$1`… for PostgreSQL, `?` for SQLite). The expression refers to
 * the table by its mapped name, so use it in a FROM that does not alias the table, or name the
 * alias the FROM gives it with `tableAlias`.
 *
 * @example
 * ```ts
 * const q = check('agent.name LIKE ada AND agent.url_slug NOT_EQ ada', schedulingSchema, 'agent');
 * compileSql(q, { dialect: 'postgres', mapping: schedulingSqlMapping });
 * // { text: `(lower("name") LIKE $1 ESCAPE '\\' AND ("url_slug" IS NULL OR "url_slug" <> $2))`,
 * //   values: ['%ada%', 'ada'] }
 *
 * // A server-side scope (a tenant, a distribution key) that no filter escapes:
 * compileSql(check('agent.role EQ User OR agent.schedulable EQ true', schedulingSchema, 'agent'),
 *   { dialect: 'postgres', mapping: schedulingSqlMapping, scope: { tenant_id: 'acme' } });
 * // { text: '"tenant_id" = $1 AND (("role" = $2 OR "schedulable" = $3))', values: ['acme', 'User', true] }
 *
 * // Under an alias (FROM "scheduling_request" AS "r"), as query builders write it:
 * compileSql(check('scheduling_request.team_id EQ team_blue', schedulingSchema, 'scheduling_request'),
 *   { dialect: 'postgres', mapping: schedulingSqlMapping, tableAlias: 'r' }).text;
 * // EXISTS (SELECT 1 FROM "request_resource" WHERE "request_resource"."request_id" = "r"."id" AND …)
 * ```
 */
export function compileSql(query: ValidatedQuery, options: CompileSqlOptions): SqlStatement {
  return compileValidated(query, 'compileSql', (q) => {
    const ctx = context(q, options);
    // Scope values first: they are $1… and come first in the text, before any of the filter's.
    for (const { value } of ctx.scope ?? []) bind(ctx, value);
    const filter = foldCondition(q.condition, handlers, ctx);
    const text = ctx.scope === undefined ? filter : `${scopeConditions(ctx, outerQualifier(ctx))} AND (${filter})`;
    checkParameterCount(ctx.dialect, ctx.values.length, q.text);
    return { text, values: ctx.values };
  }, typeof options === 'object' && options !== null ? options.now : undefined);
}

/**
 * The scope of `options` alone, as a WHERE expression over `entity`'s table (`"tenant_id" = $1`),
 * for statements without a filter; undefined without a scope. Checks the scope as
 * {@link compileSql} does.
 *
 * @example
 * ```ts
 * compileScope('agent', { dialect: 'sqlite', mapping: schedulingSqlMapping, scope: { tenant_id: 'acme' } });
 * // { text: '"tenant_id" = ?', values: ['acme'] }
 * ```
 */
export function compileScope(entity: string, options: CompileSqlOptions): SqlStatement | undefined {
  const scope = scopeEntries(options.scope);
  if (scope === undefined) return undefined;
  const dialect = resolveDialect(options.dialect);
  const ctx: Context = { dialect, entity: entityMapping(options.mapping, entity), folding: 'database', text: '', values: [], scope, targets: undefined, tableAlias: checkedAlias(dialect, options.tableAlias) };
  for (const { value } of scope) bind(ctx, value);
  return { text: scopeConditions(ctx, outerQualifier(ctx)), values: ctx.values };
}

/**
 * A statement with more bound values than the engine takes would fail in the driver; say so
 * as a TqlError instead. Only limits raised far above the defaults can get here.
 */
export function checkParameterCount(dialect: SqlDialect, count: number, text: string): void {
  if (count <= dialect.maxParameters) return;
  throw TqlError.of(text, {
    code: 'unsupported',
    message: `The query needs ${count} bound values and ${dialect.name} takes at most ${dialect.maxParameters} in one statement: split it into several queries.`,
    span: { start: 0, end: text.length },
  });
}

/** The quoted alias that qualifies the entity's own columns, or undefined: they stand alone. */
function outerQualifier(ctx: Context): string | undefined {
  return ctx.tableAlias === undefined ? undefined : ctx.dialect.quoteIdentifier(ctx.tableAlias);
}

/** `tableAlias` when it is one the dialect can quote (a non-empty name without NUL); a TqlError otherwise. */
function checkedAlias(dialect: SqlDialect, alias: string | undefined): string | undefined {
  if (alias !== undefined) dialect.quoteIdentifier(alias);
  return alias;
}

function context(query: ValidatedQuery, options: CompileSqlOptions): Context {
  if (typeof options !== 'object' || options === null) throw optionError('compileSql needs options { dialect, mapping }.');
  const dialect = resolveDialect(options.dialect);
  // A folding the dialect cannot write (unicode on MySQL) is refused whether or not the query has a LIKE.
  const folding = caseFoldingFor(dialect, options.caseFolding);
  const entity = entityMapping(options.mapping, query.entity);
  const tableAlias = checkedAlias(dialect, options.tableAlias);
  // A dialect given by name is a built-in one; an object the caller passes may change.
  const fixed = typeof options.dialect === 'string' && isDefinedMapping(options.mapping) && madeByValidate(query);
  return {
    tableAlias,
    dialect,
    entity,
    folding,
    text: query.text,
    values: [],
    scope: scopeEntries(options.scope),
    targets: fixed ? targetCache(entity, dialect, folding, tableAlias) : undefined,
  };
}
