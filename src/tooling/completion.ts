/**
 * Completion: what can come next at a cursor, from the schema. Works on any text, complete or
 * not, valid or not: the lenient scan (scan.ts) says what the grammar takes at the cursor, the
 * schema says which attributes, operators and values fit there.
 */
import { OPERATORS } from '../ast/nodes.js';
import { text as textValue } from '../ast/builders.js';
import { printValue } from '../ast/print.js';
import { PROFILE_DEFINITIONS, type Profile } from '../parser/profiles.js';
import { OPERATOR_FACTS, operatorsAllowed } from '../schema/operators.js';
import { TqlError } from '../errors/tql-error.js';
import { TYPE_FACTS } from '../schema/type-facts.js';
import type { Attribute, AttributeType, Entity, Schema } from '../schema/types.js';
import { resolveTarget } from '../validate/validate.js';
import { attributeOf, attributeSummary, KEYWORD_MEANINGS, operatorOf } from './describe.js';
import { toolingNow } from './tooling-now.js';
import { optionsOf, textAndOffset } from './arguments.js';
import { cursorAt, typedPrefix, type ScanState, type Token } from './scan.js';

/** What a candidate is. */
export type CompletionKind = 'attribute' | 'operator' | 'value' | 'keyword' | 'punctuation';

/** One candidate. */
export interface CompletionItem {
  /** What a menu shows: `agent.name`, `EQ`, `true`. */
  readonly label: string;
  readonly kind: CompletionKind;
  /** The text that replaces `replace` (a value quoted when it must be). */
  readonly insert: string;
  /** The range of the text it replaces: the word at the cursor, or an empty range at it. */
  readonly replace: { readonly start: number; readonly end: number };
  /** Its type and operators, its meaning, or how a value is read. */
  readonly detail: string;
  /** True when the insert only starts a value (an id prefix): the rest is to be typed. */
  readonly incomplete?: true;
}

/** Options of {@link complete}. */
export interface CompleteOptions {
  /** The profile the query will be checked with: `timezest` offers no `OR`, `(`, `NOT (` or `null`. */
  readonly profile?: Profile | undefined;
  /**
   * The time offered as a timestamp value, in Unix milliseconds from 0 to the end of the year
   * 9999 (what a query can write). Default: now.
   */
  readonly now?: number | undefined;
}

/** The candidates at a cursor. */
export interface Completions {
  readonly items: CompletionItem[];
}

type Range = CompletionItem['replace'];
type Allows = (typeof PROFILE_DEFINITIONS)[Profile]['allows'];

/**
 * The candidates for the cursor at `offset` in `text`, a filter of `entity`: attributes where a
 * predicate starts, the operators the attribute allows after it, the values that fit after an
 * operator, `AND`/`OR`/`)` after a value. The word at the cursor narrows them (case does not
 * matter) and is what an item replaces. Never throws for any text and offset; an unknown entity or
 * profile, or a `now` outside 1970–9999, is a {@link TqlError} (`invalid_option`), as in `check`;
 * a text that is not a string or an offset that is not a number is `invalid_input`.
 *
 * @example
 * ```ts
 * complete('agent.two_factor_enabled EQ ', 28, schedulingSchema, 'agent').items.map((i) => i.label); // → ['true', 'false']
 * complete('agent.na', 8, schedulingSchema, 'agent').items[0]!.insert; // → 'agent.name'
 * complete('scheduling_request.status IN new,', 33, schedulingSchema, 'scheduling_request').items.some((i) => i.label === 'new'); // → false
 * ```
 */
export function complete<S extends Schema>(
  text: string,
  offset: number,
  schema: S,
  entity: S['entityNames'][number],
  options: CompleteOptions = {},
): Completions {
  const { text: t, at } = textAndOffset('complete', text, offset);
  const opts = optionsOf('complete', options, ['profile', 'now']);
  const target = resolveTarget(schema, entity, opts);
  if (target instanceof TqlError) throw target;
  const now = toolingNow(opts.now);
  const cursor = cursorAt(t, at);
  const word = wordToReplace(cursor.token, at);
  const state = word === undefined ? cursor.here : cursor.before;
  const range = word === undefined ? { start: at, end: at } : { start: word.start, end: word.end };
  const prefix = word === undefined ? '' : typedPrefix(t, word, at).toLowerCase();
  const allows = PROFILE_DEFINITIONS[target.profile].allows;
  const ctx: Context = { entity: target.entity, state, range, allows, now, sep: t.includes('~') && !t.includes(' ') ? '~' : ' ' };
  const items = CANDIDATES[state.expect](ctx).filter((item) => matches(item, prefix));
  return { items };
}

/** The end of 9999-12-31 in Unix milliseconds: a query writes a date with a four-digit year. */

/** The word an item replaces: none after a closing quote, where the value is done and the next word starts. */
function wordToReplace(token: Token | undefined, at: number): Token | undefined {
  return token?.closed === true && at === token.end ? undefined : token;
}

interface Context {
  readonly entity: Entity;
  readonly state: ScanState;
  readonly range: Range;
  readonly allows: Allows;
  readonly now: number;
  /** The separator the text uses: `~` in a URL-style text, else a space. */
  readonly sep: ' ' | '~';
}

