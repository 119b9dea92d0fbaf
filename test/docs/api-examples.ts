/**
 * Running the `@example` blocks of the public API's doc comments: each becomes a module under
 * `.tmp/api-examples/` that imports what the example uses from the package's entry points (the
 * example's own entry first, since names such as `tqlWhere` exist in several) and the fixtures
 * of `api-example-fixtures.ts` (sample records, a query, databases), then is type-checked with
 * the project's strict options and run. `expr; // → value` lines are asserted, as in the docs.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DeclarationReflection, ProjectReflection, Reflection } from 'typedoc';
import { entries } from '../../tsup.config.js';
import * as fixtureModule from './api-example-fixtures.js';
import { typeErrors, withSourceSpecifiers } from './typescript-examples.js';

const ROOT = new URL('../../', import.meta.url);
const OUT = new URL('.tmp/api-examples/', ROOT);

/** One `@example`: where it is documented and its code. */
export interface ApiExample {
  /** `tql/sql.compileSql` */
  readonly name: string;
  /** The package specifier of its module: `tql/sql`. */
  readonly module: string;
  readonly code: string;
}

/** What each module exports, values and types apart. */
export interface ModuleExports {
  readonly specifier: string;
  readonly values: readonly string[];
  readonly types: readonly string[];
}

export interface ApiExamples {
  readonly modules: readonly ModuleExports[];
  readonly examples: readonly ApiExample[];
}

/** The specifier of a typedoc module (`tql`, `tql/sql`, …, named so by their `@module` tags). */
function specifierOf(module: Reflection): string {
  return module.name;
}

/** Every example of the converted project, and the exports of each module. */
export async function apiExamples(project: ProjectReflection): Promise<ApiExamples> {
  const modules = await Promise.all(
    (project.children ?? []).map(async (m): Promise<ModuleExports> => {
      // What the module exports at run time is a value; the rest of what typedoc lists, a type.
      const runtime = new Set(Object.keys(await import(/* @vite-ignore */ fileURLToPath(new URL(sourceOf(specifierOf(m)).replace(/\.js$/, '.ts'), ROOT)))));
      const names = (m.children ?? []).map((c) => c.name);
      return { specifier: specifierOf(m), values: names.filter((n) => runtime.has(n)), types: names.filter((n) => !runtime.has(n)) };
    }),
  );
  const examples: ApiExample[] = [];
  for (const m of project.children ?? []) {
    const visit = (r: DeclarationReflection, path: string): void => {
      const comments = [r.comment, ...(r.signatures ?? []).map((s) => s.comment), ...(r.getSignature ? [r.getSignature.comment] : [])];
      let n = 0;
      for (const comment of comments) {
        for (const tag of comment?.blockTags ?? []) {
          if (tag.tag !== '@example') continue;
          const text = tag.content.map((part) => part.text).join('');
          const code = /```(?:ts|typescript)?\n([\s\S]*?)```/.exec(text)?.[1] ?? text;
          examples.push({ name: `${path}${n++ === 0 ? '' : `#${n}`}`, module: specifierOf(m), code });
        }
      }
      for (const child of r.children ?? []) visit(child, `${path}.${child.name}`);
    };
    for (const child of m.children ?? []) visit(child, `${specifierOf(m)}.${child.name}`);
  }
  return { modules, examples };
}

/** Names the example declares itself (`const q = …`, `function f`, `class C`, parameters aside). */
function declared(code: string): Set<string> {
  const names = new Set<string>();
  for (const m of code.matchAll(/\b(?:const|let|var|function|class|interface|type)\s+([A-Za-z_$][\w$]*)/g)) names.add(m[1]!);
  for (const m of code.matchAll(/\b(?:const|let|var)\s*\{([^}]*)\}/g)) for (const n of m[1]!.split(',')) names.add(n.split(':').pop()!.trim());
  for (const m of code.matchAll(/\b(?:const|let|var)\s*\[([^\]]*)\]/g)) for (const n of m[1]!.split(',')) names.add(n.trim());
  // What the example imports itself.
  for (const m of code.matchAll(/^import\s+(?:type\s+)?([A-Za-z_$][\w$]*)?\s*,?\s*(?:\*\s+as\s+([A-Za-z_$][\w$]*))?\s*(?:\{([^}]*)\})?\s*from/gm)) {
    if (m[1] !== undefined) names.add(m[1]);
    if (m[2] !== undefined) names.add(m[2]);
    for (const n of (m[3] ?? '').split(',')) names.add(n.replace(/^\s*type\s+/, '').split(/\s+as\s+/).pop()!.trim());
  }
  return names;
}

