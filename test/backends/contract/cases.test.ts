/**
 * The contract cases as a map of docs/language.md: every case names a rule of "What a filter
 * matches", every rule there has a case, and the rule names the runners' titles use are the page's.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CONTRACT_CASES, LANGUAGE_RULES, rulesOf, type LanguageRule } from './cases.js';

/** The numbered rules of the section, as `number → bold name` (`6 → Timestamps`). */
function documentedRules(): Map<number, string> {
  const page = readFileSync(new URL('../../../docs/language.md', import.meta.url), 'utf8');
  const section = page.slice(page.indexOf('## What a filter matches'), page.indexOf('\n## ', page.indexOf('## What a filter matches') + 1));
  return new Map([...section.matchAll(/^(\d+)\. \*\*([^*]+?)\.?\*\*/gm)].map((m) => [Number(m[1]), m[2]!]));
}

const RULE_NUMBERS = Object.keys(LANGUAGE_RULES).map(Number) as LanguageRule[];

describe('every case pins a rule of docs/language.md', () => {
  test('the rules and their names are the numbered list of "What a filter matches"', () => {
    expect(Object.fromEntries(documentedRules())).toEqual(LANGUAGE_RULES);
  });

  test('every case names at least one rule, each once, and only rules that exist', () => {
    const wrong = CONTRACT_CASES.filter((c) => {
      const rules = rulesOf(c);
      return rules.length === 0 || new Set(rules).size !== rules.length || rules.some((r) => !RULE_NUMBERS.includes(r));
    });
    expect(wrong.map((c) => c.query)).toEqual([]);
  });

  test.for(RULE_NUMBERS)('rule %i has a case', (rule) => {
    expect(CONTRACT_CASES.filter((c) => rulesOf(c).includes(rule)).length).toBeGreaterThan(0);
  });
});
