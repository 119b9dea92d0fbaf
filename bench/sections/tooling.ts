/**
 * Editor tooling: what one completion or hover costs, at the cursor positions an editor asks for
 * most, beside `check` of the same text without its cache (the work an editor already does on
 * every keystroke to underline errors). Completion and hover read the whole text once, so they
 * grow with the text like check does.
 */
import { compare, type Alternative } from '../harness/compare.js';
import type { Section } from '../report/results.js';
import type { Settings } from '../settings.js';
import { check, complete, hover, schedulingSchema } from '../tql.js';
import { UNCACHED } from './parse.js';
import { measuredRow } from './rows.js';

/** Texts as a person has them half-typed, the cursor at their end, and a valid completion of each. */
const CASES = [
  { id: 'start', title: 'an empty filter: every attribute', text: '', completed: 'agent.name EQ x', entity: 'agent' },
  { id: 'attribute', title: 'a half-typed attribute', text: 'agent.two_factor_enabled EQ true AND agent.na', completed: 'me LIKE x', entity: 'agent' },
  { id: 'value', title: 'a list of a closed set', text: 'scheduling_request.status IN new,', completed: 'sent', entity: 'scheduling_request' },
  {
    id: 'long',
    title: 'the end of a 12-predicate filter',
    text: Array.from({ length: 12 }, (_, i) => `scheduling_request.end_user_name LIKE n${i}`).join(' AND ') + ' AND scheduling_request.status EQ ',
    completed: 'sent',
    entity: 'scheduling_request',
  },
] as const;

/**
 * One group per case: completion, hover on the last word (where there is one), and `check`
 * without its cache.
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
    const alternatives: Alternative[] = [
      { id: 'check', label: `check of the completed text (cache: false)`, work: { kind: 'call', fn: (t) => check(t as string, schedulingSchema, c.entity, UNCACHED), input: c.text + c.completed } },
      { id: 'complete', label: 'complete at the end', work: { kind: 'call', fn: (t) => complete(t as string, at, schedulingSchema, c.entity), input: c.text } },
    ];
    // An empty text has no word to hover on: that call would measure an early return.
    if (at > 0) alternatives.push({ id: 'hover', label: 'hover on the last word', work: { kind: 'call', fn: (t) => hover(t as string, at - 1, schedulingSchema, c.entity), input: c.text } });
    const measured = compare(alternatives, settings.callPlan);
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
