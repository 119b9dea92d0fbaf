/**
 * docs/backend-authors.md: its examples run and type-check, so the backend written there against
 * `tql/backend` alone passes every case of the contract, the arrays-of-scalars suite passes in memory, the dialect there keeps the
 * compile-only contract, and a refusal points into the query as shown.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { testTypeScriptExamples, typeScriptExamples } from './typescript-examples.js';

const FILE = 'docs/backend-authors.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');
const examples = typeScriptExamples(markdown, FILE);

describe('docs/backend-authors.md', () => {
  test('has the two contracts, a backend and a dialect that run, and a refusal', () => {
    expect(examples.filter((e) => e.error === undefined).length).toBe(4);
    expect(examples.filter((e) => e.error !== undefined).length).toBe(1);
  });

  test('its backend imports tql/backend alone (and the suite it runs)', () => {
    const backend = examples.find((e) => e.body.includes('compilePlain'))!;
    expect([...backend.body.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual(['tql/backend', 'tql/scheduling']);
  });

  testTypeScriptExamples(examples);
});
