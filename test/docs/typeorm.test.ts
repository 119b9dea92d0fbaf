/**
 * docs/typeorm.md: its TypeScript examples run (on better-sqlite3 through TypeORM), type-check
 * and give the values they show.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { testTypeScriptExamples, typeScriptExamples } from './typescript-examples.js';

const FILE = 'docs/typeorm.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');
const examples = typeScriptExamples(markdown, FILE);

describe(FILE, () => {
  test('has an example that runs and one that fails', () => {
    expect(examples.filter((e) => e.error === undefined).length).toBeGreaterThanOrEqual(1);
    expect(examples.filter((e) => e.error !== undefined).length).toBeGreaterThanOrEqual(1);
  });

  testTypeScriptExamples(examples);
});
