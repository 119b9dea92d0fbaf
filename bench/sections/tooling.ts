/**
 * Editor tooling: what one completion or hover costs, at the cursor positions an editor asks for
 * most, beside `check` of the same text without its cache (the work an editor already does on
 * every keystroke to underline errors). Completion and hover read the whole text once, so they
 * grow with the text like check does.
 */
import { compare } from '../harness/compare.js';
import type { Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import { check, complete, hover, schedulingSchema } from '../tql.js';
import { measuredRow } from './rows.js';

/** Texts as a person has them half-typed, and the cursor at their end. */
const CASES = [
  { id: 'start', title: 'an empty filter: every attribute', text: '', entity: 'agent' },
  { id: 'attribute', title: 'a half-typed attribute', text: 'agent.two_factor_enabled EQ true AND agent.na', entity: 'agent' },
  { id: 'value', title: 'a list of a closed set', text: 'scheduling_request.status IN new,', entity: 'scheduling_request' },
  {
    id: 'long',
    title: 'the end of a 12-predicate filter',
    text: Array.from({ length: 12 }, (_, i) => `scheduling_request.end_user_name LIKE n${i}`).join(' AND ') + ' AND scheduling_request.status EQ ',
    entity: 'scheduling_request',
  },
] as const;

/**
 * One group per case: completion, hover on the last word, and `check` without its cache.
 *
 * @example
 * ```ts
 * toolingSection(settings).groups.map((g) => g.id); // ['start', 'attribute', 'value', 'long']
 * ```
 */
export function toolingSection(settings: Settings): Section {
  const groups = CASES.map((c) => {
    settings.log(`tooling: ${c.title}`);
    const at = c.text.length;
    const valid = `${c.text}${c.id === 'value' || c.id === 'long' ? 'sent' : c.id === 'attribute' ? 'me LIKE x' : 'agent.name EQ x'}`;
    const measured = compare(
      [
        { id: 'check', label: `check of the completed text (cache: false)`, work: { kind: 'call', fn: (t) => check(t as string, schedulingSchema, c.entity, { cache: false }), input: valid } },
        { id: 'complete', label: 'complete at the end', work: { kind: 'call', fn: (t) => complete(t as string, at, schedulingSchema, c.entity), input: c.text } },
        { id: 'hover', label: 'hover on the last word', work: { kind: 'call', fn: (t) => hover(t as string, Math.max(0, at - 1), schedulingSchema, c.entity), input: c.text } },
      ],
      settings.callPlan,
    );
    return { id: c.id, title: c.title, size: null, rows: measured.map((m) => measuredRow(m, null)) };
  });
  return {
    id: 'tooling',
    title: 'Editor tooling (completion, hover)',
    about:
      'One completion and one hover with the cursor at the end of a half-typed filter, against check() without its cache on the same text completed. ' +
      'An editor calls them on a keystroke or a pause; microseconds leave the frame budget to the page.',
    unit: 'ns',
    ratioTo: 'the first row of each group',
    perUnitLabel: null,
    groups,
  };
}
