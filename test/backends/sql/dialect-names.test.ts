/**
 * Every difference between engines lives in the dialect objects: no file of src/ but the dialect
 * table's own compares a dialect's name, so a new dialect is one object and the facts it gives.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { SQL_DIALECTS } from '../../../src/backends/sql/dialects.js';
import { SRC, sourceFiles } from '../../support/source-files.js';

const ROOT = join(import.meta.dirname, '../../..');
/** The dialect table: the one file that may name each dialect. */
const ALLOWED = new Set(['src/backends/sql/dialects.ts']);

const names = Object.keys(SQL_DIALECTS).join('|');
/**
 * A comparison with a dialect's name, either side of `===`/`!==`/`==`/`!=`, or a `case` label; and
 * any comparison of something called `dialect` (or its `name`) with a string.
 */
const COMPARISONS = [
  new RegExp(`[=!]==?\\s*(['"\`])(${names})\\1`),
  new RegExp(`(['"\`])(${names})\\1\\s*[=!]==?`),
  new RegExp(`\\bcase\\s+(['"\`])(${names})\\1\\s*:`),
  // (not a typeof test: `typeof options.dialect === 'string'`)
  /\bdialect(?:\.name)?\s*[=!]==?\s*(['"`])(?!(?:string|object|function|undefined)\1)/i,
];

test('no file of src/ compares a dialect name, but the dialect table', () => {
  const found: string[] = [];
  for (const path of sourceFiles(SRC)) {
    const file = relative(ROOT, path).split('\\').join('/');
    if (ALLOWED.has(file)) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (COMPARISONS.some((c) => c.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});

test.each([
  ["dialect === 'sqlite'", true],
  ["db.dialect !== 'mysql' ? a : b", true],
  ["'duckdb' === d", true],
  ["  case 'postgres':", true],
  ['dialect.name === "citus"', true],
  ["const dialect = oneOf('dialect', options.dialect, DIALECTS, 'postgres', io);", false],
  ["facts.name === 'id'", false],
  ['schedulingDdl[db.dialect]', false],
  ["typeof options.dialect === 'string'", false],
  ["db.dialect === 'cockroach'", true],
])('the search finds %s: %s', (line, compares) => {
  expect(COMPARISONS.some((c) => c.test(line))).toBe(compares);
});
