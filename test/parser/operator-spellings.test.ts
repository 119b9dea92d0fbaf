/**
 * The grammars list the operators (an Ohm rule and a TextMate regex cannot import a TypeScript
 * table): scripts/write-operator-grammar.ts writes both lists from OPERATOR_FACTS, and these
 * tests prove the committed files are what it writes, each list exactly OPERATORS, longest
 * spelling first where a shorter one is its prefix (PEG and regex alternatives are ordered), and
 * that a new operator needs no hand edit of either grammar.
 */
import { readFileSync } from 'node:fs';
import * as ohm from 'ohm-js';
import { expect, test } from 'vitest';
import { OHM_FILE, ohmWithOperators, TEXTMATE_FILE, textMateWithOperators } from '../../scripts/write-operator-grammar.js';
import { OPERATORS } from '../../src/ast/nodes.js';

const read = (file: string): string => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** No alternative may be shadowed by an earlier one that is a prefix of it. */
function shadowed(alternatives: readonly string[]): string[] {
  return alternatives.filter((a, i) => alternatives.slice(0, i).some((earlier) => a.startsWith(earlier)));
}

const OHM_RULE = /\n {2}operator {2}\(an operator: ([^)]*)\)\n {4}= \(([^)]*)\) ~identChar/;
const ohmAlternatives = (text: string) => OHM_RULE.exec(text)?.[2]!.split('|').map((a) => JSON.parse(a.trim()) as string) ?? [];
/** The `begin` of the TextMate rule whose match is scoped as a comparison operator. */
function textMateAlternatives(text: string): string[] {
  const begins: string[] = [];
  JSON.parse(text, (key, value: unknown) => {
    if (key === 'begin' && typeof value === 'string') begins.push(value);
    return value;
  });
  const begin = begins.find((b) => b.includes('EQ|'));
  return /\(\?:([A-Z_|]+)\)/.exec(begin ?? '')?.[1]!.split('|') ?? [];
}

test.each([
  [OHM_FILE, ohmWithOperators],
  [TEXTMATE_FILE, textMateWithOperators],
])('%s is what scripts/write-operator-grammar.ts writes from OPERATOR_FACTS (npm run generate)', (file, write) => {
  const committed = read(file);
  expect(write(committed, OPERATORS)).toBe(committed);
});

test.each([
  ['grammar/tql.ohm operator rule', ohmAlternatives(read(OHM_FILE))],
  ['grammar/tql.tmLanguage.json comparison operator', textMateAlternatives(read(TEXTMATE_FILE))],
])('%s lists exactly OPERATORS, none shadowed', (_, alternatives) => {
  expect([...alternatives].sort()).toEqual([...OPERATORS].sort());
  expect(shadowed(alternatives)).toEqual([]);
});

test('the Ohm rule names every operator in its description, in canonical order', () => {
  const described = OHM_RULE.exec(read(OHM_FILE))?.[1]!.replace(' or ', ', ').split(', ');
  expect(described).toEqual([...OPERATORS]);
});

test('with a throwaway NOT_STARTS_WITH in the table, both grammars take it and every other spelling, as whole words', () => {
  const spellings = [...OPERATORS, 'NOT_STARTS_WITH'];
  const grammar = ohm.grammar(ohmWithOperators(read(OHM_FILE), spellings));
  const matches = (text: string) => grammar.match(text, 'operator').succeeded();
  expect(spellings.filter((s) => !matches(s))).toEqual([]);
  expect(['NOT_STARTS', 'NOT_STARTS_WITHX', 'not_starts_with'].filter(matches)).toEqual([]);
  const textMate = textMateAlternatives(textMateWithOperators(read(TEXTMATE_FILE), spellings));
  expect([...textMate].sort()).toEqual([...spellings].sort());
  expect(shadowed(textMate)).toEqual([]);
});

test('a grammar file in another shape is refused with what the script expects, not rewritten', () => {
  expect(() => ohmWithOperators('TQL { operator = "EQ" }', OPERATORS)).toThrowErrorMatchingInlineSnapshot(`[Error: grammar/tql.ohm: the operator rule is not in the shape this script writes (//+ examples, //- examples, operator (an operator: …) = (…) ~identChar)]`);
  expect(() => textMateWithOperators('{}', OPERATORS)).toThrowErrorMatchingInlineSnapshot(`[Error: grammar/tql.tmLanguage.json: the comparison rule's begin is not in the shape this script writes ("(?<![^ \\\\t\\\\r\\\\n~])(?:A|B)…")]`);
});
