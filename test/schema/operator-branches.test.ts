/**
 * What an operator is lives in one table (src/schema/operators.ts, with the spellings in
 * src/ast/nodes.ts): elsewhere in src/, code reads its facts and never tests for an operator by
 * name, so a new operator cannot be missed by a branch the compiler does not see.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { OPERATORS } from '../../src/ast/nodes.js';

const SRC = new URL('../../src/', import.meta.url).pathname;
const OWNERS = new Set(['schema/operators.ts', 'ast/nodes.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The code of a file without its comments (doc examples may name operators). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const spelling = `'(?:${[...OPERATORS].sort((a, b) => b.length - a.length).join('|')})'`;
/** `x === 'LIKE'`, `'LIKE' !== x`, `operators.includes('LIKE')`. */
const BRANCH = new RegExp(`(?:===|!==)\\s*${spelling}|${spelling}\\s*(?:===|!==)|\\.includes\\(\\s*${spelling}\\s*\\)`, 'g');

test('no branch on an operator’s name in src/ outside the operator table', () => {
  const found = sourceFiles(SRC).flatMap((file) => {
    const path = relative(SRC, file);
    if (OWNERS.has(path)) return [];
    return [...withoutComments(readFileSync(file, 'utf8')).matchAll(BRANCH)].map((m) => `${path}: ${m[0]}`);
  });
  expect(found).toEqual([]);
});

test('the pattern finds each form of branch it forbids', () => {
  const code = `if (op === 'LIKE') a(); if ('IN' !== c.operator) b(); if (a.operators.includes('STARTS_WITH')) c();\n// op === 'EQ' in a comment\n`;
  expect([...withoutComments(code).matchAll(BRANCH)].map((m) => m[0])).toEqual(["=== 'LIKE'", "'IN' !==", ".includes('STARTS_WITH')"]);
});
