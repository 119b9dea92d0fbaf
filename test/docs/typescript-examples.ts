/**
 * Running the TypeScript examples of a docs page. Blocks marked ```` ```ts run ```` must run
 * without throwing; blocks marked ```` ```ts error ```` must throw a TqlError whose message is the
 * ```` ```text ```` block after them. Plain ```` ```ts ```` blocks are illustrations and are not run.
 *
 * A line `expression; // → value` states what the expression gives: the module asserts it
 * (`deepStrictEqual`), so the outputs a page shows are checked too.
 *
 * Each example becomes a module under `.tmp/docs-examples/` (gitignored) with the package's import
 * specifiers (`tql`, `tql/sql`, …) pointed at the sources, so the page shows what a user writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { entries } from '../../tsup.config.js';
import { blocksOf, outcomeOf, type ErrorBlock, type Outcome } from './markdown-examples.js';

const ROOT = new URL('../../', import.meta.url);
const OUT = new URL('.tmp/docs-examples/', ROOT);

/** The package's import specifiers and the source file each stands for: the build's own entries. */
const ENTRY_POINTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(entries).map(([name, source]) => [name === 'index' ? 'tql' : `tql/${name}`, source.replace(/\.ts$/, '.js')]),
);

/**
 * `source` with the package's specifiers (`from 'tql/sql'`) pointing at the sources, as seen from
 * a module `root` (`'../../'`) below the repository's root; `where` names the source in errors.
 */
export function withSourceSpecifiers(source: string, root: string, where: string): string {
  return source.replace(/(from\s+)'(tql(?:\/[a-z]+)?)'/g, (_whole, from: string, specifier: string) => {
    const target = ENTRY_POINTS[specifier];
    if (target === undefined) throw new Error(`${where}: tql has no entry point '${specifier}'`);
    return `${from}'${root}${target}'`;
  });
}

/** A runnable example, written out as a module. */
export interface TypeScriptExample extends ErrorBlock {
  /** Absolute path of the module. */
  readonly path: string;
}

/** Writes the `ts run` and `ts error` blocks of a page as modules, and returns them. */
export function typeScriptExamples(markdown: string, file: string): TypeScriptExample[] {
  mkdirSync(OUT, { recursive: true });
  return blocksOf(markdown, 'ts', file)
    .filter((b) => b.attributes.includes('run') || b.attributes.includes('error'))
    .map((b) => {
      const path = fileURLToPath(new URL(`${file.replace(/\W+/g, '-')}-line-${b.line}.ts`, OUT));
      const source = withSourceSpecifiers(b.body, '../../', `${file}:${b.line}`);
      const asserted = source.replace(/^(\s*)(.+?);\s*\/\/ → (.+)$/gm, '$1assertShown($2, $3);');
      const header = `// Written by test/docs/typescript-examples.ts from ${file}:${b.line}.\nimport { deepStrictEqual as assertShown } from 'node:assert/strict';\n`;
      writeFileSync(path, `${header}${asserted}\n`);
      return { ...b, path };
    });
}

/** Imports (so runs) an example module. */
export async function runTypeScript(example: TypeScriptExample): Promise<Outcome> {
  try {
    // A query string makes each run a fresh module evaluation, also in watch mode.
    await import(/* @vite-ignore */ `${example.path}?run=${Date.now()}`);
    return { ok: true };
  } catch (e) {
    return outcomeOf(e);
  }
}

/**
 * The type errors of the example modules, as `file:line: message`, checked with the project's
 * compiler options so an example that would not compile in a user's strict project fails.
 */
export function typeErrors(examples: readonly { readonly path: string }[]): string[] {
  const configPath = fileURLToPath(new URL('tsconfig.json', ROOT));
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, fileURLToPath(ROOT));
  const program = ts.createProgram(
    examples.map((e) => e.path),
    { ...options, noUnusedLocals: false },
  );
  // Only the examples' own diagnostics: the rest of the tree is checked by `tsc --noEmit`.
  return examples.flatMap((e) => {
    const file = program.getSourceFile(e.path);
    if (file === undefined) return [`${e.path}: not in the program`];
    return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => {
      const { line } = file.getLineAndCharacterOfPosition(d.start ?? 0);
      return `${e.path}:${line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  });
}

/**
 * The tests of a page's TypeScript examples: each `ts run` block runs, each `ts error` block fails
 * with the message of the `text` block after it, and all compile in a strict project.
 */
export function testTypeScriptExamples(examples: readonly TypeScriptExample[]): void {
  test.for(examples)('line $line runs as shown', async (example) => {
    const expected = example.error === undefined ? { ok: true } : { ok: false, code: expect.any(String), message: example.error };
    expect(await runTypeScript(example)).toEqual(expected);
  });

  test('the TypeScript examples compile in a strict project', () => {
    expect(typeErrors(examples)).toEqual([]);
  });
}
