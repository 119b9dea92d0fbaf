/**
 * The examples of docs/language.md are part of the specification: `tql` blocks must validate,
 * `tql error` blocks must fail with exactly the message in the `text` block after them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { check } from '../../src/api/check.js';
import { isTqlError } from '../../src/errors/tql-error.js';
import { schedulingSchema, type SchedulingEntityName } from '../../src/models/scheduling/schema.js';
import type { Profile } from '../../src/parser/options.js';

// ---- reading the examples ----

interface Example {
  readonly query: string;
  readonly profile: Profile;
  readonly error: string | undefined;
  readonly line: number;
}

function examples(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/^( *)```([^\n]*)\n([\s\S]*?)^\1```$/gm)].map((m) => ({
    info: m[2]!.trim(),
    body: m[3]!.replace(new RegExp(`^${m[1]}`, 'gm'), '').replace(/\n$/, ''),
    line: markdown.slice(0, m.index).split('\n').length,
  }));
  const out: Example[] = [];
  blocks.forEach((b, i) => {
    const [lang, ...attrs] = b.info.split(/\s+/);
    if (lang !== 'tql') return;
    const profile = (attrs.find((a) => a.startsWith('profile='))?.slice(8) ?? 'extended') as Profile;
    const isError = attrs.includes('error');
    const next = blocks[i + 1];
    if (isError && next?.info !== 'text') throw new Error(`docs/language.md:${b.line}: a tql error block needs a text block after it`);
    out.push({ query: b.body, profile, error: isError ? next!.body : undefined, line: b.line });
  });
  return out;
}

function entityOf(query: string): SchedulingEntityName {
  return /^[\s~(]*([a-z_]+)\./.exec(query)![1] as SchedulingEntityName;
}

// ---- tests ----

const all = examples(readFileSync(new URL('../../docs/language.md', import.meta.url), 'utf8'));

describe('docs/language.md', () => {
  test('has examples of both kinds', () => {
    expect(all.filter((e) => e.error === undefined).length).toBeGreaterThan(15);
    expect(all.filter((e) => e.error !== undefined).length).toBeGreaterThan(8);
  });

  test.for(all.filter((e) => e.error === undefined))('line $line: $query', ({ query, profile }) => {
    expect(() => check(query, schedulingSchema, entityOf(query), { profile })).not.toThrow();
  });

  test.for(all.filter((e) => e.error !== undefined))('line $line: $query is rejected', ({ query, profile, error }) => {
    let message: string | undefined;
    try {
      check(query, schedulingSchema, entityOf(query), { profile });
    } catch (e) {
      message = isTqlError(e) ? e.message : `not a TqlError: ${String(e)}`;
    }
    expect(message).toBe(error);
  });
});
