/**
 * The examples of docs/language.md are part of the specification: `tql` blocks must validate,
 * `tql error` blocks must fail with exactly the message in the `text` block after them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { runTql, tqlExamples } from './markdown-examples.js';

const all = tqlExamples(readFileSync(new URL('../../docs/language.md', import.meta.url), 'utf8'), 'docs/language.md');

describe('docs/language.md', () => {
  test('has examples of both kinds', () => {
    expect(all.filter((e) => e.error === undefined).length).toBeGreaterThan(15);
    expect(all.filter((e) => e.error !== undefined).length).toBeGreaterThan(8);
  });

  test.for(all.filter((e) => e.error === undefined))('line $line: $query', (example) => {
    expect(runTql(example)).toEqual({ ok: true });
  });

  test.for(all.filter((e) => e.error !== undefined))('line $line: $query is rejected', (example) => {
    const outcome = runTql(example);
    expect(outcome.ok ? undefined : outcome.message).toBe(example.error);
  });
});
