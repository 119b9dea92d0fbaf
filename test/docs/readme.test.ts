/**
 * README.md: every TypeScript example runs (as `ts run` blocks), type-checks and gives the values
 * it shows, so the first code a reader copies works.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { blocksOf } from './markdown-examples.js';
import { testTypeScriptExamples, typeScriptExamples } from './typescript-examples.js';

const FILE = 'README.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');
const examples = typeScriptExamples(markdown, FILE);

describe('README.md', () => {
  test('every TypeScript block is run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(1);
    expect(blocksOf(markdown, 'ts', FILE).filter((b) => !b.attributes.includes('run') && !b.attributes.includes('error')).map((b) => b.line)).toEqual([]);
  });

  testTypeScriptExamples(examples);
});
