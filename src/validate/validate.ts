/**
 * Checks a parsed query against one entity of a schema and produces the typed, normalized
 * {@link ValidatedQuery} that backends take. Every issue is collected, not just the first.
 */
import type { Expr, Operator, Predicate, Query, Span, TextValue, Value } from '../ast/nodes.js';
import type { ParsedText } from '../parser/parse.js';
import { TqlError, isTqlError, issue, optionError, returnedTqlError, type IssueInit, type TqlIssue } from '../errors/tql-error.js';
import { checkAfterParsing, resolveLimits } from '../parser/limits.js';
import { describeValue } from '../errors/describe-value.js';
import { readOption } from '../errors/read-options.js';
import { type Limits } from '../parser/options.js';
import { PROFILE_DEFINITIONS, PROFILES, type Extension, type Profile, type ProfileDefinition } from '../parser/profiles.js';
import { isSchema } from '../schema/define-schema.js';
import { skippedReason } from '../schema/skipped.js';
import { queryShapeError } from './tree-shape.js';
import { DEFAULT_OPERATORS, LIST_OPERATORS, NULL_OPERATORS, OPERATOR_FACTS, operatorInPlaceOf, type OperatorFacts } from '../schema/operators.js';
import type { ComparedOperator } from '../schema/operator-facts.js';
import type { Attribute, Entity, Schema } from '../schema/types.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import { closest, didYouMean } from '../errors/suggest.js';
import { orList, withArticle } from '../errors/wording.js';
import { isValidTimeZone } from './timestamp.js';
import { spanAcross } from '../ast/span.js';
import { validatedQuery, type Condition, type Scalar, type ValidatedQuery } from './validated-query.js';
import type { RelativeOffset } from './relative-time.js';
import { findBadCharacter, readValue, type ValueContext } from './values.js';

/** Options of {@link validate}: how to read the query's values. */
export interface ValidateOptions {
  /** Default `extended`. */
  readonly profile?: Profile | undefined;
  /** IANA zone for dates and datetimes written without an offset. Default `UTC`. */
  readonly timeZone?: string | undefined;
  /**
   * The size limits a tree built by hand (from client JSON, say) must keep, the same as a text's:
   * predicates, values per list, characters per value, nesting. The defaults are parse's.
   */
  readonly limits?: Partial<Limits> | undefined;
}

/**
 * What the `safe…` functions return instead of throwing.
 *
 * @example
 * ```ts
 * const r = safeCheck(text, schedulingSchema, 'agent');
 * const reply = r.ok ? { status: 200, query: r.value } : { status: 400, body: r.error.toJSON() };
 * ```
 */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: TqlError };

/**
 * Validates `query` for entity `entityName` of `schema`; throws a {@link TqlError} with every
 * issue found.
 *
 * @example
 * ```ts
 * const q = validate(parse('agent.two_factor_enabled EQ false'), schedulingSchema, 'agent');
 * q.condition; // { kind: 'Comparison', operator: 'EQ', value: false, attribute: …, span: … }
 * ```
 */
export function validate<S extends Schema>(
  query: Query,
  schema: S,
  entityName: S['entityNames'][number],
  options: ValidateOptions = {},
): ValidatedQuery {
  const r = validateTree(query, schema, entityName, options);
  if (r instanceof TqlError) throw r;
  return r;
}

/**
 * {@link validate} without throwing.
 *
 * @example
 * ```ts
 * const r = safeValidate(parse('agent.emial EQ x'), schedulingSchema, 'agent');
 * r.ok || r.error.issues.map((i) => i.code); // ['unknown_attribute']
 * ```
 */
export function safeValidate<S extends Schema>(
  query: Query,
  schema: S,
  entityName: S['entityNames'][number],
  options: ValidateOptions = {},
): Result<ValidatedQuery> {
  const r = validateTree(query, schema, entityName, options);
  return r instanceof TqlError ? { ok: false, error: r } : { ok: true, value: r };
}

/**
 * {@link validate} of what the parser has just made, whose shape needs no checking: the
 * validated query, or the error (returned, not thrown, and not wrapped in a result). Values the
 * parser saw to be plain (`ParsedText.plainValues`) are not scanned again. It takes the
 * `profile` and `timeZone` options as the caller (`check`) has already read them.
 *
 * @internal
 * @example
 * ```ts
 * const r = validateParsed(parseText(text, undefined), schedulingSchema, 'agent', undefined, 'Europe/Berlin');
 * ```
 */
