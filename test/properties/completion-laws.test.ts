/**
 * Laws of completion and hover:
 * - on any text and any offset they never throw, and an item replaces a range around the cursor;
 * - every item offered at any prefix of a valid query leads to a valid query: apply it, then keep
 *   taking the first candidate (a sample value where the schema offers none) until the query is
 *   whole, and `check` accepts it;
 * - the word the query has next is always among the candidates (attributes, operators, keywords,
 *   parentheses after a separator, and the values of a Boolean or a closed set).
 */
import { TEXT_OPERATORS } from '../../src/schema/operators.js';
import { fc, test } from '../support/property.js';
import { expect } from 'vitest';
import { safeCheck } from '../../src/api/check.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import type { Attribute } from '../../src/schema/types.js';
import { complete, type CompletionItem } from '../../src/tooling/completion.js';
import { hover } from '../../src/tooling/hover.js';
import { scan } from '../../src/tooling/scan.js';
import { arbTokenSoup } from './arbitraries/ast.js';
import { arbQueryText } from './arbitraries/valid-query.js';

/** Whether the word written as an operator is a text test (LIKE and kin), whose value is free text. */
const isTextTest = (word: string | undefined): boolean => (TEXT_OPERATORS as ReadonlySet<string | undefined>).has(word);

const arbEntity = fc.constantFrom(...schedulingSchema.entityNames);
const arbQuery = arbEntity.chain((e) => arbQueryText(e, 2));
const arbAnyText = fc.oneof(arbTokenSoup, fc.string({ maxLength: 40 }), arbQuery.map((q) => q.text));
const NOW = Date.UTC(2026, 10, 25);

test.prop([arbAnyText, fc.nat({ max: 60 }), arbEntity, fc.constantFrom('extended', 'timezest' as const)], { numRuns: 500 })(
  'never throws; every item replaces a range around the cursor',
  (text, offset, entity, profile) => {
    const at = Math.min(offset, text.length);
    for (const item of complete(text, at, schedulingSchema, entity, { profile, now: NOW }).items) {
      expect(item.replace.start).toBeLessThanOrEqual(at);
      expect(item.replace.end).toBeGreaterThanOrEqual(at);
      expect(item.replace.end).toBeLessThanOrEqual(text.length);
    }
    const h = hover(text, at, schedulingSchema, entity, { profile });
    if (h !== undefined) expect(h.span.start <= at && at <= h.span.end).toBe(true);
  },
);

/** A query and some of its prefixes' lengths: every prefix of a long query costs a completion each. */
const arbQueryAndCuts = arbQuery.chain((q) => fc.tuple(fc.constant(q), fc.uniqueArray(fc.nat({ max: q.text.length }), { minLength: 1, maxLength: 12 })));

test.prop([arbQueryAndCuts], { numRuns: 60 })('every item offered at a prefix of a valid query leads to a valid query', ([{ entity, text }, cuts]) => {
  for (const cut of cuts) {
    const prefix = text.slice(0, cut);
    for (const item of complete(prefix, cut, schedulingSchema, entity, { now: NOW }).items) {
      const applied = prefix.slice(0, item.replace.start) + item.insert + (item.incomplete ? 'A1' : '') + prefix.slice(item.replace.end);
      const finished = finish(applied, entity);
      expect(safeCheck(finished, schedulingSchema, entity).ok, `${JSON.stringify(prefix)} + ${item.label} → ${JSON.stringify(finished)}`).toBe(true);
    }
  }
});

test.prop([arbQuery], { numRuns: 150 })('the word a valid query has next is among the candidates', ({ entity, text }) => {
  const attributes = schedulingSchema.entities[entity].attributes as Record<string, Attribute>;
  scan(text, text.length, (token, before) => {
    const offered = complete(text.slice(0, token.start), token.start, schedulingSchema, entity, { now: NOW }).items.map((i) => i.label);
    const attribute = before.attribute === undefined ? undefined : attributes[before.attribute.split('.')[1]!];
    // A `)` right after a value is typed on, not completed: the word at the cursor is the value.
    const expected =
      token.role === 'attribute' || token.role === 'operator' || token.role === 'keyword' || token.role === 'open' || (token.role === 'close' && before.separated)
        ? true
        : token.role === 'value' && !token.quoted && !isTextTest(before.operator) && (attribute?.type === 'Boolean' || attribute?.values !== undefined)
          ? !before.values.includes(token.text)
          : false;
    // NOT is offered with the ( of its group.
    const label = token.role === 'open' ? '(' : token.role === 'close' ? ')' : token.role === 'keyword' && token.text === 'NOT' ? 'NOT (' : token.text;
    if (expected) expect(offered, `${JSON.stringify(text.slice(0, token.start))} then ${token.text}`).toContain(label);
  });
});

/**
 * Completes `text` the way a hurried user would: a separator where the grammar wants one, then
 * the first candidate (`)` first after a predicate), or a sample value where the schema offers
 * none, until `check` accepts it. At most a dozen steps: a query needs at most four per predicate
 * and one per open parenthesis.
 */
function finish(text: string, entity: SchedulingEntityName): string {
  let t = text;
  for (let step = 0; step < 12; step++) {
    if (safeCheck(t, schedulingSchema, entity).ok) return t;
    if (!/[\s~(,]$/.test(t) && t !== '') t += ' ';
    const items = complete(t, t.length, schedulingSchema, entity, { now: NOW }).items;
    const next = items.find((i) => i.label === ')') ?? items.find((i) => i.label !== '(' && !i.incomplete);
    t = next === undefined ? t + sampleValue(t, entity) : apply(t, next);
  }
  return t;
}

function apply(text: string, item: CompletionItem): string {
  return text.slice(0, item.replace.start) + item.insert + text.slice(item.replace.end);
}

/** A value of the attribute of the predicate `text` ends in, where completion offers none. */
function sampleValue(text: string, entity: SchedulingEntityName): string {
  const state = scan(text);
  const name = state.attribute?.split('.')[1];
  const a = name === undefined ? undefined : (schedulingSchema.entities[entity].attributes as Record<string, Attribute>)[name];
  if (a === undefined) return 'x';
  if (a.values !== undefined && !isTextTest(state.operator)) return a.values[0]!;
  if (a.id?.kind === 'prefixed') return `${a.id.prefix}A1`;
  return a.type === 'Number' || a.id?.kind === 'integer' ? '1' : 'x';
}
