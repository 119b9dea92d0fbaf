/**
 * docs/backends.md: its side-by-side section is what the compilers write today (regenerate it
 * with `npx tsx scripts/backends-doc.ts`), and its `tql` examples validate.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { EXAMPLES, withCurrentSection } from '../../scripts/backends-doc.js';
import { runTql, tqlExamples } from './markdown-examples.js';

const FILE = 'docs/backends.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');

describe('docs/backends.md', () => {
  test('the side-by-side section is up to date (npx tsx scripts/backends-doc.ts)', () => {
    expect(markdown).toBe(withCurrentSection(markdown));
  });

  test('shows every example query', () => {
    expect(tqlExamples(markdown, FILE).map((e) => e.query)).toEqual(EXAMPLES.map((e) => e.query));
  });

  test.for(tqlExamples(markdown, FILE))('line $line: $query', (example) => {
    expect(runTql(example)).toEqual({ ok: true });
  });

  test('names only predicates that the backends export', async () => {
    const exported = { ...(await import('../../src/backends/sql/index.js')), ...(await import('../../src/backends/mongo/index.js')) };
    const named = [...markdown.matchAll(/`([a-zA-Z]+FoldingDiffers|foldingDiffers)\(/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(2);
    for (const name of named) expect(typeof (exported as Record<string, unknown>)[name], name).toBe('function');
  });
});