export function validateParsed<S extends Schema>(
  parsed: ParsedText,
  schema: S,
  entityName: S['entityNames'][number],
  profile: Profile | undefined,
  timeZone: string | undefined,
): ValidatedQuery | TqlError {
  // resolveTarget's checks, in its order, without the Target object: a check needs only its parts.
  const entity = entityOf(schema, entityName);
  if (entity instanceof TqlError) return entity;
  const optionProblem = profileOrZoneError(profile, timeZone);
  if (optionProblem !== undefined) return optionProblem;
  return validateFor(parsed.query, schema, entity, profile ?? DEFAULT_PROFILE, timeZone ?? DEFAULT_ZONE, parsed.plainValues);
}

/** {@link validate} of a tree from anywhere: its shape and its limits are checked first. */
function validateTree(query: Query, schema: Schema, entityName: string, options: ValidateOptions): ValidatedQuery | TqlError {
  const target = resolveTarget(schema, entityName, options);
  if (target instanceof TqlError) return target;
  // `?? {}`: plain JavaScript callers may pass null where the types say undefined.
  const opts: ValidateOptions = options ?? {};
  const shapeError = queryShapeError(query);
  if (shapeError !== undefined) return shapeError;
  // parse() enforced the limits on the text; a tree from elsewhere must keep them too.
  const limits = returnedTqlError(() => resolveLimits(opts, 'validate'));
  if (limits instanceof TqlError) return limits;
  const limitError = treeLimitError(query, limits);
  if (limitError !== undefined) return limitError;
  return validateFor(query, schema, target.entity, target.profile, target.timeZone, false);
}

/** The walk of a tree of the right shape and within the limits, for a target already checked. */
function validateFor(query: Query, schema: Schema, entity: Entity, profile: Profile, timeZone: string, plainValues: boolean): ValidatedQuery | TqlError {
  const v = new Validator(query.text, schema, entity, PROFILE_DEFINITIONS[profile], timeZone, !plainValues);
  let condition: Condition;
  try {
    condition = v.expression(query.expression);
  } catch (error) {
    // Only a tree nested deeper than the call stack allows (limits.maxDepth raised very high).
    if (!(error instanceof RangeError)) throw error;
    return TqlError.of(query.text, { code: 'too_deep', message: 'The query nests too deeply to be validated; remove some parentheses.', span: { start: 0, end: query.text.length } });
  }
  if (v.issues !== undefined) {
    const sorted = [...v.issues].sort((a, b) => a.span.start - b.span.start);
    return new TqlError(query.text, sorted as [TqlIssue, ...TqlIssue[]]);
  }
  return validatedQuery(entity, condition, query.text, v.fromNow);
}

/** The entity, profile and time zone a query is checked for, once the options are checked. */
export interface Target {
  readonly entity: Entity;
  readonly profile: Profile;
  readonly timeZone: string;
}

/**
 * Checks what validation and the editor tools are asked to work for: a schema made by
 * `defineSchema`, one of its entities, a known profile and an IANA time zone.
 *
 * @example
 * ```ts
 * resolveTarget(schedulingSchema, 'agent', { profile: 'timezest' }); // { entity, profile: 'timezest', timeZone: 'UTC' }
 * resolveTarget(schedulingSchema, 'agents', {}); // TqlError invalid_option: The schema has no entity "agents". Did you mean "agent"? …
 * ```
 */
export function resolveTarget(schema: Schema, entityName: string, options: Pick<ValidateOptions, 'profile' | 'timeZone'> | undefined): Target | TqlError {
  const entity = entityOf(schema, entityName);
  if (entity instanceof TqlError) return entity;
  // Read once through the guard: a getter or proxy trap that throws is an invalid_option.
  let givenProfile: unknown;
  let givenZone: unknown;
  try {
    givenProfile = readOption('validate', options, 'profile');
    givenZone = readOption('validate', options, 'timeZone');
  } catch (error) {
    if (isTqlError(error)) return error;
    throw error;
  }
  const problem = profileOrZoneError(givenProfile, givenZone);
  if (problem !== undefined) return problem;
  return { entity, profile: (givenProfile ?? DEFAULT_PROFILE) as Profile, timeZone: (givenZone ?? DEFAULT_ZONE) as string };
}

