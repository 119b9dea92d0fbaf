/**
 * No module of src/ imports itself through others: each can be read, tested and loaded after the
 * modules it imports. A type shared by two modules that would import each other moves to the module
 * it belongs to (or states the little it needs where it is used); an import made lazy does not
 * count as a fix, since `import()` is an edge here too.
 */
import { expect, test } from 'vitest';
import { importCycles, importGraph, importSpecifiers } from '../support/import-graph.js';
import { sourceFiles, SRC } from '../support/source-files.js';

test('src/ has no import cycle, type-only imports included', () => {
  const graph = importGraph(SRC, sourceFiles(SRC));
  // Guards against a walker that silently finds no edges after a change of the import style.
  expect([...graph.values()].reduce((n, targets) => n + targets.length, 0)).toBeGreaterThan(1000);
  expect(graph.get('cli/command.ts')).toEqual(['cli/io.ts']);
  expect(importCycles(graph)).toEqual([]);
});

test.each([
  ["import { a } from './a.js';", ['./a.js']],
  ["import type { A } from '../a.js';", ['../a.js']],
  ["import { type A, b } from './a.js';\nexport { c } from './c.js';\nexport * from './d.js';", ['./a.js', './c.js', './d.js']],
  ["const m = await import('./lazy.js');", ['./lazy.js']],
  ["import ts from 'typescript';\nimport { readFileSync } from 'node:fs';", []],
  ["// import { a } from './a.js';\nconst s = \"from './b.js'\";", []],
])('the imports of %j are %j', (code, expected) => {
  expect(importSpecifiers(code)).toEqual(expected);
});

test.each<[string, Record<string, string[]>, string[]]>([
  ['no edge', { 'a.ts': [], 'b.ts': [] }, []],
  ['a chain', { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }, []],
  ['a diamond', { 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['d.ts'], 'c.ts': ['d.ts'], 'd.ts': [] }, []],
  ['two modules', { 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] }, ['a.ts → b.ts → a.ts']],
  ['a module importing itself', { 'a.ts': ['a.ts'], 'b.ts': ['a.ts'] }, ['a.ts → a.ts']],
  ['three modules behind a fourth', { 'x.ts': ['c.ts'], 'c.ts': ['a.ts'], 'a.ts': ['b.ts'], 'b.ts': ['c.ts'] }, ['a.ts → b.ts → c.ts → a.ts']],
  ['two separate cycles', { 'a.ts': ['b.ts'], 'b.ts': ['a.ts', 'c.ts'], 'c.ts': ['d.ts'], 'd.ts': ['c.ts'] }, ['c.ts → d.ts → c.ts', 'a.ts → b.ts → a.ts']],
  ['one component, its shortest cycle shown', { 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'] }, ['a.ts → c.ts → a.ts']],
])('%s: %j has the cycles %j', (_, graph, expected) => {
  expect(importCycles(new Map(Object.entries(graph)))).toEqual(expected);
});