/**
 * Import lines for an example of `own`'s entry: each name it uses and does not declare, from its
 * own entry first, then from the others.
 */
function imports(examples: ApiExamples, own: string, code: string, root: string): string {
  const used = new Set(code.match(/[A-Za-z_$][\w$]*/g) ?? []);
  const local = declared(code);
  const taken = new Set<string>();
  const ordered = [...examples.modules].sort((a, b) => (a.specifier === own ? -1 : b.specifier === own ? 1 : 0));
  const lines: string[] = [];
  const importFixtures = () => {
    const fixtures = FIXTURE_NAMES.filter((n) => used.has(n) && !local.has(n) && !taken.has(n));
    for (const n of fixtures) taken.add(n);
    if (fixtures.length > 0) lines.push(`import { ${fixtures.join(', ')} } from '${root}test/docs/api-example-fixtures.js';`);
  };
  // The example's own module first, then the fixtures (a free `text` is a query text, not the
  // AST builder of tql/ast), then the other modules.
  for (const [i, m] of ordered.entries()) {
    if (i === 1) importFixtures();
    const pick = (names: readonly string[]) => names.filter((n) => used.has(n) && !local.has(n) && !taken.has(n));
    const values = pick(m.values);
    const types = pick(m.types);
    for (const n of [...values, ...types]) taken.add(n);
    if (values.length + types.length === 0) continue;
    lines.push(`import { ${[...values, ...types.map((t) => `type ${t}`)].join(', ')} } from '${root}${sourceOf(m.specifier)}';`);
  }
  if (ordered.length <= 1) importFixtures();
  return lines.join('\n');
}

function sourceOf(specifier: string): string {
  const name = specifier === 'tql' ? 'index' : specifier.slice('tql/'.length);
  const source = (entries as Record<string, string>)[name];
  if (source === undefined) throw new Error(`no entry for ${specifier}`);
  return source.replace(/\.ts$/, '.js');
}

/**
 * Writes, type-checks and runs every example; returns the failures as `name: what went wrong`
 * (an empty list when all pass).
 */
export async function runApiExamples(examples: ApiExamples): Promise<string[]> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const modules = examples.examples.map((e, i) => {
    const path = fileURLToPath(new URL(`${String(i).padStart(3, '0')}-${e.name.replace(/\W+/g, '-')}.ts`, OUT));
    const asserted = e.code.replace(/^(\s*)(.+?);\s*\/\/ → (.+)$/gm, '$1assertShown($2, $3);');
    // What the example imports itself it keeps (pointed at the sources); what else it uses is imported here.
    const body = withSourceSpecifiers(asserted, '../../', e.name);
    const imported = body.match(/^import\s.*$/gm) ?? [];
    const source = [
      `// ${e.name}, written by test/docs/api-examples.ts.`,
      `import { deepStrictEqual as assertShown } from 'node:assert/strict';`,
      ...imported,
      imports(examples, e.module, e.code, '../../'),
      body.replace(/^import\s.*$/gm, ''),
      'export {};',
    ].join('\n');
    writeFileSync(path, source);
    return { path, example: e };
  });
  const failures = typeErrors(modules).map((line) => `type error: ${line}`);
  for (const m of modules) {
    try {
      await import(/* @vite-ignore */ `${m.path}?run=${Date.now()}`);
    } catch (error) {
      failures.push(`${m.example.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return failures;
}

/** The names api-example-fixtures.ts provides. */
const FIXTURE_NAMES: readonly string[] = Object.keys(fixtureModule);