const DEFAULT_PROFILE: Profile = 'extended';
const DEFAULT_ZONE = 'UTC';

/** The entity named `entityName` of `schema`, or the error saying that the schema was not made by `defineSchema` or has no such entity. */
function entityOf(schema: Schema, entityName: string): Entity | TqlError {
  if (!isSchema(schema)) return optionError('The schema was not made by defineSchema(); build it with defineSchema({ entities: … }).');
  const entities = schema.entities as Readonly<Record<string, Entity>>;
  const entity = typeof entityName === 'string' && Object.hasOwn(entities, entityName) ? entities[entityName] : undefined;
  if (entity !== undefined) return entity;
  const guess = typeof entityName === 'string' ? closest(entityName, schema.entityNames) : undefined;
  return optionError(`The schema has no entity ${describeValue(entityName)}.${didYouMean(guess)} Entities: ${schema.entityNames.join(', ')}.`);
}

/** The error of a profile or time zone given that is not one, or undefined (left out, either is the default). */
function profileOrZoneError(givenProfile: unknown, givenZone: unknown): TqlError | undefined {
  const profile: unknown = givenProfile ?? DEFAULT_PROFILE;
  if (!(PROFILES as readonly unknown[]).includes(profile)) {
    return optionError(`The profile is ${PROFILES.map((p) => `"${p}"`).join(' or ')}, not ${describeValue(profile)}.`);
  }
  const timeZone: unknown = givenZone ?? DEFAULT_ZONE;
  if (typeof timeZone !== 'string' || !isValidTimeZone(timeZone)) {
    return optionError(`${describeValue(timeZone)} is not an IANA time zone this runtime knows (for example "Europe/Berlin" or "UTC").`);
  }
  return undefined;
}

/**
 * The limits error of a hand-built tree, or undefined: first its nesting, counted as its printed
 * text would nest (a `Group`, a `Not`, or an operand the printer must parenthesize), with an explicit
 * stack so that no depth overflows the call stack; then, within that depth, the sizes.
 */
function treeLimitError(query: Query, limits: Limits): TqlError | undefined {
  const stack: [Expr, number][] = [[query.expression, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > limits.maxDepth) {
      return TqlError.of(query.text, {
        code: 'too_deep',
        message: `The query nests more than ${limits.maxDepth} levels deep here; flatten it, or raise limits.maxDepth.`,
        span: node.span,
      });
    }
    if (node.kind === 'Group' || node.kind === 'Not') stack.push([node.expression, depth + 1]);
    else if (node.kind === 'And' || node.kind === 'Or') {
      for (const o of node.operands as readonly Expr[]) {
        const parenthesized = o.kind === 'Or' || (o.kind === 'And' && node.kind === 'And');
        stack.push([o, parenthesized ? depth + 1 : depth]);
      }
    }
  }
  const error = returnedTqlError(() => checkAfterParsing(query, limits));
  return error instanceof TqlError ? error : undefined;
}

/** Walks the tree once, building the condition and collecting every issue; it is also the context values are read in. */
class Validator implements ValueContext {
  /** Made by the first issue: a valid query, the common case, needs no array. */
  issues: TqlIssue[] | undefined = undefined;
  /** Whether a comparison holds a relative time (`now-7d`). */
  fromNow = false;
  private readonly byLength: AttributesByLength;

  constructor(
    private readonly text: string,
    private readonly schema: Schema,
    private readonly entity: Entity,
    private readonly profile: ProfileDefinition,
    readonly timeZone: string,
    /** False when the parser saw that no value holds a character to reject. */
    private readonly scanValues: boolean,
  ) {
    this.byLength = attributesByLength(entity);
  }

  get idNames(): Readonly<Record<string, string>> {
    return this.schema.ids;
  }

