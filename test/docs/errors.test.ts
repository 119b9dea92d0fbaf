/**
 * docs/errors.md is the reference of every error code: each code of ERROR_CODES has a section, and
 * each example of a section fails with that section's code and exactly the message shown.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES } from '../../src/errors/codes.js';
import { codeBlocks, runTql, tqlExamples } from './markdown-examples.js';
import { runTypeScript, typeErrors, typeScriptExamples } from './typescript-examples.js';

const FILE = 'docs/errors.md';
const markdown = readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8');
const sectionCode = (section: string) => section.replace(/`/g, '');

// The sections of error codes (headed `code`); the Warnings section at the end is not one.
const sections = [...markdown.matchAll(/^## +(`.+)$/gm)].map((m) => sectionCode(m[1]!));
const tql = tqlExamples(markdown, FILE).map((e) => ({ ...e, code: sectionCode(e.section) }));
const typescript = typeScriptExamples(markdown, FILE).map((e) => ({ ...e, code: sectionCode(e.section) }));

describe('docs/errors.md', () => {
  test('has one section per error code, in the order of ERROR_CODES', () => {
    expect(sections).toEqual(Object.keys(ERROR_CODES));
  });

  test.for(Object.keys(ERROR_CODES))('%s has an example that fails with its message', (code) => {
    const examples = [...tql, ...typescript].filter((e) => e.code === code && e.error !== undefined);
    expect(examples.length).toBeGreaterThan(0);
  });

  test('every code the page links to is a real code', () => {
    const named = [...markdown.matchAll(/\(#([a-z_]+)\)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((n) => !(n! in ERROR_CODES))).toEqual([]);
  });

  test('every example is an error example: the page only shows failures', () => {
    const shown = codeBlocks(markdown).filter((b) => b.section !== '' && b.lang !== 'text');
    expect(shown.filter((b) => !b.attributes.includes('error')).map((b) => b.line)).toEqual([]);
  });

  test.for(tql)('line $line ($code): $query', (example) => {
    expect(runTql(example)).toEqual({ ok: false, code: example.code, message: example.error });
  });

  test.for(typescript)('line $line ($code): TypeScript example', async (example) => {
    expect(await runTypeScript(example)).toEqual({ ok: false, code: example.code, message: example.error });
  });

  test('the TypeScript examples compile in a strict project', () => {
    expect(typeErrors(typescript)).toEqual([]);
  });
});
