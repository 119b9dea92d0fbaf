/**
 * The words an OpenAPI document says of a list's `filter` parameter: every attribute of the
 * entity with its type, its operators and a filter that uses it, and how values are written, as
 * the endpoint's profile accepts them.
 */
import { predicate } from '../ast/builders.js';
import type { Operator } from '../ast/nodes.js';
import { print } from '../ast/print.js';
import { OPERATOR_FACTS, operatorsAllowed } from '../schema/operators.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import { PROFILE_DEFINITIONS, type Profile } from '../parser/profiles.js';
import type { Attribute, AttributeType, Entity, IdFormat, IdKind } from '../schema/types.js';
import { orList } from '../errors/wording.js';
import { firstFew } from '../tooling/describe.js';

/**
 * The operators of `attribute` that a filter under `profile` may use: none for a type the
 * profile leaves out (a Number under `timezest`).
 *
 * @example
 * ```ts
 * usableOperators(schedulingSchema.entities.agent.attributes.name, 'timezest'); // ['EQ', 'NOT_EQ', 'LIKE', 'NOT_LIKE', 'IN', 'NOT_IN']
 * ```
 */
export function usableOperators(attribute: Attribute, profile: Profile): Operator[] {
  const { allows } = PROFILE_DEFINITIONS[profile];
  // A type that is an extension (Number) has no usable operator under a profile that leaves it out.
  const extension = TYPE_FACTS[attribute.type].extension;
  if (extension !== undefined && !allows[extension]) return [];
  return operatorsAllowed(allows, attribute.operators);
}

/** The operators an example prefers, by type: the one a reader most likely wants first. */
const PREFERRED: { readonly [T in AttributeType]: (a: Attribute) => readonly Operator[] } = {
  ID: () => ['EQ', 'IN'],
  String: (a) => (a.values === undefined ? ['LIKE', 'STARTS_WITH', 'EQ'] : ['IN', 'EQ']),
  Timestamp: () => ['GTE', 'LT', 'EQ'],
  Boolean: () => ['EQ'],
  Number: () => ['GTE', 'LT', 'EQ', 'IN'],
};

/** Two values of each id format that a filter accepts, for examples. */
const ID_VALUES: { readonly [K in IdKind]: (format: Extract<IdFormat, { kind: K }>) => readonly [string, string] } = {
  prefixed: ({ prefix }) => [`${prefix}2FLuERxvOVglKiEzLbqW7`, `${prefix}W4hPN4gKvru7c4BWerF4d`],
  integer: () => ['250', '251'],
  uuid: () => ['0b5c2a8e-4f1d-4c3b-9a7e-2d6f8e1c4b3a', '7d1f3c9a-2b4e-4f6a-8c0d-5e7b9a1c3d2f'],
  text: () => ['abc123', 'def456'],
};

/** Two values of each type that a filter accepts, for examples. */
const VALUES: { readonly [T in AttributeType]: (a: Attribute) => readonly [string, string] } = {
  ID: (a) => (ID_VALUES[a.id!.kind] as (f: IdFormat) => readonly [string, string])(a.id!),
  String: (a) => (a.values !== undefined && a.values.length > 0 ? [a.values[0]!, a.values[1] ?? a.values[0]!] : ['example', 'other']),
  Timestamp: () => ['2024-01-01', '2024-07-01'],
  Boolean: () => ['true', 'false'],
  Number: () => ['10', '20'],
};

/**
 * A filter of one predicate on `attribute` that the endpoint accepts, in the readable style;
 * undefined when the profile lets no filter use it.
 *
 * @example
 * ```ts
 * exampleFilter(schedulingSchema.entities.scheduling_request.attributes.status, 'extended'); // 'scheduling_request.status IN new, sent'
 * exampleFilter(schedulingSchema.entities.agent.attributes.created_at, 'extended'); // 'agent.created_at GTE 2024-01-01'
 * ```
 */
export function exampleFilter(attribute: Attribute, profile: Profile): string | undefined {
  const usable = usableOperators(attribute, profile);
  const operator = PREFERRED[attribute.type](attribute).find((o) => usable.includes(o)) ?? usable[0];
  if (operator === undefined) return undefined;
  const [first, second] = VALUES[attribute.type](attribute);
  const values = OPERATOR_FACTS[operator].values === 'list' && second !== first ? [first, second] : [first];
  return print(predicate(attribute.path as `${string}.${string}`, operator, ...(values as [string, ...string[]])));
}

/** How each id format is written, in a few words. */
const ID_WORDS: { readonly [K in IdKind]: (format: Extract<IdFormat, { kind: K }>) => string } = {
  prefixed: ({ prefix }) => `id ${prefix}…`,
  integer: () => 'integer id',
  uuid: () => 'uuid',
  text: () => 'text id',
};

/** The type column of an attribute: its type, what values it has, whether it may have none. */
function typeCell(a: Attribute): string {
  // Only ID attributes have an id format: theirs says how the ids look.
  const parts = [a.id === undefined ? a.type : `${a.type} (${(ID_WORDS[a.id.kind] as (f: IdFormat) => string)(a.id)})`];
  if (a.collection) parts.push('any of several values');
  if (a.nullable) parts.push('nullable');
  if (a.values !== undefined) parts.push(`one of ${firstFew(a.values)}`);
  return parts.join(', ');
}

