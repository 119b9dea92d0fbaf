/**
 * The grammars list the operators by hand (an Ohm rule and a TextMate regex cannot import a
 * TypeScript table): these tests prove each list is exactly OPERATORS, longest spelling first
 * where a shorter one is its prefix (PEG and regex alternatives are ordered).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { OPERATORS } from '../../src/ast/nodes.js';

const read = (file: string): string => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** No alternative may be shadowed by an earlier one that is a prefix of it. */
function shadowed(alternatives: readonly string[]): string[] {
  return alternatives.filter((a, i) => alternatives.slice(0, i).some((earlier) => a.startsWith(earlier)));
}

const ohmRule = /\n {2}operator {2}\(an operator: ([^)]*)\)\n {4}= \(([^)]*)\) ~identChar/.exec(read('grammar/tql.ohm'));
const ohmAlternatives = ohmRule?.[2]!.split('|').map((a) => JSON.parse(a.trim()) as string) ?? [];
/** The `begin` of the TextMate rule whose match is scoped as a comparison operator. */
function textMateOperators(): string[] {
  const begins: string[] = [];
  JSON.parse(read('grammar/tql.tmLanguage.json'), (key, value: unknown) => {
    if (key === 'begin' && typeof value === 'string') begins.push(value);
    return value;
  });
  const begin = begins.find((b) => b.includes('EQ|'));
  return /\(\?:([A-Z_|]+)\)/.exec(begin ?? '')?.[1]!.split('|') ?? [];
}
const textMateAlternatives = textMateOperators();

test.each([
  ['grammar/tql.ohm operator rule', ohmAlternatives],
  ['grammar/tql.tmLanguage.json comparison operator', textMateAlternatives],
])('%s lists exactly OPERATORS, none shadowed', (_, alternatives) => {
  expect([...alternatives].sort()).toEqual([...OPERATORS].sort());
  expect(shadowed(alternatives)).toEqual([]);
});

test('the Ohm rule names every operator in its description, in canonical order', () => {
  const described = ohmRule?.[1]!.replace(' or ', ', ').split(', ');
  expect(described).toEqual([...OPERATORS]);
});