const CANDIDATES: { readonly [E in ScanState['expect']]: (ctx: Context) => CompletionItem[] } = {
  primary: ({ entity, range, allows, sep }) => {
    const items: CompletionItem[] = [];
    for (const name of entity.attributeNames) {
      const a = (entity.attributes as Record<string, Attribute>)[name]!;
      const extension = TYPE_FACTS[a.type].extension;
      if (extension !== undefined && !allows[extension]) continue;
      items.push({ label: a.path, kind: 'attribute', insert: a.path, replace: range, detail: attributeSummary(a) });
    }
    if (allows.parentheses) items.push({ label: '(', kind: 'punctuation', insert: '(', replace: range, detail: 'a group: (… OR …)' });
    // The keyword and its group together: NOT applies only to a group.
    if (allows.not) items.push({ label: 'NOT (', kind: 'keyword', insert: `NOT${sep}(`, replace: range, detail: KEYWORD_MEANINGS.NOT });
    return items;
  },
  group: ({ range }) => [{ label: '(', kind: 'punctuation', insert: '(', replace: range, detail: 'the group NOT negates' }],
  operator: ({ entity, state, range, allows }) => {
    const a = attributeOf(entity, state.attribute);
    const operators = operatorsAllowed(allows, a?.operators ?? OPERATORS);
    return operators.map((op) => ({ label: op, kind: 'operator', insert: op, replace: range, detail: OPERATOR_FACTS[op].detail }));
  },
  value: valueItems,
  joiner: ({ state, range, allows, sep }) => {
    // `AND` and `OR` need a separator before them (`)` does not): the text's own style.
    const space = state.separated ? '' : sep;
    const items: CompletionItem[] = [{ label: 'AND', kind: 'keyword', insert: `${space}AND`, replace: range, detail: KEYWORD_MEANINGS.AND }];
    if (allows.or) items.push({ label: 'OR', kind: 'keyword', insert: `${space}OR`, replace: range, detail: KEYWORD_MEANINGS.OR });
    if (state.depth > 0) items.push({ label: ')', kind: 'punctuation', insert: ')', replace: range, detail: 'closes the group' });
    return items;
  },
};

function valueItems({ entity, state, range, allows, now }: Context): CompletionItem[] {
  const a = attributeOf(entity, state.attribute);
  if (a === undefined) return [];
  const op = operatorOf(state.operator);
  const facts = op === undefined ? undefined : OPERATOR_FACTS[op];
  const value: ValueItem = (v, detail) => ({ label: v, kind: 'value', insert: printValue(textValue(v)), replace: range, detail });
  // A text test (LIKE and kin) looks for a part of a text: whole values are not offered.
  const items: CompletionItem[] = facts?.compares === 'text' ? [] : TYPE_VALUES[a.type](a, { state, allows, now }, value);
  if (a.nullable && allows.null && (facts === undefined || facts.takesNull) && state.values.length === 0) {
    items.push({ label: 'null', kind: 'value', insert: 'null', replace: range, detail: `no value: ${a.path} is nullable` });
  }
  return items;
}

/** A value item with its label and detail. */
type ValueItem = (v: string, detail: string) => CompletionItem;

/** The values each type offers; keyed by type, so a new type does not compile until decided. */
const TYPE_VALUES: { readonly [T in AttributeType]: (a: Attribute, ctx: Pick<Context, 'state' | 'allows' | 'now'>, value: ValueItem) => CompletionItem[] } = {
  ID: (a, _ctx, value) => (a.id?.kind === 'prefixed' ? [{ ...value(a.id.prefix, `an id: ${a.id.prefix} followed by letters and digits`), incomplete: true }] : []),
  String: (a, { state }, value) => {
    // In a list, the values already in it are not offered again.
    const listed = new Set(state.values);
    return (a.values ?? []).filter((v) => !listed.has(v)).map((v) => value(v, `one of the values of ${a.path}`));
  },
  Timestamp: (_a, { now, allows }, value) => timestampItems(now, value, allows.relative_time),
  Boolean: (_a, _ctx, value) => [value('true', 'Boolean'), value('false', 'Boolean')],
  Number: () => [],
};

function timestampItems(now: number, value: ValueItem, relative: boolean): CompletionItem[] {
  const iso = new Date(Math.floor(now / 1000) * 1000).toISOString();
  const items = [
    value(iso.slice(0, 10), 'a date: midnight of that day in the query’s time zone'),
    value(`${iso.slice(0, 19)}Z`, 'a date and time in UTC (Z), or with an offset such as +02:00'),
    value(String(Math.floor(now / 1000)), 'Unix seconds (not milliseconds)'),
  ];
  // Relative times stay current in a saved filter: each compile counts from its own clock.
  if (relative) items.push(value('now-1d', 'a day before the instant the query is compiled (units s m h d w)'), value('now-7d', 'a week before the instant the query is compiled'));
  return items;
}

/** An item fits the word typed so far when its label starts with it, or its attribute name does. */
function matches(item: CompletionItem, prefix: string): boolean {
  if (prefix === '') return true;
  const label = item.label.toLowerCase();
  if (label.startsWith(prefix)) return true;
  const dot = label.indexOf('.');
  return item.kind === 'attribute' && dot >= 0 && label.startsWith(prefix, dot + 1);
}