/** How values of each type are written; keyed by type, so a new type does not compile until it is described. */
const VALUE_WORDS: { readonly [T in AttributeType]: (ctx: { readonly relative: boolean; readonly timeZone: string }) => string } = {
  ID: () => 'the id as list responses show it.',
  String: () => 'a word, or a double-quoted string (`"Pat Smith"`, with `\\"` and `\\\\` inside); `LIKE` and the other text tests ignore case and read every character literally.',
  Timestamp: ({ relative, timeZone }) =>
    `Unix seconds (\`1700000000\`), a date (\`2024-01-01\`, its midnight) or a date and time (\`2024-01-01T09:30:00Z\`, or with an offset such as \`+02:00\`); without an offset, in ${timeZone}${relative ? '; or a time before now (`now-7d`; units s, m, h, d, w)' : ''}. Compared by the whole second.`,
  Boolean: () => '`true` or `false`.',
  Number: () => 'a decimal: `18`, `-1.5`, `2.5e3`.',
};

/**
 * Two predicates joined by AND, on attributes of two types, those with one value first: an
 * example that shows more than one predicate would.
 */
function overallExample(attributes: readonly Attribute[], examples: readonly (string | undefined)[]): string {
  const usable = attributes.map((a, i) => ({ a, example: examples[i] })).filter((x) => x.example !== undefined);
  const ordered = [...usable.filter((x) => !x.a.collection), ...usable.filter((x) => x.a.collection)];
  const first = ordered[0];
  const second = ordered.find((x) => x.a.type !== first?.a.type) ?? ordered[1];
  return [first, second].flatMap((x) => (x === undefined ? [] : [x.example!])).join(' AND ');
}

/** What a profile may leave out of the structure of a filter, in words. */
const REFUSED_WORDS = { or: '`OR`', parentheses: 'parentheses', not: '`NOT`', null: '`null`' } as const;

/** Inline code in Markdown, with a longer fence when the text holds a backtick. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** A table cell: a pipe would end it, a line break the row. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/**
 * The description of the `filter` parameter, in Markdown: how a filter reads under `profile`,
 * a table of every attribute of `entity` (type, operators, an example), what the operators mean
 * and how values are written.
 *
 * @example
 * ```ts
 * filterDescription(schedulingSchema.entities.agent, 'extended', 'UTC');
 * // 'A TQL filter over the attributes of agent: predicates `attribute OPERATOR value` …'
 * ```
 */
export function filterDescription(entity: Entity, profile: Profile, timeZone: string): string {
  const { allows } = PROFILE_DEFINITIONS[profile];
  const attributes = entity.attributeNames.map((n) => (entity.attributes as Record<string, Attribute>)[n]!);
  const examples = attributes.map((a) => exampleFilter(a, profile));
  const joined = overallExample(attributes, examples);
  const described = attributes.some((a) => a.description !== undefined);
  const rows = attributes.map((a, i) => {
    const ops = usableOperators(a, profile);
    const cells = [code(a.path), typeCell(a), ops.length === 0 ? `none: ${a.type} attributes are not filterable here` : ops.map(code).join(', '), examples[i] === undefined ? '' : code(examples[i]!)];
    if (described) cells.push(a.description ?? '');
    return `| ${cells.map(cell).join(' | ')} |`;
  });
  const used = new Set(attributes.flatMap((a) => usableOperators(a, profile)));
  const operators = (Object.keys(OPERATOR_FACTS) as Operator[]).filter((o) => used.has(o)).map((o) => `- ${code(o)}: ${OPERATOR_FACTS[o].meaning}.`);
  const types = [...new Set(attributes.filter((a) => usableOperators(a, profile).length > 0).map((a) => a.type))];
  const values = types.map((t) => `- ${t}: ${VALUE_WORDS[t]({ relative: allows.relative_time, timeZone })}`);
  if (allows.null && attributes.some((a) => a.nullable)) values.push('- `null`: `EQ null` matches the records of a nullable attribute without a value, `NOT_EQ null` those with one.');
  const refused = (Object.keys(REFUSED_WORDS) as (keyof typeof REFUSED_WORDS)[]).filter((e) => !allows[e]).map((e) => REFUSED_WORDS[e]);
  const joinedBy = allows.or ? 'joined by `AND` and `OR` (`AND` binds tighter)' : 'joined by `AND`';
  const grouped = allows.parentheses ? ', grouped with parentheses' : '';
  const negated = allows.not && allows.parentheses ? ', a group negated with `NOT (…)`' : '';
  const structure = `${joinedBy}${grouped}${negated}${refused.length === 0 ? '' : ` (this endpoint accepts no ${orList(refused)})`}`;
  return [
    `A TQL filter over the attributes of ${entity.name}: predicates \`attribute OPERATOR value\` ${structure}. Separate the words with spaces or \`~\`; \`IN\` and \`NOT_IN\` take a comma-separated list.${joined === '' ? '' : ` For example: ${code(joined)}.`}`,
    '',
    `| attribute | type | operators | example |${described ? ' description |' : ''}`,
    `| --- | --- | --- | --- |${described ? ' --- |' : ''}`,
    ...rows,
    '',
    'Operators:',
    '',
    ...operators,
    '',
    'Values:',
    '',
    ...values,
  ].join('\n');
}
