/**
 * docs/testing.md: its TypeScript examples run, type-check and give the values they show, and the
 * report it prints is what formatReport writes for that backend.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defineSchema } from '../../src/schema/define-schema.js';
import { checkAgreement, formatReport } from '../../src/testing/index.js';
import type { Condition } from '../../src/validate/validated-query.js';
import type { TestRecord } from '../../src/testing/index.js';
import { runTypeScript, typeErrors, typeScriptExamples } from './typescript-examples.js';

const FILE = 'docs/testing.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');
const examples = typeScriptExamples(markdown, FILE);

describe(FILE, () => {
  test('has examples that run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
  });

  test.for(examples)('line $line runs as shown', async (example) => {
    expect(await runTypeScript(example)).toEqual({ ok: true });
  });

  test('the TypeScript examples compile in a strict project', () => {
    expect(typeErrors(examples)).toEqual([]);
  });

  test('the report it shows is what formatReport writes for a backend that folds case on EQ', async () => {
    const shown = /shows it as:\n\n```text\n([\s\S]*?)\n```/.exec(markdown)![1]!;
    const schema = defineSchema({ entities: { person: { attributes: { name: { type: 'String' } } } } });
    let records: readonly TestRecord[] = [];
    const caseless = {
      load: (rs: readonly TestRecord[]) => void (records = rs),
      run: (q: { condition: Condition }) => {
        const c = q.condition as Condition & { kind: 'Comparison' };
        return records.filter((r) => typeof r['name'] === 'string' && r['name'].toLowerCase() === String(c.value).toLowerCase()).map((r) => r['id']);
      },
    };
    const report = await checkAgreement({ schema, entity: 'person', ...caseless, runs: 100, seed: 12345, operators: ['EQ'], depth: 0 });
    const written = formatReport(report).replace(/path: "[^"]*"/, 'path: "…"').replace(/after \d+ datasets and \d+ queries/, 'after … datasets and … queries');
    expect(written).toBe(shown);
  });
});