  expression(e: Expr): Condition {
    switch (e.kind) {
      case 'Predicate':
        return byComplement(this.predicate(e));
      case 'Group':
        if (!this.allows('parentheses')) this.refuse(e.span, 'Parentheses are', 'write the conditions joined by AND only');
        return this.expression(e.expression);
      case 'Not':
        if (!this.allows('not')) this.refuse(notSpan(e), 'NOT is', 'negate each predicate with its operator (NOT_EQ, NOT_LIKE, NOT_IN)');
        return { kind: 'Not', operand: this.expression(e.expression), span: e.span };
      case 'And':
        return { kind: 'And', operands: this.operands('And', e.operands) };
      case 'Or':
        if (!this.allows('or')) this.refuse(orSpan(this.text, e), 'OR is', 'run one query per alternative');
        return { kind: 'Or', operands: this.operands('Or', e.operands) };
    }
  }

  /** The conditions of an AND's or OR's operands; those of a nested AND in an AND (OR in an OR) join the list. */
  private operands(kind: 'And' | 'Or', operands: readonly Expr[]): Condition[] {
    const out: Condition[] = [];
    for (const operand of operands) {
      const c = this.expression(operand);
      if (c.kind === kind) {
        for (const inner of c.operands) out.push(inner);
      } else out.push(c);
    }
    return out;
  }

  private report(init: IssueInit): void {
    (this.issues ??= []).push(issue(this.text, init));
  }

  /**
   * Whether the profile allows `extension`. Asked before {@link refuse}, so that a query within
   * the profile, the common case, makes no span or message for a refusal.
   */
  private allows(extension: Extension): boolean {
    return this.profile.allows[extension];
  }

  /** Reports what is at `span` as outside the profile. */
  private refuse(span: Span, what: string, instead: string): void {
    this.report({
      code: 'profile_violation',
      message: `${what} not part of the ${this.profile.name} profile, which ${this.profile.summary}; ${instead}, or use the extended profile.`,
      span,
    });
  }

  private predicate(p: Predicate): Condition {
    const attribute = this.attribute(p);
    const op = p.operator.name;
    for (const v of p.values) {
      if (v.kind === 'Null') {
        if (!this.allows('null')) this.refuse(v.span, 'null is', 'leave the predicate out');
      } else if (this.scanValues) {
        const bad = findBadCharacter(v.text);
        if (bad !== undefined) this.report({ code: 'invalid_character', message: `Values cannot contain ${bad}; remove it.`, span: v.span });
      }
    }
    if (attribute === undefined) return PLACEHOLDER;
    const typeExtension = TYPE_FACTS[attribute.type].extension;
    if (typeExtension !== undefined && !this.allows(typeExtension)) {
      this.refuse(p.attribute.span, `${attribute.path} is ${withArticle(attribute.type)}, and ${attribute.type} attributes are`, 'leave the predicate out');
    }
    if (!attribute.operators.includes(op)) {
      // A schema may narrow a type's operators: then the attribute, not its type, is the reason.
      const narrowed = attribute.operators.length < DEFAULT_OPERATORS[attribute.type].length ? ' on this attribute' : ` on ${withArticle(attribute.type)}`;
      this.report({
        code: 'operator_not_allowed',
        message: `${op} is not allowed${narrowed} (${attribute.path}); use ${orList(attribute.operators)}.`,
        span: p.operator.span,
        suggestion: closest(op, attribute.operators),
      });
      return PLACEHOLDER;
    }
    const facts = OPERATOR_FACTS[op];
    if (facts.extension !== undefined && !this.allows(facts.extension)) this.refuse(p.operator.span, `${op} is`, inPlaceOf(op, attribute));
    if (LIST_OPERATORS.has(op)) {
      const values = this.listValues(attribute, p.values);
      return { kind: 'Comparison', operator: op as 'IN' | 'NOT_IN', attribute, value: values, span: p.span };
    }
    if (p.values.length > 1) {
      const listOp = facts.listForm;
      const hint =
        listOp !== undefined && attribute.operators.includes(listOp)
          ? `to match any of several values use ${listOp}`
          : 'to compare with several values, join predicates with OR';
      this.report({
        code: 'list_not_allowed',
        message: `${op} takes one value, but ${p.values.length} were given; ${hint}.`,
        span: spanAcross(p.values),
        suggestion: listOp !== undefined && attribute.operators.includes(listOp) ? listOp : undefined,
      });
      return PLACEHOLDER;
    }
    const value = p.values[0];
    if (value.kind === 'Null') {
      if (!NULL_OPERATORS.has(op)) {
        this.report({ code: 'null_not_allowed', message: `null can only be compared with EQ or NOT_EQ, not ${op}.`, span: value.span });
      } else if (!attribute.nullable) {
        this.report({
          code: 'null_not_allowed',
          message: `${attribute.path} is never null, so comparing it with null is always ${facts.negated ? 'true' : 'false'}; to compare with the text null, write "null".`,
          span: value.span,
        });
      }
      return { kind: 'Comparison', operator: op as 'EQ' | 'NOT_EQ', attribute, value: null, span: p.span };
    }
    const scalar = this.scalar(attribute, value, facts.compares === 'equality');
    if (typeof scalar === 'object') {
      // A relative time: the offset stays in the query, and each compile adds its clock's instant.
      this.fromNow = true;
      return { kind: 'Comparison', operator: op, attribute, value: scalar.relative, fromNow: true, span: p.span } as Condition;
    }
    return { kind: 'Comparison', operator: op, attribute, value: scalar, span: p.span } as Condition;
  }

