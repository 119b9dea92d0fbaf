/** docs/openapi.md: its TypeScript examples run, type-check and give the values they show. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { runTypeScript, typeErrors, typeScriptExamples } from './typescript-examples.js';

const FILE = 'docs/openapi.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');
const examples = typeScriptExamples(markdown, FILE);

describe(FILE, () => {
  test('has examples that run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(2);
  });

  test.for(examples)('line $line runs as shown', async (example) => {
    expect(await runTypeScript(example)).toEqual({ ok: true });
  });

  test('the TypeScript examples compile in a strict project', () => {
    expect(typeErrors(examples)).toEqual([]);
  });
});
