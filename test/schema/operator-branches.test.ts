/**
 * What an operator is lives in one table (src/schema/operators.ts, with the spellings in
 * src/ast/nodes.ts), and what a type is in another (src/schema/type-facts.ts, with the names in
 * src/schema/types.ts): elsewhere in src/, code reads their facts or a handler table keyed by
 * operator or type, and never tests for an operator or a type by name, so a new one cannot be
 * missed by a branch the compiler does not see.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect, test } from 'vitest';
import { OPERATORS } from '../../src/ast/nodes.js';
import { ATTRIBUTE_TYPES } from '../../src/schema/types.js';
import { sourceFiles, SRC } from '../support/source-files.js';

/** The code of a file with its comments blanked (doc examples may name operators and types), lines kept. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, (c) => c.replace(/[^\n]/g, ' '));

/** `'LIKE'` or `'STARTS_WITH'`: any of `names` quoted, longest first. */
const quoted = (names: readonly string[]) => `'(?:${[...names].sort((a, b) => b.length - a.length).join('|')})'`;

/**
 * `x === 'LIKE'`, `'LIKE' !== x`, `operators.includes('LIKE')`, and with `cases` also
 * `case 'Timestamp':` (a switch over a few operators, such as the order ones, is exhaustive
 * over its own narrowed union and stays allowed).
 */
const branchOn = (names: readonly string[], cases: boolean) => {
  const name = quoted(names);
  const caseForm = cases ? `|\\bcase\\s+${name}\\s*:` : '';
  return new RegExp(`(?:===|!==)\\s*${name}|${name}\\s*(?:===|!==)|\\.includes\\(\\s*${name}\\s*\\)${caseForm}`, 'g');
};

const OPERATOR_BRANCH = branchOn(OPERATORS, false);
const TYPE_BRANCH = branchOn(ATTRIBUTE_TYPES, true);

/** Each branch in the code outside comments, as `line: code`. */
function branchesIn(source: string, pattern: RegExp): string[] {
  const code = withoutComments(source);
  return [...code.matchAll(pattern)].map((m) => `${code.slice(0, m.index).split('\n').length}: ${m[0]}`);
}

/** Each branch in src/ outside `owners`, as `file:line: code`. */
function branches(pattern: RegExp, owners: ReadonlySet<string>): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const path = relative(SRC, file);
    return owners.has(path) ? [] : branchesIn(readFileSync(file, 'utf8'), pattern).map((b) => `${path}:${b}`);
  });
}

test('no branch on an operator’s name in src/ outside src/schema/operators.ts: read a fact or key a table by operator', () => {
  expect(branches(OPERATOR_BRANCH, new Set(['schema/operators.ts', 'ast/nodes.ts']))).toEqual([]);
});

test('no branch on a type’s name in src/ outside src/schema/type-facts.ts: read a fact or key a table by type', () => {
  expect(branches(TYPE_BRANCH, new Set(['schema/type-facts.ts', 'schema/types.ts']))).toEqual([]);
});

test('the pattern finds each form of branch it forbids, at its line', () => {
  const code = [
    "if (op === 'LIKE') a(); if ('IN' !== c.operator) b();",
    '/* a comment',
    "   naming op === 'EQ' */ if (a.operators.includes('STARTS_WITH')) c();",
    "// op === 'EQ' in a comment",
    "switch (a.type) { case 'Timestamp': d(); } if (a.type !== 'ID') e(); if (a.kind === 'text') f();",
  ].join('\n');
  expect(branchesIn(code, OPERATOR_BRANCH)).toEqual(["1: === 'LIKE'", "1: 'IN' !==", "3: .includes('STARTS_WITH')"]);
  expect(branchesIn(code, TYPE_BRANCH)).toEqual(["5: case 'Timestamp':", "5: !== 'ID'"]);
});