  private listValues(attribute: Attribute, values: readonly Value[]): Scalar[] {
    const out: Scalar[] = [];
    for (const v of values) {
      if (v.kind === 'Null') {
        this.report({
          code: 'null_not_allowed',
          message: `null cannot be in a list; write ${attribute.path} EQ null OR ${attribute.path} IN … instead.`,
          span: v.span,
        });
      } else {
        const scalar = this.scalar(attribute, v, true);
        if (typeof scalar !== 'object') out.push(scalar);
        else this.report({ code: 'invalid_value', message: `A relative time cannot be in a list; compare ${attribute.path} with ${v.text} by EQ, joined by OR.`, span: v.span });
      }
    }
    return out;
  }

  /** Reads one value; on error reports it and returns a stand-in so checking can go on. */
  private scalar(attribute: Attribute, v: TextValue, equality: boolean): Scalar | RelativeOffset {
    const r = readValue(v.text, attribute, this);
    if (typeof r === 'object' && 'relative' in r) {
      if (!this.allows('relative_time')) this.refuse(v.span, `A relative time (${v.text}) is`, 'write the instant (Unix seconds or a date)');
      return r;
    }
    if (typeof r === 'object') {
      this.report({ code: r.code, message: r.message, span: v.span, suggestion: r.suggestion });
      return v.text;
    }
    if (equality && attribute.values !== undefined && !attribute.values.includes(v.text)) {
      const guess = closest(v.text, attribute.values);
      this.report({
        code: 'value_not_allowed',
        message: `${describeValue(v.text)} is not a value of ${attribute.path}, which is one of ${attribute.values.join(', ')}.${didYouMean(guess)}`,
        span: v.span,
        suggestion: guess,
      });
    }
    return r;
  }

  private attribute(p: Predicate): Attribute | undefined {
    const ref = p.attribute;
    const own = this.entity.attributes as Readonly<Record<string, Attribute>>;
    if (ref.entity === this.entity.name) {
      const a = findAttribute(this.byLength, ref.property);
      if (a !== undefined) return a;
      const guess = closest(ref.property, this.entity.attributeNames);
      const skipped = skippedReason(this.schema, `${this.entity.name}.${ref.property}`);
      const why = skipped === undefined ? '' : ` The schema's derivation skipped the field ${ref.property}: ${skipped.replace(/\.$/, '')}.`;
      this.report({
        code: 'unknown_attribute',
        message: `${this.entity.name} has no attribute ${ref.property}.${why}${didYouMean(guess && `${this.entity.name}.${guess}`)} Filterable: ${this.entity.attributeNames.join(', ')}.`,
        span: ref.span,
        suggestion: guess && `${this.entity.name}.${guess}`,
      });
      return undefined;
    }
    const entities = this.schema.entities as Readonly<Record<string, Entity>>;
    const prefixSpan = { start: ref.span.start, end: ref.span.start + ref.entity.length };
    const sameProperty = Object.hasOwn(own, ref.property) ? `${this.entity.name}.${ref.property}` : undefined;
    // What the user wrote comes first, then why it cannot be, then what to write instead.
    const written = `${ref.entity}.${ref.property}`;
    const write = `this query filters ${this.entity.name}, so write ${this.entity.name}.<attribute>.`;
    if (Object.hasOwn(entities, ref.entity)) {
      this.report({
        code: 'wrong_entity',
        message: `${written}: ${ref.entity} is another entity of this schema; ${write}${didYouMean(sameProperty)}`,
        span: prefixSpan,
        suggestion: sameProperty,
      });
      return undefined;
    }
    const guess = closest(ref.entity, [this.entity.name]);
    const fix = guess !== undefined && sameProperty !== undefined ? sameProperty : undefined;
    this.report({
      code: 'unknown_entity',
      message: `${written}: ${describeValue(ref.entity)} is not an entity of this schema; ${write}${didYouMean(fix)}`,
      span: prefixSpan,
      suggestion: fix,
    });
    return undefined;
  }
}

