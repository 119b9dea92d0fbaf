/** docs/tooling.md: its TypeScript examples run, type-check and give the values they show; its table lists every warning code. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { WARNING_CODES } from '../../src/tooling/warnings.js';
import { runTypeScript, typeErrors, typeScriptExamples } from './typescript-examples.js';

const FILE = 'docs/tooling.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');
const examples = typeScriptExamples(markdown, FILE);

describe(FILE, () => {
  test('has an example that runs', () => {
    expect(examples.length).toBeGreaterThanOrEqual(1);
  });

  test.for(examples)('line $line runs as shown', async (example) => {
    expect(await runTypeScript(example)).toEqual({ ok: true });
  });

  test('the TypeScript examples compile in a strict project', () => {
    expect(typeErrors(examples)).toEqual([]);
  });

  test.for(Object.keys(WARNING_CODES))('lists %s, as docs/errors.md does', (code) => {
    expect(markdown).toContain(`| \`${code}\` |`);
    expect(readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')).toContain(`| \`${code}\` |`);
  });
});