/**
 * An entity's attributes by the length of their name. The names in a parsed query are new
 * strings cut from its text: looking one up by hash (an object key, a Map) first hashes it,
 * which costs more than comparing it with the one or two names of the same length.
 */
type AttributesByLength = readonly (readonly Attribute[] | undefined)[];

const byLengthOf = new WeakMap<Entity, AttributesByLength>();

function attributesByLength(entity: Entity): AttributesByLength {
  let index = byLengthOf.get(entity);
  if (index === undefined) {
    const built: Attribute[][] = [];
    const attributes = entity.attributes as Readonly<Record<string, Attribute>>;
    for (const name of entity.attributeNames) (built[name.length] ??= []).push(attributes[name]!);
    index = built;
    byLengthOf.set(entity, index);
  }
  return index;
}

/** The attribute named `name`, if the entity has one. */
function findAttribute(index: AttributesByLength, name: string): Attribute | undefined {
  const candidates = index[name.length];
  if (candidates !== undefined) {
    for (const a of candidates) if (a.name === name) return a;
  }
  return undefined;
}

/** A stand-in condition for a predicate that had issues; never returned to callers. */
const PLACEHOLDER: Condition = Object.freeze({ kind: 'And', operands: Object.freeze([]) });

/** The span of the `NOT` keyword: the first three characters of a parsed negation, all of a built one. */
function notSpan(e: Expr & { kind: 'Not' }): Span {
  return e.span.end - e.span.start >= 3 ? { start: e.span.start, end: e.span.start + 3 } : e.span;
}

/** The span of the first `OR` keyword between the first two operands. */
function orSpan(text: string, e: Expr & { kind: 'Or' }): Span {
  const from = e.operands[0].span.end;
  const at = text.indexOf('OR', from);
  return at >= 0 && at < e.operands[1].span.start ? { start: at, end: at + 2 } : e.span;
}

/**
 * What to write instead of `op` where the profile leaves it out: the operator of no extension
 * that tests the same way, if `attribute` takes it (`STARTS_WITH` → `LIKE`), else to leave the
 * predicate out.
 */
function inPlaceOf(op: Operator, attribute: Attribute): string {
  const instead = operatorInPlaceOf(op);
  if (instead === undefined || !attribute.operators.includes(instead)) return 'leave the predicate out';
  const facts = OPERATOR_FACTS[instead];
  if (facts.place !== 'anywhere') return `use ${instead}`;
  return facts.negated ? `use ${instead}, which finds the records without the value anywhere in the text` : `use ${instead}, which finds the value anywhere in the text`;
}

/**
 * `a NOT_X v` for an operator compiled as its complement's negation (`byComplement`):
 * `NOT (a X v)`, which every backend writes as the exact complement (language rule 2: records
 * without a value match). The comparison was checked under the operator written, whose facts
 * (values, null, types) are its complement's.
 */
function byComplement(condition: Condition): Condition {
  if (condition.kind !== 'Comparison') return condition;
  const facts: OperatorFacts = OPERATOR_FACTS[condition.operator];
  if (facts.byComplement !== true) return condition;
  return { kind: 'Not', operand: { ...condition, operator: facts.complement as ComparedOperator } as Condition, span: condition.span };
}
